/**
 * A back-office list in an order of the admin's: rows are dragged (@dnd-kit/sortable, as the map
 * editor's spot list) or moved with the keyboard (focus a row's handle, then ↑/↓ move it one
 * place, announced for screen readers), and each row's own Up/Down buttons (plain forms, given by
 * the page) work before JavaScript. The handle exists once JavaScript runs.
 *
 * `onMove` gets the whole new order: the page saves it (one post of every id) and shows it at once
 * (`useSavedOrder`). Ids are UUIDs or numbers (they go into a selector as they are).
 */
import { closestCenter, DndContext, PointerSensor, useSensor, useSensors, type DragEndEvent, type Modifier } from "@dnd-kit/core";
import { SortableContext, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { GripVertical } from "lucide-react";
import { useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { useHydrated } from "~/lib/use-hydrated";

/** Rows move up and down only. */
const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });

export interface SortableListProps<T extends { id: string }> {
  items: T[];
  /** The list's name for screen readers ("Site categories in order"). */
  label: string;
  /** A row's name, for its handle and the announcements. */
  nameOf: (item: T) => string;
  /** The new order of ids, after a drag or a key. */
  onMove: (ids: string[]) => void;
  /** A row's content besides the handle. */
  children: (item: T, index: number) => ReactNode;
  testId?: string;
}

const moved = <T,>(list: T[], from: number, to: number): T[] => {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
};

export function SortableList<T extends { id: string }>({ items, label, nameOf, onMove, children, testId }: SortableListProps<T>) {
  const hydrated = useHydrated();
  const listRef = useRef<HTMLOListElement>(null);
  const [announcement, setAnnouncement] = useState("");
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }));
  const ids = items.map((item) => item.id);

  const move = (from: number, to: number) => {
    const next = moved(items, from, to);
    onMove(next.map((item) => item.id));
    setAnnouncement(`${nameOf(items[from])} moved to position ${to + 1} of ${items.length}`);
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  };

  const onHandleKey = (index: number) => (e: KeyboardEvent<HTMLButtonElement>) => {
    const to = e.key === "ArrowUp" ? index - 1 : e.key === "ArrowDown" ? index + 1 : null;
    if (to === null) return;
    e.preventDefault();
    if (to < 0 || to >= items.length) return;
    const id = items[index].id;
    move(index, to);
    // The row's handle keeps the focus at its new place (rows are keyed by id, not by index).
    requestAnimationFrame(() => listRef.current?.querySelector<HTMLElement>(`[data-handle-for="${id}"]`)?.focus());
  };

  const rows = (
    <ol ref={listRef} aria-label={label} className="divide-y divide-neutral-100 rounded-xl border border-neutral-200 bg-white" data-testid={testId}>
      {items.map((item, index) => (
        <Row
          key={item.id}
          id={item.id}
          hydrated={hydrated}
          handleLabel={`Move ${nameOf(item)}, position ${index + 1} of ${items.length}`}
          onHandleKey={onHandleKey(index)}
        >
          {children(item, index)}
        </Row>
      ))}
    </ol>
  );
  return (
    <>
      {hydrated ? (
        <DndContext sensors={sensors} collisionDetection={closestCenter} modifiers={[verticalOnly]} onDragEnd={onDragEnd}>
          <SortableContext items={ids} strategy={verticalListSortingStrategy}>
            {rows}
          </SortableContext>
        </DndContext>
      ) : (
        rows
      )}
      <p role="status" aria-live="assertive" className="sr-only" data-testid="reorder-announcement">
        {announcement}
      </p>
    </>
  );
}

function Row({
  id,
  hydrated,
  handleLabel,
  onHandleKey,
  children,
}: {
  id: string;
  hydrated: boolean;
  handleLabel: string;
  onHandleKey: (e: KeyboardEvent<HTMLButtonElement>) => void;
  children: ReactNode;
}) {
  if (!hydrated)
    return (
      <li className="flex flex-wrap items-center gap-2 px-3 py-2" data-testid="sortable-row" data-id={id}>
        {children}
      </li>
    );
  return (
    <SortableRow id={id} handleLabel={handleLabel} onHandleKey={onHandleKey}>
      {children}
    </SortableRow>
  );
}

function SortableRow({
  id,
  handleLabel,
  onHandleKey,
  children,
}: {
  id: string;
  handleLabel: string;
  onHandleKey: (e: KeyboardEvent<HTMLButtonElement>) => void;
  children: ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  // dnd-kit's own keyboard dragging is replaced by the handle's arrow keys: its attributes describe a drag we do not offer.
  const { role: _role, "aria-describedby": _described, "aria-roledescription": _roleDescription, ...handleAttributes } = attributes;
  return (
    <li
      ref={setNodeRef}
      className={`flex flex-wrap items-center gap-2 bg-white px-3 py-2 ${isDragging ? "relative z-10 shadow-lg" : ""}`}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      data-testid="sortable-row"
      data-id={id}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...handleAttributes}
        {...listeners}
        data-handle-for={id}
        onKeyDown={onHandleKey}
        aria-label={handleLabel}
        aria-keyshortcuts="ArrowUp ArrowDown"
        className="grid size-8 shrink-0 cursor-grab touch-none place-items-center rounded-md text-neutral-500 hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <GripVertical aria-hidden className="size-4" />
      </button>
      {children}
    </li>
  );
}

/**
 * The order a list shows: the loader's, or the one just asked for while it is being saved (until
 * the page's data comes back, which then has it). `save` posts the ids, e.g. with a fetcher.
 */
export function useSavedOrder<T extends { id: string }>(items: T[], save: (ids: string[]) => void): [T[], (ids: string[]) => void] {
  const [asked, setAsked] = useState<{ from: T[]; ids: string[] } | null>(null);
  const shown = asked && asked.from === items ? asked.ids.flatMap((id) => items.find((item) => item.id === id) ?? []) : items;
  const move = (ids: string[]) => {
    setAsked({ from: items, ids });
    save(ids);
  };
  return [shown, move];
}
