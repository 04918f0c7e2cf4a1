/**
 * A list linked to a map, both ways: pointing at a row selects its spot (its
 * pin lights up); choosing a pin selects it and scrolls its row into view.
 */
import { useCallback, useRef, useState } from "react";

export function useLinkedList() {
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const rows = useRef(new Map<string, HTMLElement>());

  const selectFromMap = useCallback((id: string) => {
    setSelectedId(id);
    rows.current.get(id)?.scrollIntoView({ block: "nearest", behavior: "smooth" });
  }, []);

  /** Props for a row (`li`) and for its link. */
  const rowProps = (id: string) => ({
    ref: (el: HTMLElement | null) => {
      if (el) rows.current.set(id, el);
      else rows.current.delete(id);
    },
    "data-selected": id === selectedId,
  });
  const linkProps = (id: string) => ({ onMouseEnter: () => setSelectedId(id), onFocus: () => setSelectedId(id) });

  return { selectedId, selectFromMap, rowProps, linkProps };
}
