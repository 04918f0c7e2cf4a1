import { LoaderCircle } from "lucide-react";

/** A spinner with a label for screen readers (visible when `label` is shown). */
export function Loader({ label = "Loading", showLabel = false }: { label?: string; showLabel?: boolean }) {
  return (
    <div role="status" aria-live="polite" className="flex items-center justify-center gap-2 py-8 text-neutral-500">
      <LoaderCircle aria-hidden className="size-5 animate-spin" />
      <span className={showLabel ? "text-sm" : "sr-only"}>{label}</span>
    </div>
  );
}
