import { useMemo } from "react";
import { Form, href, Link, useLocation, useNavigation } from "react-router";
import { FormAlert, TextField } from "~/components/forms/text-field";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { IdentityCheck } from "~/components/studio/identity-check";
import { PayoutHoldsBanner } from "~/components/studio/payout-holds-banner";
import { Button } from "~/components/ui/button";
import { countryName } from "~/lib/country";
import { dbContext } from "~/lib/db-context.server";
import { studioTitle } from "~/lib/page-title";
import { identityChallenge } from "~/modules/auth/step-up.server";
import { PAYOUT_HOLD_DAYS_AFTER_BANK_CHANGE } from "~/modules/money";
import { payoutReadiness } from "~/modules/money/index.server";
import { maskedIban } from "~/modules/money/bank-account";
import { loadPayoutDetails, pendingPayoutDetailsChange } from "~/modules/money/payout-details.server";
import { formatPayoutDay } from "~/modules/money/payout-readiness";
import { loadTaxSettings } from "~/modules/money/tax-settings.server";
import { HOLDER_NAME_MAX, payoutDetailsSchema } from "~/modules/money/validation";
import { requireStudioCreator } from "~/routes/guards.server";
import type { Route } from "./+types/studio-payout-details";
import { payoutDetailsAction, type MoneyFormData } from "./studio-money-action.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireStudioCreator(request, context);
  const db = context.get(dbContext);
  const id = viewer.user.id;
  const [details, pending, tax, readiness, challenge] = await Promise.all([
    loadPayoutDetails(db, id),
    pendingPayoutDetailsChange(db, id),
    loadTaxSettings(db, id),
    payoutReadiness(db, id),
    identityChallenge(db, id),
  ]);
  return { details, pending, legalName: tax?.legalName || null, readiness, challenge };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireStudioCreator(request, context);
  return payoutDetailsAction(request, context, context.get(dbContext), viewer.user.id);
}

export const meta: Route.MetaFunction = () => [{ title: studioTitle("Payout details") }, { name: "robots", content: "noindex" }];

/** /studio/payouts/details: the SEPA account payouts go to, shown by its last 4 characters only; a change is confirmed by email. */
export default function StudioPayoutDetails({ loaderData, actionData }: Route.ComponentProps) {
  const { details, pending, legalName, readiness, challenge } = loaderData;
  const result = actionData as MoneyFormData | undefined;
  const refused = result && !result.ok ? result : undefined;
  const { pathname } = useLocation();
  const schema = useMemo(() => payoutDetailsSchema(legalName), [legalName]);
  const { fields, formProps } = useValidatedForm(schema, refused?.fieldErrors);
  const busy = useNavigation().state !== "idle";
  const typed = refused?.values;

  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold">Payout details</h1>
      <p className="mt-1 text-neutral-700">
        We pay your balance by SEPA bank transfer, in euros, to an account in your own name or your business&apos;s (
        <Link to={href("/info/:slug", { slug: "creator-compensation" })} className="font-medium text-brand-700 hover:underline">
          Creator Compensation, section 7
        </Link>
        ).
      </p>

      <div className="mt-6 space-y-4">
        <div role="status">{result?.ok ? <FormAlert tone="success" message={result.message} /> : null}</div>
        <PayoutHoldsBanner holds={readiness.holds} notes={readiness.notes} currentPath={pathname} />
      </div>

      <section aria-labelledby="current-account" className="mt-6 rounded-xl border border-neutral-200 bg-white p-5" data-testid="current-account">
        <h2 id="current-account" className="text-xl font-semibold">
          Your bank account
        </h2>
        {details ? (
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
            <dt className="text-neutral-600">Account</dt>
            <dd className="font-mono font-semibold" data-testid="saved-iban">
              {maskedIban(details.ibanCountry, details.ibanLast4)}
            </dd>
            <dt className="text-neutral-600">Country</dt>
            <dd>{countryName(details.ibanCountry)}</dd>
            <dt className="text-neutral-600">Holder</dt>
            <dd data-testid="saved-holder">{details.holderName}</dd>
            {details.bic ? (
              <>
                <dt className="text-neutral-600">BIC</dt>
                <dd className="font-mono">{details.bic}</dd>
              </>
            ) : null}
            <dt className="text-neutral-600">Since</dt>
            <dd>{formatPayoutDay(details.updatedAt)}</dd>
          </dl>
        ) : (
          <p className="mt-2 text-neutral-700" data-testid="no-account">
            No bank account yet.
          </p>
        )}
        {pending ? (
          <p className="mt-4 rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm text-sky-950" data-testid="pending-change">
            Waiting for your confirmation: {maskedIban(pending.newCountry, pending.newLast4)} (holder {pending.holderName}). Open the link we emailed you before{" "}
            {formatPayoutDay(pending.expiresAt)}.
          </p>
        ) : null}
      </section>

      <section aria-labelledby="account-form" className="mt-6 rounded-xl border border-neutral-200 bg-white p-5">
        <h2 id="account-form" className="text-xl font-semibold">
          {details ? "Change your bank account" : "Add your bank account"}
        </h2>
        {legalName === null ? (
          <p className="mt-2 text-neutral-700" data-testid="tax-settings-first">
            The account holder must match the legal name of your tax settings:{" "}
            <Link to={href("/studio/revenue/tax-settings")} className="font-medium text-brand-700 hover:underline">
              fill in your tax settings
            </Link>{" "}
            first.
          </p>
        ) : (
          <p className="mt-1 text-sm text-neutral-600">
            {details
              ? `A change takes effect once you confirm it by the link we email you; your next payout then waits ${PAYOUT_HOLD_DAYS_AFTER_BANK_CHANGE} days, for your safety.`
              : "Any bank in the SEPA area (the EU, EEA, the UK, Switzerland and a few more)."}
          </p>
        )}
        <Form
          method="post"
          // Saved: the form starts again empty (the IBAN typed is not kept on the page).
          key={`${details?.updatedAt ?? "none"}-${pending?.requestedAt ?? "none"}`}
          {...formProps}
          className="mt-4 space-y-4"
          data-testid="payout-details-form"
        >
          <FormAlert message={refused?.formError} />
          <TextField
            label="Account holder"
            name="holderName"
            defaultValue={typed?.holderName ?? details?.holderName ?? legalName ?? ""}
            maxLength={HOLDER_NAME_MAX}
            autoComplete="name"
            error={fields.holderName.errors?.[0]}
          />
          <TextField
            label="IBAN"
            name="iban"
            defaultValue={typed?.iban ?? ""}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="ES91 2100 0418 4502 0005 1332"
            error={fields.iban.errors?.[0]}
          />
          <TextField
            label="BIC (optional)"
            name="bic"
            defaultValue={typed?.bic ?? details?.bic ?? ""}
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="CAIXESBBXXX"
            className="max-w-xs"
            error={fields.bic.errors?.[0]}
          />
          <IdentityCheck
            challenge={challenge}
            errors={{ password: refused?.fieldErrors?.password, code: refused?.fieldErrors?.code }}
            noneNote="Your account signs in without a password: we will email you a link to confirm these details."
          />
          <Button type="submit" disabled={busy || legalName === null}>
            {busy ? "Saving..." : details ? "Change bank account" : "Save bank account"}
          </Button>
        </Form>
      </section>
    </main>
  );
}
