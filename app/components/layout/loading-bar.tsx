import { useEffect, useRef, useState } from "react";
import { useNavigation } from "react-router";

/** The spec's page-loading bar constants. */
export const LOADING_BAR = {
  durationMs: 2000,
  throttleMs: 200,
  hideDelayMs: 500,
  resetDelayMs: 400,
  heightPx: 3,
} as const;

/** Estimated progress after `elapsed` ms: fast at first, approaching 100 but never reaching it. */
export function estimatedProgress(elapsedMs: number, durationMs = LOADING_BAR.durationMs): number {
  return (2 / Math.PI) * 100 * Math.atan(((elapsedMs / durationMs) * 100) / 50);
}

/**
 * A thin bar at the top of the page while a navigation is pending. Quick
 * navigations (under the throttle) never show it.
 */
export function LoadingBar() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [progress, setProgress] = useState(0);
  const [visible, setVisible] = useState(false);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const tick = useRef<ReturnType<typeof setInterval> | undefined>(undefined);

  useEffect(() => {
    const clear = () => {
      timers.current.forEach(clearTimeout);
      timers.current = [];
      if (tick.current) clearInterval(tick.current);
      tick.current = undefined;
    };
    if (busy) {
      clear();
      const startedAt = Date.now();
      timers.current.push(
        setTimeout(() => {
          setVisible(true);
          tick.current = setInterval(() => setProgress(estimatedProgress(Date.now() - startedAt)), 100);
        }, LOADING_BAR.throttleMs),
      );
      return;
    }
    // Finished (or never started): complete the bar, then hide, then reset.
    clear();
    timers.current.push(setTimeout(() => setProgress((p) => (p > 0 ? 100 : 0)), 0));
    timers.current.push(
      setTimeout(() => {
        setVisible(false);
        timers.current.push(setTimeout(() => setProgress(0), LOADING_BAR.resetDelayMs));
      }, LOADING_BAR.hideDelayMs),
    );
    return clear;
  }, [busy]);

  return (
    <div
      data-testid="loading-bar"
      data-state={busy ? "loading" : "idle"}
      aria-hidden
      className="pointer-events-none fixed top-0 left-0 z-[60] bg-brand-500 transition-[width,opacity] duration-100 ease-out"
      style={{ height: LOADING_BAR.heightPx, width: `${progress}%`, opacity: visible ? 1 : 0 }}
    />
  );
}
