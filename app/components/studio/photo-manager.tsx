/**
 * A spot's photos in the Studio: add them with the file picker or by
 * dropping files (each uploads with its own progress bar), put them in order
 * by dragging or from the keyboard (focus a handle, Space, arrow keys,
 * Space), describe each one for people who cannot see it, remove one.
 * Every change is saved at once through the photos resource route; the
 * server's answer is the list shown. Before JavaScript runs, adding,
 * describing and removing still work: the controls belong (by their `form`
 * attribute) to plain forms rendered outside the spot form by
 * `PhotoFormsWithoutScript`, which post to the same route and come back to the page.
 */
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent } from "@dnd-kit/core";
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { GripVertical, ImagePlus, Trash2 } from "lucide-react";
import { useEffect, useId, useRef, useState, type DragEvent } from "react";
import { href } from "react-router";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/lib/use-hydrated";
import type { SpotPhoto } from "#db/schema";
import { ALT_MAX, MAX_PHOTO_MB, MAX_PHOTOS_PER_SPOT, PHOTO_ACCEPT, PHOTO_TEXT, photoFileProblem } from "~/modules/images/photo-validation";
import { postForm, postWithProgress } from "./upload";

/** The ids of the plain forms the controls post with before JavaScript runs. */
const formIds = {
  upload: (spotId: string) => `photo-upload-${spotId}`,
  alt: (photoId: string) => `photo-alt-${photoId}`,
  remove: (photoId: string) => `photo-remove-${photoId}`,
};

/**
 * The plain forms behind the photo controls before JavaScript runs: empty,
 * hidden, and outside the spot form (forms cannot nest); each control names
 * its form by id. The route answers them by going back to the page.
 */
export function PhotoFormsWithoutScript({ mapId, spotId, photos }: { mapId: string; spotId: string; photos: SpotPhoto[] }) {
  const action = href("/studio/maps/:mapId/spots/:spotId/photos", { mapId, spotId });
  const form = (id: string, fields: Record<string, string>) => (
    <form key={id} id={id} method="post" action={action} encType="multipart/form-data" hidden>
      <input type="hidden" name="return" value="page" />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </form>
  );
  return (
    <>
      {form(formIds.upload(spotId), { intent: "upload" })}
      {photos.map((photo) => form(formIds.alt(photo.id), { intent: "alt", photoId: photo.id }))}
      {photos.map((photo) => form(formIds.remove(photo.id), { intent: "remove", photoId: photo.id }))}
    </>
  );
}

export interface PhotoManagerProps {
  mapId: string;
  spotId: string;
  photos: SpotPhoto[];
  /** A refusal to show at once (a post made before JavaScript ran came back with it). */
  error?: string | null;
  /** Called with the saved list after every change. */
  onChange?: (photos: SpotPhoto[]) => void;
}

interface Upload {
  id: number;
  name: string;
  progress: number;
}

type PhotosAnswer = { photos: SpotPhoto[] };

export function PhotoManager({ mapId, spotId, photos: initial, onChange, error }: PhotoManagerProps) {
  const hydrated = useHydrated();
  const url = href("/studio/maps/:mapId/spots/:spotId/photos", { mapId, spotId });
  const [photos, setPhotos] = useState(initial);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [errors, setErrors] = useState<string[]>(error ? [error] : []);
  const [dropping, setDropping] = useState(false);
  const [status, setStatus] = useState("");
  const picker = useRef<HTMLInputElement>(null);
  const queue = useRef(Promise.resolve());
  const nextId = useRef(0);
  const id = useId();

  const saved = (next: SpotPhoto[], message: string) => {
    setPhotos(next);
    setStatus(message);
    onChange?.(next);
  };

  /** Files upload one after another (each is a big request; the server decodes one at a time anyway). */
  const add = (files: File[]) => {
    const problems: string[] = [];
    const accepted: { file: File; upload: Upload }[] = [];
    for (const file of files) {
      const problem = photoFileProblem(file);
      if (problem) problems.push(`${file.name}: ${problem}`);
      else accepted.push({ file, upload: { id: nextId.current++, name: file.name, progress: 0 } });
    }
    setErrors(problems);
    if (accepted.length === 0) return;
    setUploads((current) => [...current, ...accepted.map((a) => a.upload)]);
    for (const { file, upload } of accepted) {
      queue.current = queue.current.then(async () => {
        const form = new FormData();
        form.set("intent", "upload");
        form.set("photo", file);
        const answer = await postWithProgress<PhotosAnswer>(url, form, (progress) =>
          setUploads((current) => current.map((u) => (u.id === upload.id ? { ...u, progress } : u))),
        );
        setUploads((current) => current.filter((u) => u.id !== upload.id));
        if (answer.ok) saved(answer.body.photos, `${file.name} added`);
        else setErrors((current) => [...current, `${file.name}: ${answer.error}`]);
      });
    }
  };

  const edit = async (fields: Record<string, string | string[]>, message: string, previous: SpotPhoto[]) => {
    const answer = await postForm<PhotosAnswer>(url, fields);
    if (answer.ok) saved(answer.body.photos, message);
    else {
      setPhotos(previous);
      setErrors([answer.error]);
    }
  };

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const position = (photoId: unknown) => photos.findIndex((p) => p.id === photoId) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up photo ${position(active.id)} of ${photos.length}.`,
    // Nothing to say until it is over another place (the pick-up message stays).
    onDragOver: ({ active, over }) =>
      over && over.id !== active.id ? `Photo ${position(active.id)} is over position ${position(over.id)} of ${photos.length}.` : undefined,
    onDragEnd: ({ active, over }) => (over ? `Photo moved to position ${position(over.id)} of ${photos.length}.` : `Photo ${position(active.id)} dropped.`),
    onDragCancel: ({ active }) => `Moving cancelled; photo ${position(active.id)} stays where it was.`,
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const previous = photos;
    const next = arrayMove(photos, position(active.id) - 1, position(over.id) - 1);
    setPhotos(next);
    void edit({ intent: "reorder", order: next.map((p) => p.id) }, "Order saved", previous);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDropping(false);
    if (hydrated) add([...event.dataTransfer.files]);
  };

  const full = photos.length + uploads.length >= MAX_PHOTOS_PER_SPOT;

  return (
    <div className="space-y-3" data-testid="photo-manager">
      <div
        onDragOver={(event) => {
          if (![...event.dataTransfer.types].includes("Files")) return;
          event.preventDefault();
          setDropping(true);
        }}
        onDragLeave={() => setDropping(false)}
        onDrop={onDrop}
        className={`flex flex-col items-center gap-2 rounded-xl border-2 border-dashed px-4 py-5 text-center text-sm ${dropping ? "border-brand-500 bg-brand-50" : "border-neutral-300"}`}
        data-testid="photo-drop-zone"
      >
        {hydrated ? (
          <>
            <p className="text-neutral-700">Drop photos here, or</p>
            <Button variant="secondary" size="md" className="inline-flex items-center gap-2" disabled={full} onClick={() => picker.current?.click()}>
              <ImagePlus aria-hidden className="size-4" /> Add photos
            </Button>
          </>
        ) : (
          <div className="flex flex-wrap items-center justify-center gap-2">
            <input
              type="file"
              name="photo"
              form={formIds.upload(spotId)}
              accept={PHOTO_ACCEPT}
              multiple
              required
              aria-label="Choose photos"
              aria-describedby={`${id}-rules`}
              className="max-w-full text-sm"
              data-testid="photo-input-plain"
            />
            <Button type="submit" form={formIds.upload(spotId)} variant="secondary" size="md" className="inline-flex items-center gap-2" disabled={full}>
              <ImagePlus aria-hidden className="size-4" /> Upload photos
            </Button>
          </div>
        )}
        <p id={`${id}-rules`} className="text-xs text-neutral-600">
          JPEG, PNG, WebP, HEIC or AVIF, up to {MAX_PHOTO_MB} MB each; at most {MAX_PHOTOS_PER_SPOT} photos.
        </p>
        <input
          ref={picker}
          type="file"
          accept={PHOTO_ACCEPT}
          multiple
          hidden
          aria-label="Add photos"
          aria-describedby={`${id}-rules`}
          data-testid="photo-input"
          onChange={(event) => {
            add([...(event.target.files ?? [])]);
            event.target.value = "";
          }}
        />
      </div>

      {errors.length > 0 ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="photo-errors">
          <ul className="space-y-1">
            {errors.map((error, i) => (
              <li key={i}>{error}</li>
            ))}
          </ul>
          <Button variant="link" size="none" className="mt-1 text-sm" onClick={() => setErrors([])}>
            Dismiss
          </Button>
        </div>
      ) : null}

      {uploads.length > 0 ? (
        <ul className="space-y-2" aria-label="Uploads">
          {uploads.map((upload) => (
            <li key={upload.id} className="text-sm" data-testid="photo-upload">
              <div className="flex justify-between gap-2">
                <span className="truncate">{upload.name}</span>
                <span className="tabular-nums text-neutral-600">{Math.round(upload.progress * 100)}%</span>
              </div>
              <progress className="h-2 w-full accent-brand-600" max={1} value={upload.progress} aria-label={`Uploading ${upload.name}`} />
            </li>
          ))}
        </ul>
      ) : null}

      {photos.length > 0 ? (
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ announcements }}>
          <SortableContext items={photos.map((p) => p.id)} strategy={verticalListSortingStrategy}>
            <ol className="space-y-2" aria-label="Photos, in the order visitors see them" data-testid="photo-list">
              {photos.map((photo, index) => (
                <SortablePhoto
                  key={photo.id}
                  photo={photo}
                  index={index}
                  count={photos.length}
                  hydrated={hydrated}
                  onAlt={(alt) => void edit({ intent: "alt", photoId: photo.id, alt }, "Alt text saved", photos)}
                  onRemove={() => {
                    const previous = photos;
                    setPhotos(photos.filter((p) => p.id !== photo.id));
                    void edit({ intent: "remove", photoId: photo.id }, "Photo removed", previous);
                  }}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      ) : uploads.length === 0 ? (
        <p className="text-sm text-neutral-600">No photos yet.</p>
      ) : null}

      <p aria-live="polite" className="sr-only" data-testid="photo-status">
        {status}
      </p>
    </div>
  );
}

function SortablePhoto({
  photo,
  index,
  count,
  hydrated,
  onAlt,
  onRemove,
}: {
  photo: SpotPhoto;
  index: number;
  count: number;
  hydrated: boolean;
  onAlt: (alt: string) => void;
  onRemove: () => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: photo.id, disabled: !hydrated });
  const [confirming, setConfirming] = useState(false);
  const label = `Photo ${index + 1} of ${count}`;
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`flex items-start gap-3 rounded-xl border bg-white p-2 ${isDragging ? "z-10 border-brand-500 shadow-lg" : "border-neutral-200"}`}
      data-testid="photo-item"
      data-photo-id={photo.id}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={`Move ${label.toLowerCase()}`}
        className="mt-6 cursor-grab touch-none rounded p-1 text-neutral-500 hover:bg-neutral-100 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
        data-testid="photo-handle"
      >
        <GripVertical aria-hidden className="size-5" />
      </button>
      <img
        src={photo.src}
        srcSet={photo.srcset || undefined}
        sizes="112px"
        alt={photo.alt}
        width={photo.width}
        height={photo.height}
        className="aspect-[4/3] w-28 shrink-0 rounded-lg bg-neutral-100 object-cover"
      />
      <div className="min-w-0 flex-1 space-y-2">
        <AltField photo={photo} label={label} hydrated={hydrated} onSave={onAlt} />
        {!hydrated ? (
          <Button
            type="submit"
            form={formIds.remove(photo.id)}
            variant="link"
            size="none"
            className="inline-flex items-center gap-1 text-sm text-red-800"
            aria-label={`Remove ${label.toLowerCase()}`}
          >
            <Trash2 aria-hidden className="size-3.5" /> Remove
          </Button>
        ) : confirming ? (
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <span>Remove this photo for good?</span>
            <Button variant="danger" size="sm" onClick={onRemove}>
              Remove
            </Button>
            <Button variant="secondary" size="sm" onClick={() => setConfirming(false)}>
              Keep
            </Button>
          </div>
        ) : (
          <Button
            variant="link"
            size="none"
            className="inline-flex items-center gap-1 text-sm text-red-800"
            onClick={() => setConfirming(true)}
            aria-label={`Remove ${label.toLowerCase()}`}
          >
            <Trash2 aria-hidden className="size-3.5" /> Remove
          </Button>
        )}
      </div>
    </li>
  );
}

/** Alt text, saved a moment after typing stops, on leaving the field, or on Enter. */
function AltField({ photo, label, hydrated, onSave }: { photo: SpotPhoto; label: string; hydrated: boolean; onSave: (alt: string) => void }) {
  const [value, setValue] = useState(photo.alt);
  const savedValue = useRef(photo.alt);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const id = useId();

  const flush = (next = value) => {
    clearTimeout(timer.current);
    if (next.trim() === savedValue.current.trim() || next.length > ALT_MAX) return;
    savedValue.current = next;
    onSave(next);
  };
  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <div>
      <label htmlFor={id} className="text-xs font-medium text-neutral-700">
        Alt text for {label.toLowerCase()}
      </label>
      <input
        id={id}
        value={value}
        // Before JavaScript runs the field posts with its own plain form (Enter or the Save button).
        name={hydrated ? undefined : "alt"}
        form={hydrated ? undefined : formIds.alt(photo.id)}
        maxLength={ALT_MAX + 50}
        placeholder="What the photo shows, for people who cannot see it"
        onChange={(event) => {
          const next = event.target.value;
          setValue(next);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => flush(next), 800);
        }}
        onBlur={() => flush()}
        onKeyDown={(event) => {
          if (event.key !== "Enter" || !hydrated) return;
          // Enter saves this field; it must not submit the spot form around it.
          event.preventDefault();
          flush();
        }}
        aria-invalid={value.length > ALT_MAX ? true : undefined}
        className={`h-9 w-full rounded-lg border px-2 text-sm outline-none focus:ring-2 focus:ring-brand-500 ${value.length > ALT_MAX ? "border-red-600" : "border-neutral-300"}`}
        data-testid="photo-alt"
      />
      {value.length > ALT_MAX ? <p className="mt-1 text-xs text-red-700">{PHOTO_TEXT.altTooLong}</p> : null}
      {!hydrated ? (
        <Button type="submit" form={formIds.alt(photo.id)} variant="link" size="none" className="mt-1 text-sm">
          Save alt text
        </Button>
      ) : null}
    </div>
  );
}
