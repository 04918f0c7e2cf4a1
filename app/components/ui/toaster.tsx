/**
 * Toasts (sonner), fetched with the visitor's first gesture rather than with
 * the page: a toast only ever follows something the visitor did, so a page
 * that is only read never loads the toaster at all. Toasts raised before it
 * has mounted are not lost: sonner replays the active ones to a new Toaster.
 */
import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";

/** The spec's default toast duration. */
export const TOAST_DURATION_MS = 5000;

export type ToastKind = "error" | "success" | "warning" | "info";

const Sonner = lazy(() => import("sonner").then((m) => ({ default: m.Toaster })));

let wanted = false;
const listeners = new Set<() => void>();

function want() {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** What starts the toaster early: any gesture that could lead to a toast (a click, a key, a touch). */
const GESTURES = ["pointerdown", "keydown", "touchstart"] as const;

export function Toaster() {
  const mounted = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  useEffect(() => {
    if (mounted) return;
    for (const type of GESTURES) document.addEventListener(type, want, { once: true, passive: true, capture: true });
    return () => {
      for (const type of GESTURES) document.removeEventListener(type, want, { capture: true });
    };
  }, [mounted]);
  return mounted ? (
    <Suspense fallback={null}>
      <Sonner position="top-center" duration={TOAST_DURATION_MS} richColors closeButton />
    </Suspense>
  ) : null;
}

/** Show a toast of one of the four kinds, with an optional second line. */
export function toast(kind: ToastKind, title: string, description?: string) {
  want();
  void import("sonner").then(({ toast: sonner }) => sonner[kind](title, { description, duration: TOAST_DURATION_MS }));
}
