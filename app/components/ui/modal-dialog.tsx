import * as Dialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { useEffect, useRef, type ReactNode } from "react";
import { useLocation } from "react-router";

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** Visually hide the title (it is still announced). */
  hideTitle?: boolean;
  description?: string;
  /** When set, Escape, backdrop clicks and route changes do not close the modal. */
  blockClose?: boolean;
  fullscreen?: boolean;
  /** "lg" for side-by-side content (the pricing cards). */
  size?: "md" | "lg";
  children: ReactNode;
}

/**
 * The global modal: closes on Escape, backdrop click and route change unless
 * `blockClose` is set; can be fullscreen.
 */
export default function ModalDialog({ open, onOpenChange, title, hideTitle, description, blockClose, fullscreen, size = "md", children }: ModalProps) {
  const location = useLocation();
  const firstLocation = useRef(location.key);

  useEffect(() => {
    if (!open) {
      firstLocation.current = location.key;
      return;
    }
    if (location.key !== firstLocation.current && !blockClose) onOpenChange(false);
    firstLocation.current = location.key;
    // Only a change of location should close the modal.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);

  const prevent = (event: Event) => {
    if (blockClose) event.preventDefault();
  };

  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next || !blockClose ? onOpenChange(next) : undefined)}>
      <Dialog.Portal>
        <Dialog.Overlay data-testid="modal-backdrop" className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          onEscapeKeyDown={prevent}
          onPointerDownOutside={prevent}
          onInteractOutside={prevent}
          aria-describedby={description ? undefined : undefined}
          className={
            fullscreen
              ? "fixed inset-0 z-50 overflow-y-auto bg-white p-6"
              : `fixed top-1/2 left-1/2 z-50 max-h-[90vh] ${size === "lg" ? "w-[min(48rem,calc(100vw-2rem))]" : "w-[min(32rem,calc(100vw-2rem))]"} -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl`
          }
        >
          <Dialog.Title className={hideTitle ? "sr-only" : "mb-4 pr-8 text-xl font-semibold"}>{title}</Dialog.Title>
          {description ? (
            <Dialog.Description className="mb-4 text-sm text-neutral-600">{description}</Dialog.Description>
          ) : (
            <Dialog.Description className="sr-only">{title}</Dialog.Description>
          )}
          {children}
          {blockClose ? null : (
            <Dialog.Close className="absolute top-4 right-4 rounded-full p-1 text-neutral-500 hover:bg-neutral-100" aria-label="Close">
              <X aria-hidden className="size-5" />
            </Dialog.Close>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
