/** The global modal (see modal-dialog.tsx), loaded when it first opens. */
import { lazyOnOpen } from "./lazy-on-open";
import type { ModalProps } from "./modal-dialog";

export type { ModalProps };
export const Modal = lazyOnOpen<ModalProps>(() => import("./modal-dialog"));
