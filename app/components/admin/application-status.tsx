import type { ApplicationStatus } from "~/modules/creators/review-validation";
import { APPLICATION_STATUS_LABELS } from "~/modules/creators/review-validation";

const TONES: Record<ApplicationStatus, string> = {
  pending: "bg-amber-50 text-amber-800",
  approved: "bg-brand-50 text-brand-700",
  rejected: "bg-red-50 text-red-800",
  withdrawn: "bg-neutral-100 text-neutral-700",
};

/** A creator application's status as a small badge. */
export function ApplicationStatusBadge({ status }: { status: ApplicationStatus }) {
  return (
    <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONES[status]}`} data-testid="application-status">
      {APPLICATION_STATUS_LABELS[status]}
    </span>
  );
}
