import { STATUS_LABELS, type CollabStatus } from "~/modules/collabs";

const TONES: Record<CollabStatus, string> = {
  proposed: "bg-amber-100 text-amber-900",
  accepted: "bg-sky-100 text-sky-900",
  in_progress: "bg-indigo-100 text-indigo-900",
  delivered: "bg-violet-100 text-violet-900",
  paid: "bg-emerald-100 text-emerald-900",
  declined: "bg-neutral-200 text-neutral-800",
};

/** A brief's status as a small badge (back office and Studio). */
export function CollabStatusBadge({ status }: { status: CollabStatus }) {
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ${TONES[status]}`} data-testid="brief-status">
      {STATUS_LABELS[status]}
    </span>
  );
}
