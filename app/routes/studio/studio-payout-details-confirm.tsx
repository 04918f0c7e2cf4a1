import { data, Form, href, useNavigation } from "react-router";
import { FormAlert } from "~/components/forms/text-field";
import { Button, ButtonLink } from "~/components/ui/button";
import { dbContext } from "~/lib/db-context.server";
import { studioTitle } from "~/lib/page-title";
import { PAYOUT_HOLD_DAYS_AFTER_BANK_CHANGE } from "~/modules/money";
import { maskedIban } from "~/modules/money/bank-account";
import { previewPayoutDetailsChange } from "~/modules/money/payout-details.server";
import { formatPayoutDay } from "~/modules/money/payout-readiness";
import { requireStudioCreator } from "~/routes/guards.server";
import type { Route } from "./+types/studio-payout-details-confirm";
import { confirmChangeAction } from "./studio-money-action.server";

/**
 * The page of the link emailed for a change of bank account. Opening it changes nothing (mail
 * scanners open links): it says what would change, and its button confirms. Only the creator who
 * asked, signed in, can use it; anyone else's link is unknown here.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = requireStudioCreator(request, context);
  const preview = await previewPayoutDetailsChange(context.get(dbContext), viewer.user.id, params.token);
  return data({ preview }, { status: preview.ok ? 200 : preview.status });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = requireStudioCreator(request, context);
  return confirmChangeAction(context.get(dbContext), viewer.user.id, params.token);
}

export const meta: Route.MetaFunction = () => [{ title: studioTitle("Confirm your bank account") }, { name: "robots", content: "noindex" }];

export default function StudioPayoutDetailsConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const { preview } = loaderData;
  const busy = useNavigation().state !== "idle";
  const back = (
    <ButtonLink to={href("/studio/payouts/details")} variant="secondary" className="mt-6">
      Back to payout details
    </ButtonLink>
  );

  if (actionData && "last4" in actionData) {
    return (
      <main className="mx-auto max-w-2xl px-4 py-10" data-testid="change-confirmed">
        <h1 className="text-3xl font-bold">Bank account confirmed</h1>
        <p className="mt-3 text-neutral-800">
          Your payouts now go to the account ending {actionData.last4}.
          {actionData.holdUntil
            ? ` For your safety, your next payout waits ${PAYOUT_HOLD_DAYS_AFTER_BANK_CHANGE} days, until ${formatPayoutDay(actionData.holdUntil)}.`
            : ""}
        </p>
        {back}
      </main>
    );
  }

  const refusal = actionData && "formError" in actionData ? actionData.formError : !preview.ok ? preview.error : undefined;
  return (
    <main className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="text-3xl font-bold">Confirm your bank account</h1>
      {refusal || !preview.ok ? (
        <>
          <div className="mt-4">
            <FormAlert message={refusal} />
          </div>
          {back}
        </>
      ) : (
        <>
          <p className="mt-3 text-neutral-800" data-testid="change-summary">
            {preview.change.oldLast4 ? (
              <>
                Your payouts will go to <strong>{maskedIban(preview.change.newCountry, preview.change.newLast4)}</strong> instead of the account ending{" "}
                {preview.change.oldLast4}, in the name of {preview.change.holderName}.
              </>
            ) : (
              <>
                Your payouts will go to <strong>{maskedIban(preview.change.newCountry, preview.change.newLast4)}</strong>, in the name of{" "}
                {preview.change.holderName}.
              </>
            )}
          </p>
          {preview.change.kind === "change" ? (
            <p className="mt-2 text-sm text-neutral-600">For your safety, your next payout then waits {PAYOUT_HOLD_DAYS_AFTER_BANK_CHANGE} days.</p>
          ) : null}
          <p className="mt-2 text-sm text-neutral-600">
            Requested on {formatPayoutDay(preview.change.requestedAt)}; this link works until {formatPayoutDay(preview.change.expiresAt)}. If you did not ask
            for this, do not confirm: change your password instead.
          </p>
          <Form method="post" className="mt-6">
            <Button type="submit" disabled={busy}>
              Confirm the new bank account
            </Button>
          </Form>
        </>
      )}
    </main>
  );
}
