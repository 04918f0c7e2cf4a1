/**
 * Toasts (sonner), fetched after the page is interactive rather than with it:
 * a toast only ever follows something the visitor did.
 */
import { lazy, Suspense } from "react";
import { useHydrated } from "~/lib/use-hydrated";

/** The spec's default toast duration. */
export const TOAST_DURATION_MS = 5000;

export type ToastKind = "error" | "success" | "warning" | "info";

const Sonner = lazy(() => import("sonner").then((m) => ({ default: m.Toaster })));
export function Toaster() {
  const hydrated = useHydrated();
  return hydrated ? (
    <Suspense fallback={null}>
      <Sonner position="top-center" duration={TOAST_DURATION_MS} richColors closeButton />
    </Suspense>
  ) : null;
}

/** Show a toast of one of the four kinds, with an optional second line. */
export function toast(kind: ToastKind, title: string, description?: string) {
  void import("sonner").then(({ toast: sonner }) => sonner[kind](title, { description, duration: TOAST_DURATION_MS }));
}
