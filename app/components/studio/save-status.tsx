/**
 * The visible side of autosave: one status line (Saved / Saving… / Offline /
 * changed elsewhere / not saved) and, on a conflict, the creator's choice.
 */
import { AlertTriangle, Check, CloudOff, LoaderCircle } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { STATUS_LABELS, type SaveStatus as Status } from "./autosave-state";

export function SaveStatus({ status, error }: { status: Status; error?: string | null }) {
  const tone = status === "error" || status === "conflict" ? "text-red-800" : status === "offline" ? "text-amber-800" : "text-neutral-600";
  return (
    <p role="status" aria-live="polite" data-testid="save-status" data-status={status} className={`flex items-center gap-1.5 text-sm ${tone}`}>
      {status === "saved" ? <Check aria-hidden className="size-4" /> : null}
      {status === "pending" || status === "saving" ? <LoaderCircle aria-hidden className="size-4 animate-spin" /> : null}
      {status === "offline" ? <CloudOff aria-hidden className="size-4" /> : null}
      {status === "error" || status === "conflict" ? <AlertTriangle aria-hidden className="size-4" /> : null}
      <span>
        {STATUS_LABELS[status]}
        {status === "error" && error ? `: ${error}` : null}
      </span>
    </p>
  );
}

/** Shown while a save is held back because the copy on the server changed meanwhile. */
export function ConflictChoice({
  what,
  onKeepMine,
  onTakeTheirs,
  children,
}: {
  what: string;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
  /** What differs, when the editor can say. */
  children?: ReactNode;
}) {
  return (
    <div role="alert" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950" data-testid="conflict-choice">
      <p className="font-semibold">This {what} was changed in another tab or on another device.</p>
      <p className="mt-1">Your changes are not saved yet. Keep yours (they replace the other changes) or use the other version (yours are discarded).</p>
      {children}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="md" onClick={onKeepMine}>
          Keep mine
        </Button>
        <Button size="md" variant="secondary" onClick={onTakeTheirs}>
          Use theirs
        </Button>
      </div>
    </div>
  );
}
