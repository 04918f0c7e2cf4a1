import { Toaster as Sonner, toast as sonner } from "sonner";

/** The spec's default toast duration. */
export const TOAST_DURATION_MS = 5000;

export type ToastKind = "error" | "success" | "warning" | "info";

export function Toaster() {
  return <Sonner position="top-center" duration={TOAST_DURATION_MS} richColors closeButton />;
}

/** Show a toast of one of the four kinds, with an optional second line. */
export function toast(kind: ToastKind, title: string, description?: string) {
  return sonner[kind](title, { description, duration: TOAST_DURATION_MS });
}
