/** /account's Membership section: each running membership, its dates and amount, and its changes. */
import { href, Link, useFetcher } from "react-router";
import { FormAlert } from "~/components/forms/text-field";
import { Button, buttonClass } from "~/components/ui/button";
import { formatDay as when } from "~/modules/memberships/dates";
import { cents, formatEuros } from "~/modules/money";
import type { Membership } from "~/modules/memberships/manage.server";
import { usePricing } from "./pricing-dialog";
import { creatorPath } from "~/lib/paths";

const secondary = buttonClass({ variant: "secondary", size: "md" });

export function MembershipSection({ memberships }: { memberships: Membership[] }) {
  const { openPricing } = usePricing();
  if (memberships.length === 0)
    return (
      <div className="space-y-3 text-neutral-800">
        <p>You are not a member yet. Premium opens every members-only spot; supporting a creator also opens their supporters-only spots.</p>
        <Button size="md" onClick={() => openPricing()}>
          See membership plans
        </Button>
      </div>
    );
  return (
    <ul className="space-y-4">
      {memberships.map((m) => (
        <MembershipRow key={m.id} membership={m} />
      ))}
    </ul>
  );
}

function MembershipRow({ membership: m }: { membership: Membership }) {
  const fetcher = useFetcher<{ ok: boolean; message?: string; error?: string }>({ key: `membership-${m.id}` });
  const busy = fetcher.state !== "idle";
  const name = m.tier === "premium" ? "Premium" : `Supporter of ${m.creator?.displayName ?? `@${m.creator?.handle ?? ""}`}`;
  const amount = m.amountCents !== null ? formatEuros(cents(m.amountCents)) : "";
  return (
    <li className="rounded-xl border border-neutral-200 p-4" data-testid="membership">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold">
          {m.tier === "supporter" && m.creator?.handle ? (
            <Link to={creatorPath(m.creator.handle)} className="hover:underline">
              {name}
            </Link>
          ) : (
            name
          )}
        </h3>
        <span className="text-sm text-neutral-700">
          {amount} a {m.interval} · billed {m.interval === "month" ? "monthly" : "yearly"}
        </span>
      </div>
      <dl className="mt-2 space-y-1 text-sm text-neutral-800">
        {m.status === "trialing" && m.trialEnd ? (
          <div>
            <dt className="inline font-medium">Free trial until </dt>
            <dd className="inline">{when(m.trialEnd)}</dd>
          </div>
        ) : null}
        {m.cancelAtPeriodEnd ? (
          <div data-testid="membership-ends">
            <dt className="inline font-medium">Ends on </dt>
            <dd className="inline">{when(m.currentPeriodEnd)} (no further charge)</dd>
          </div>
        ) : (
          <div data-testid="membership-next-charge">
            <dt className="inline font-medium">Next charge: </dt>
            <dd className="inline">
              {amount} on {when(m.currentPeriodEnd)}
            </dd>
          </div>
        )}
      </dl>
      {/* Notes, not terms: outside the list (a <dl> holds only its dt/dd groups). */}
      {m.status === "past_due" ? <p className="mt-1 text-sm text-red-700">Your last payment failed. We will try again; please check your card.</p> : null}
      {m.provider === "local" ? <p className="mt-1 text-xs text-neutral-600">Test mode — no real charge</p> : null}
      <FormAlert message={fetcher.data && !fetcher.data.ok ? fetcher.data.error : undefined} />
      {fetcher.data?.ok ? (
        <p role="status" className="mt-2 text-sm text-brand-800">
          {fetcher.data.message}
        </p>
      ) : null}
      <fetcher.Form method="post" action={href("/api/memberships")} className="mt-3 flex flex-wrap gap-2">
        <input type="hidden" name="subscriptionId" value={m.id} />
        {m.cancelAtPeriodEnd ? (
          <button type="submit" name="action" value="resume" disabled={busy} className={secondary}>
            Resume membership
          </button>
        ) : (
          <button type="submit" name="action" value="cancel" disabled={busy} className={secondary}>
            Cancel membership
          </button>
        )}
        <button type="submit" name="action" value="switch" disabled={busy} className={secondary}>
          Switch to {m.interval === "month" ? "yearly" : "monthly"} billing
        </button>
        {/* Stripe's customer portal: card, invoices and billing details (the action redirects there). */}
        {m.provider === "stripe" ? (
          <button type="submit" name="action" value="portal" disabled={busy} className={secondary}>
            Manage billing
          </button>
        ) : null}
      </fetcher.Form>
    </li>
  );
}
