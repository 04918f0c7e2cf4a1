/**
 * Where the caret goes after a toolbar edit of a textarea (Bold, Heading, an inserted image):
 * set once React has written the new value, in the same commit. Deferred to the next animation
 * frame it could land after the writer's next key (End, then typing), and replace what they
 * had just formatted with what they typed next.
 */
import { useLayoutEffect, useRef, type RefObject } from "react";

export interface TextSelection {
  start: number;
  end: number;
}

/** Returns `select(selection)`: call it with the state update that changes the textarea's value. */
export function useSelectionAfterEdit(textarea: RefObject<HTMLTextAreaElement | null>): (selection: TextSelection) => void {
  const pending = useRef<TextSelection | null>(null);
  useLayoutEffect(() => {
    const selection = pending.current;
    const el = textarea.current;
    if (!selection || !el) return;
    pending.current = null;
    el.focus();
    el.setSelectionRange(selection.start, selection.end);
  });
  return (selection) => {
    pending.current = selection;
  };
}
