/**
 * A map's cover in the Studio: pick an image, choose what the cards show by
 * dragging the 16:9 frame over it (or focusing it and using the arrow keys)
 * and sizing it with the slider, then save; the server crops to exactly that
 * frame and makes the widths the public pages use. The old cover's files are
 * removed by the server. Needs JavaScript; it posts nothing itself, so it can
 * sit inside the settings form.
 */
import { ImageUp, Trash2 } from "lucide-react";
import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { href } from "react-router";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/lib/use-hydrated";
import { coverSrcSet } from "~/modules/images/variants";
import { MAX_PHOTO_MB, PHOTO_ACCEPT, photoFileProblem } from "~/modules/images/photo-validation";
import { frameAt, MIN_ZOOM, moveFrame, zoomFrame, type Frame } from "./cover-crop";
import { postForm, postWithProgress } from "./upload";

export interface CoverUploadProps {
  mapId: string;
  coverImageUrl: string | null;
  /** Called with the new cover's URL (null: removed) once the server has it. */
  onChange?: (coverImageUrl: string | null) => void;
}

type CoverAnswer = { coverImageUrl: string | null };

interface Chosen {
  file: File;
  preview: string;
  /** The image's upright size once the preview loaded; null when the browser cannot show it (HEIC). */
  size: { width: number; height: number } | null | undefined;
  frame: Frame;
  zoom: number;
}

export function CoverUpload({ mapId, coverImageUrl, onChange }: CoverUploadProps) {
  const hydrated = useHydrated();
  const url = href("/studio/maps/:mapId/cover", { mapId });
  const [cover, setCover] = useState(coverImageUrl);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirmingRemove, setConfirmingRemove] = useState(false);
  const [status, setStatus] = useState("");
  const picker = useRef<HTMLInputElement>(null);
  const id = useId();

  // The preview's object URL lives as long as the choice.
  const preview = chosen?.preview;
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const choose = (file: File | undefined) => {
    if (!file) return;
    const problem = photoFileProblem(file);
    setError(problem);
    if (problem) return;
    setChosen({ file, preview: URL.createObjectURL(file), size: undefined, frame: { x: 0, y: 0, width: 1, height: 1 }, zoom: 1 });
  };

  const saved = (next: string | null, message: string) => {
    setCover(next);
    setStatus(message);
    onChange?.(next);
  };

  const upload = async () => {
    if (!chosen) return;
    const form = new FormData();
    form.set("intent", "upload");
    form.set("cover", chosen.file);
    const frame = chosen.size ? chosen.frame : { x: 0, y: 0, width: 1, height: 1 };
    for (const [name, value] of Object.entries(frame)) form.set(name, String(value));
    setProgress(0);
    const answer = await postWithProgress<CoverAnswer>(url, form, setProgress);
    setProgress(null);
    if (!answer.ok) return setError(answer.error);
    setChosen(null);
    setError(null);
    saved(answer.body.coverImageUrl, "Cover saved");
  };

  const remove = async () => {
    setConfirmingRemove(false);
    const answer = await postForm<CoverAnswer>(url, { intent: "remove" });
    if (!answer.ok) return setError(answer.error);
    saved(null, "Cover removed");
  };

  return (
    <div className="space-y-3" data-testid="cover-upload">
      {chosen ? (
        <CropStage chosen={chosen} onChange={setChosen} />
      ) : cover ? (
        <img
          src={cover}
          srcSet={coverSrcSet(cover)}
          sizes="(min-width: 768px) 480px, 100vw"
          alt="The map's cover"
          className="aspect-video w-full rounded-xl bg-neutral-100 object-cover"
          data-testid="cover-preview"
        />
      ) : (
        <div className="flex aspect-video w-full items-center justify-center rounded-xl border-2 border-dashed border-neutral-300 text-sm text-neutral-600">
          No cover yet: cards show generated art.
        </div>
      )}

      {error ? (
        <p role="alert" className="text-sm text-red-700" data-testid="cover-error">
          {error}
        </p>
      ) : null}
      {progress !== null ? <progress className="h-2 w-full accent-brand-600" max={1} value={progress} aria-label="Uploading the cover" /> : null}

      <div className="flex flex-wrap items-center gap-2">
        {chosen ? (
          <>
            <Button size="md" onClick={() => void upload()} disabled={progress !== null}>
              Save cover
            </Button>
            <Button variant="secondary" size="md" onClick={() => setChosen(null)} disabled={progress !== null}>
              Cancel
            </Button>
          </>
        ) : (
          <>
            <Button variant="secondary" size="md" className="inline-flex items-center gap-2" disabled={!hydrated} onClick={() => picker.current?.click()}>
              <ImageUp aria-hidden className="size-4" /> {cover ? "Change cover" : "Upload a cover"}
            </Button>
            {cover && !confirmingRemove ? (
              <Button variant="link" size="none" className="inline-flex items-center gap-1 text-sm text-red-800" onClick={() => setConfirmingRemove(true)}>
                <Trash2 aria-hidden className="size-3.5" /> Remove cover
              </Button>
            ) : null}
            {confirmingRemove ? (
              <span className="flex items-center gap-2 text-sm">
                Remove the cover?
                <Button variant="danger" size="sm" onClick={() => void remove()}>
                  Remove
                </Button>
                <Button variant="secondary" size="sm" onClick={() => setConfirmingRemove(false)}>
                  Keep
                </Button>
              </span>
            ) : null}
          </>
        )}
      </div>
      <p id={`${id}-rules`} className="text-xs text-neutral-600">
        JPEG, PNG, WebP, HEIC or AVIF, up to {MAX_PHOTO_MB} MB. Cards show it at 16:9.
      </p>
      <input
        ref={picker}
        type="file"
        accept={PHOTO_ACCEPT}
        hidden
        aria-label="Choose a cover image"
        aria-describedby={`${id}-rules`}
        data-testid="cover-input"
        onChange={(event) => {
          choose(event.target.files?.[0]);
          event.target.value = "";
        }}
      />
      <p aria-live="polite" className="sr-only">
        {status}
      </p>
    </div>
  );
}

const STEP = 0.02;

/** The chosen image with the 16:9 frame over it: drag it, arrow keys move it, the slider sizes it. */
function CropStage({ chosen, onChange }: { chosen: Chosen; onChange: (next: Chosen) => void }) {
  const area = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; y: number; frame: Frame } | null>(null);
  const id = useId();
  const { size, frame } = chosen;

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { x: event.clientX, y: event.clientY, frame };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const box = area.current?.getBoundingClientRect();
    if (!drag.current || !box) return;
    const start = drag.current;
    onChange({ ...chosen, frame: moveFrame(start.frame, (event.clientX - start.x) / box.width, (event.clientY - start.y) / box.height) });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, [number, number]> = { ArrowLeft: [-STEP, 0], ArrowRight: [STEP, 0], ArrowUp: [0, -STEP], ArrowDown: [0, STEP] };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    onChange({ ...chosen, frame: moveFrame(frame, ...move) });
  };

  return (
    <div className="space-y-2">
      <div ref={area} className="relative overflow-hidden rounded-xl bg-neutral-900" data-testid="cover-crop">
        <img
          src={chosen.preview}
          alt="The image you chose"
          className="block w-full select-none"
          draggable={false}
          onLoad={(event) => {
            const image = { width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight };
            onChange({ ...chosen, size: image, frame: frameAt(image, chosen.zoom) });
          }}
          onError={() => onChange({ ...chosen, size: null })}
        />
        {size ? (
          <div
            role="group"
            tabIndex={0}
            aria-label="Cover frame: drag it, or use the arrow keys, to choose what the cards show"
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={() => (drag.current = null)}
            onPointerCancel={() => (drag.current = null)}
            onKeyDown={onKeyDown}
            className="absolute cursor-move touch-none border-2 border-white shadow-[0_0_0_9999px_rgba(0,0,0,0.55)] outline-none focus-visible:border-brand-300"
            style={{ left: `${frame.x * 100}%`, top: `${frame.y * 100}%`, width: `${frame.width * 100}%`, height: `${frame.height * 100}%` }}
            data-testid="cover-frame"
          />
        ) : null}
      </div>
      {size ? (
        <div className="flex items-center gap-3">
          <label htmlFor={id} className="text-sm font-medium text-neutral-800">
            Frame size
          </label>
          <input
            id={id}
            type="range"
            min={MIN_ZOOM * 100}
            max={100}
            value={Math.round(chosen.zoom * 100)}
            onChange={(event) => {
              const zoom = Number(event.target.value) / 100;
              onChange({ ...chosen, zoom, frame: zoomFrame(size, frame, zoom) });
            }}
            className="flex-1 accent-brand-600"
          />
        </div>
      ) : size === null ? (
        <p className="text-sm text-neutral-600">This browser cannot preview the file; the cover will be the middle of the image, at 16:9.</p>
      ) : null}
    </div>
  );
}
