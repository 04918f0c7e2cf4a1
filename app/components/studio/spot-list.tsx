/**
 * The map's spots in their public order. Rows are dragged to reorder
 * (@dnd-kit/sortable) or moved with the keyboard: focus a row's handle, then
 * ↑/↓ move it one place (announced for screen readers). The list is
 * virtualised (@tanstack/react-virtual): a 500-spot map renders the rows in
 * view, not 500. A spot's private labels (imported Takeout tags) show under
 * its name; the editor may pass a filtered list (`numberOf` then gives each
 * row its place in the whole order).
 */
import { closestCenter, DndContext, PointerSensor, useSensor, useSensors, type DragEndEvent, type Modifier } from "@dnd-kit/core";
import { SortableContext, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useVirtualizer } from "@tanstack/react-virtual";
import { GripVertical, Trash2 } from "lucide-react";
import { useLayoutEffect, useRef, type KeyboardEvent } from "react";
import type { EditorSpot } from "~/modules/spots/editable-spot";

const ROW_HEIGHT = 56;

/** Rows move up and down only. */
const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });

export interface SpotListProps {
  spots: EditorSpot[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  /** Move the spot at `from` to `to` (0-based); `how` says whether to announce it. */
  onMove: (from: number, to: number, how: "pointer" | "keyboard") => void;
  onDelete: (spot: EditorSpot) => void;
  /** The spot's 1-based place in the map's order, when `spots` is a filtered part of it. */
  numberOf?: (spot: EditorSpot) => number;
  /** Whether the list's panel is the one shown (default true). */
  shown?: boolean;
}

export function SpotList({ spots, selectedId, onSelect, onMove, onDelete, numberOf, shown = true }: SpotListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // The virtualizer's functions change as it measures: this component is left unmemoised by the compiler, as it should be.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({ count: spots.length, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_HEIGHT, overscan: 8 });
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }));
  const ids = spots.map((s) => s.id);

  // The map → list direction: the selected spot's row comes into view, also when the list is shown
  // again after another panel. Measured on the element itself, not from the virtualizer's offset.
  const selectedIndex = selectedId ? spots.findIndex((s) => s.id === selectedId) : -1;
  useLayoutEffect(() => {
    const list = scrollRef.current;
    if (!shown || !list) return;
    if (selectedIndex >= 0) {
      const top = selectedIndex * ROW_HEIGHT;
      if (top < list.scrollTop) list.scrollTop = top;
      else if (top + ROW_HEIGHT > list.scrollTop + list.clientHeight) list.scrollTop = top + ROW_HEIGHT - list.clientHeight;
    }
    // A hidden panel's list reports (to the virtualizer) that it is at its top, and when shown again gets
    // its old position back without a scroll event: the virtualizer would draw the top rows at the
    // bottom of the list, where nothing is drawn. It reads the position again from this event.
    list.dispatchEvent(new Event("scroll"));
  }, [selectedIndex, shown]);

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onMove(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)), "pointer");
  };

  const onHandleKey = (index: number) => (e: KeyboardEvent<HTMLButtonElement>) => {
    const to = e.key === "ArrowUp" ? index - 1 : e.key === "ArrowDown" ? index + 1 : null;
    if (to === null) return;
    e.preventDefault();
    if (to < 0 || to >= spots.length) return;
    onMove(index, to, "keyboard");
    virtualizer.scrollToIndex(to, { align: "auto" });
    // The row's handle keeps the focus at its new place (rows are keyed by spot, not by index).
    requestAnimationFrame(() => scrollRef.current?.querySelector<HTMLElement>(`[data-handle-for="${spots[index].id}"]`)?.focus());
  };

  return (
    <div ref={scrollRef} className="max-h-[70dvh] min-h-0 flex-1 overflow-y-auto lg:max-h-none" data-testid="spot-list">
      <DndContext sensors={sensors} collisionDetection={closestCenter} modifiers={[verticalOnly]} onDragEnd={onDragEnd}>
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          <ol aria-label="Spots in order" className="relative" style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((item) => {
              const spot = spots[item.index];
              return (
                <SpotRow
                  key={spot.id}
                  spot={spot}
                  index={item.index}
                  top={item.start}
                  selected={spot.id === selectedId}
                  onSelect={onSelect}
                  onHandleKey={onHandleKey(item.index)}
                  onDelete={onDelete}
                  total={spots.length}
                  number={numberOf ? numberOf(spot) : item.index + 1}
                />
              );
            })}
          </ol>
        </SortableContext>
      </DndContext>
    </div>
  );
}

interface SpotRowProps {
  spot: EditorSpot;
  index: number;
  /** Its place in the map's order (1-based). */
  number: number;
  total: number;
  top: number;
  selected: boolean;
  onSelect: (id: string) => void;
  onHandleKey: (e: KeyboardEvent<HTMLButtonElement>) => void;
  onDelete: (spot: EditorSpot) => void;
}

function SpotRow({ spot, index, number, total, top, selected, onSelect, onHandleKey, onDelete }: SpotRowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: spot.id });
  // dnd-kit's own keyboard dragging is replaced by the handle's arrow keys: its attributes describe a drag we do not offer.
  const { role: _role, "aria-describedby": _described, "aria-roledescription": _roleDescription, ...handleAttributes } = attributes;
  return (
    <li
      ref={setNodeRef}
      data-testid="spot-row"
      data-spot-id={spot.id}
      data-selected={selected}
      aria-current={selected ? "true" : undefined}
      className={`absolute inset-x-0 flex items-center gap-2 border-b border-neutral-100 px-2 ${selected ? "bg-brand-50" : "bg-white"} ${isDragging ? "z-10 shadow-lg" : ""}`}
      style={{ top, height: ROW_HEIGHT, transform: CSS.Translate.toString(transform), transition }}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...handleAttributes}
        {...listeners}
        data-handle-for={spot.id}
        onKeyDown={onHandleKey}
        onFocus={() => onSelect(spot.id)}
        aria-label={`Move ${spot.name}, position ${index + 1} of ${total}`}
        aria-keyshortcuts="ArrowUp ArrowDown"
        className="grid size-8 shrink-0 cursor-grab touch-none place-items-center rounded-md text-neutral-500 hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <GripVertical aria-hidden className="size-4" />
      </button>
      <span aria-hidden className="w-7 shrink-0 text-right text-sm font-semibold text-neutral-500 tabular-nums">
        {number}
      </span>
      <button type="button" onClick={() => onSelect(spot.id)} className="min-w-0 flex-1 py-1 text-left" data-testid="spot-row-name">
        <span className="block truncate font-medium">
          {spot.name}
          {spot.isPublished ? null : <span className="ml-2 rounded-full bg-neutral-100 px-2 py-0.5 text-xs font-semibold text-neutral-700">Draft</span>}
        </span>
        {spot.labels.length ? (
          <span className="block truncate text-xs text-neutral-600" data-testid="spot-row-labels">
            <span className="sr-only">Labels: </span>
            {spot.labels.join(" · ")}
          </span>
        ) : null}
      </button>
      <button
        type="button"
        onClick={() => onDelete(spot)}
        aria-label={`Delete ${spot.name}`}
        className="grid size-8 shrink-0 place-items-center rounded-md text-neutral-500 hover:bg-red-50 hover:text-red-700"
      >
        <Trash2 aria-hidden className="size-4" />
      </button>
    </li>
  );
}
