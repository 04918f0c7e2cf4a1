/**
 * "Near me": asks the browser for the visitor's position (only on click) and
 * reloads Explore ordered by distance. The position goes to our server only
 * rounded to about 100 m, in the address, and is kept nowhere.
 */
import { LocateFixed } from "lucide-react";
import { useState } from "react";
import { useNavigate, useSearchParams } from "react-router";

export function NearMeButton() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [state, setState] = useState<"idle" | "locating" | "denied" | "unavailable">("idle");
  const active = params.has("near");

  const locate = () => {
    if (!("geolocation" in navigator)) return setState("unavailable");
    setState("locating");
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        setState("idle");
        const next = new URLSearchParams(params);
        next.set("near", `${pos.coords.latitude.toFixed(3)},${pos.coords.longitude.toFixed(3)}`);
        next.delete("page");
        void navigate(`?${next}`);
      },
      (error) => setState(error.code === error.PERMISSION_DENIED ? "denied" : "unavailable"),
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 300_000 },
    );
  };

  const clear = () => {
    const next = new URLSearchParams(params);
    next.delete("near");
    next.delete("page");
    void navigate(next.size ? `?${next}` : "?");
  };

  return (
    <div className="flex flex-wrap items-center gap-2">
      <button
        type="button"
        onClick={active ? clear : locate}
        disabled={state === "locating"}
        aria-pressed={active}
        className="inline-flex items-center gap-2 rounded-full border border-neutral-300 px-4 py-2 text-sm font-semibold hover:border-brand-500 aria-pressed:border-brand-600 aria-pressed:bg-brand-50 disabled:opacity-60"
        data-testid="near-me"
      >
        <LocateFixed aria-hidden className="size-4" /> {state === "locating" ? "Finding you…" : "Near me"}
      </button>
      <span role="status" className="text-sm text-neutral-700">
        {state === "denied"
          ? "Location is off: allow it in your browser to see spots near you."
          : state === "unavailable"
            ? "Your location is not available right now."
            : ""}
      </span>
    </div>
  );
}
