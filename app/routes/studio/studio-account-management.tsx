import { data, Form, href, Link, redirect, useNavigation } from "react-router";
import { FormAlert, TextField } from "~/components/forms/text-field";
import { Button, ButtonLink } from "~/components/ui/button";
import { dbContext } from "~/lib/db-context.server";
import { studioTitle } from "~/lib/page-title";
import { plural } from "~/lib/plural";
import { formatEuros, ordinalDay, PAYOUT_DAY_OF_MONTH, PAYOUT_MINIMUM } from "~/modules/money";
import { paymentProvider } from "~/modules/memberships/providers/choose.server";
import { leavingPreview, stopBeingCreator } from "~/modules/creators/leave-creator.server";
import { requireStudioCreator } from "~/routes/guards.server";
import type { Route } from "./+types/studio-account-management";

export const CONFIRM_MESSAGE = "Type your handle to confirm";

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireStudioCreator(request, context);
  return { handle: viewer.profile.handle, preview: await leavingPreview(context.get(dbContext), viewer.user.id) };
}

/** Stop being a creator: confirmed by typing the handle; then the account page, where the member carries on. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireStudioCreator(request, context);
  const form = await request.formData();
  if (form.get("intent") !== "stop-creator") return data({ error: "Unknown request" }, { status: 400 });
  const typed = String(form.get("confirm") ?? "")
    .trim()
    .replace(/^@/, "")
    .toLowerCase();
  if (typed !== viewer.profile.handle.toLowerCase()) return data({ error: CONFIRM_MESSAGE }, { status: 400 });
  const db = context.get(dbContext);
  const result = await stopBeingCreator(db, paymentProvider(db, request), viewer.user.id);
  if (!result.ok) return data({ error: result.error }, { status: result.status });
  throw redirect(href("/account"));
}

export const meta: Route.MetaFunction = () => [{ title: studioTitle("Account management") }, { name: "robots", content: "noindex" }];

/** /studio/account-management: a copy of every map, stopping being a creator (what happens, then confirm), and the account page. */
export default function StudioAccountManagement({ loaderData, actionData }: Route.ComponentProps) {
  const { handle, preview } = loaderData;
  const busy = useNavigation().state !== "idle";
  const minimum = formatEuros(PAYOUT_MINIMUM, { currency: "code" });
  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold">Account management</h1>

      <section aria-labelledby="download" className="mt-8 rounded-xl border border-neutral-200 bg-white p-5">
        <h2 id="download" className="text-xl font-semibold">
          Download all my maps
        </h2>
        <p className="mt-1 text-neutral-700">
          A zip file with one GeoJSON file per map: every spot, drafts included, with its name, texts, category, address, website, photos and coordinates.
        </p>
        <ButtonLink to={href("/studio/account-management/maps.zip")} reloadDocument variant="secondary" className="mt-4" download>
          Download my maps (zip)
        </ButtonLink>
      </section>

      <section aria-labelledby="account" className="mt-6 rounded-xl border border-neutral-200 bg-white p-5">
        <h2 id="account" className="text-xl font-semibold">
          Email, password and deleting your account
        </h2>
        <p className="mt-1 text-neutral-700">
          These are on your{" "}
          <Link to={href("/account")} className="font-medium text-brand-700 hover:underline">
            account page
          </Link>
          .
        </p>
      </section>

      <section aria-labelledby="stop" className="mt-6 rounded-xl border border-red-200 bg-white p-5" data-testid="stop-creator">
        <h2 id="stop" className="text-xl font-semibold">
          Stop being a creator
        </h2>
        <p className="mt-1 text-neutral-700">You keep your account, your Atlas and your own memberships. This is what happens, as the Creator Terms set out:</p>
        <ul className="mt-3 list-disc space-y-2 pl-6 text-neutral-800" data-testid="stop-consequences">
          <li>
            {preview.publishedMaps.length === 0 ? (
              "You have no published maps."
            ) : (
              <>
                {plural(preview.publishedMaps.length, "published map")} will be unpublished and disappear from the site:{" "}
                {preview.publishedMaps.map((m) => m.title).join(", ")}.
              </>
            )}{" "}
            {preview.draftMaps > 0 ? `Your ${plural(preview.draftMaps, "draft map")} stay${preview.draftMaps === 1 ? "s" : ""} as drafts.` : null} Nothing is
            deleted.
          </li>
          <li>
            {preview.supportersToCancel === 0
              ? "No Supporter subscription to you is renewing."
              : `${plural(preview.supportersToCancel, "Supporter subscription")} to you will be cancelled at the end of the period already paid, with no further renewal.`}
          </li>
          <li>
            Your remaining balance is paid in the next payout run (by the {ordinalDay(PAYOUT_DAY_OF_MONTH)} of the month), even if it is below the usual{" "}
            {minimum} minimum, after any amounts owed or withheld (
            <Link to={href("/info/:slug", { slug: "creator-compensation" })} className="text-brand-700 hover:underline">
              Creator Compensation, section 6
            </Link>
            ).
          </li>
          <li>Your public page /@{handle} stops showing you as a creator, and the Studio closes. To come back, you apply again.</li>
        </ul>
        <Form method="post" className="mt-5 space-y-3">
          <input type="hidden" name="intent" value="stop-creator" />
          <FormAlert message={actionData?.error} />
          <TextField label={`Type your handle (${handle}) to confirm`} name="confirm" autoComplete="off" autoCapitalize="none" spellCheck={false} required />
          <Button type="submit" variant="danger" disabled={busy}>
            Stop being a creator
          </Button>
        </Form>
      </section>
    </main>
  );
}
