import { CircleAlert, Info } from "lucide-react";
import { Link } from "react-router";
import type { PayoutHold, PayoutNote } from "~/modules/money";

/**
 * What stands between the creator and their next payout (modules/money payoutReadiness): each
 * hold with why, until when and what to do; notes (what applies without holding anything) below.
 * Nothing at all when payouts are clear.
 */
export function PayoutHoldsBanner({ holds, notes, currentPath }: { holds: PayoutHold[]; notes: PayoutNote[]; currentPath?: string }) {
  if (holds.length === 0 && notes.length === 0) return null;
  return (
    <div className="space-y-3" data-testid="payout-holds">
      {holds.length > 0 ? (
        <section aria-labelledby="payout-holds-heading" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950" role="status">
          <h2 id="payout-holds-heading" className="flex items-center gap-2 font-semibold">
            <CircleAlert aria-hidden className="size-5 shrink-0" />
            Your payouts are on hold
          </h2>
          <ul className="mt-2 space-y-2">
            {holds.map((hold) => (
              <li key={hold.kind} data-testid={`hold-${hold.kind}`} className="text-sm">
                {hold.why}{" "}
                {hold.action.href === currentPath ? null : (
                  <Link to={hold.action.href} className="font-semibold text-amber-900 underline hover:no-underline">
                    {hold.action.label}
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {notes.map((note) => (
        <p key={note.kind} data-testid={`note-${note.kind}`} className="flex gap-2 rounded-xl border border-sky-200 bg-sky-50 p-4 text-sm text-sky-950">
          <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>
            {note.why}{" "}
            {note.action.href === currentPath ? null : (
              <Link to={note.action.href} className="font-semibold underline hover:no-underline">
                {note.action.label}
              </Link>
            )}
          </span>
        </p>
      ))}
    </div>
  );
}
