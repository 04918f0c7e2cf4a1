import { lazy, Suspense } from "react";
import { data, href, Link, redirect } from "react-router";
import { dbContext } from "~/lib/db-context.server";
import { validate, type FieldErrors } from "~/lib/form-validation";
import { chooseFirstHandle } from "~/modules/creators/creator-handle.server";
import { firstHandleSchema } from "~/modules/creators/review-validation";
import { requireCreator } from "~/routes/guards.server";
import { ApplicationPending } from "~/components/studio/application-pending";
import { requireCreatorOrApplicant } from "./studio-applicant.server";
import { studioDashboard } from "~/modules/creator-stats/dashboard.server";
import { CHECKLIST_LABELS, DASHBOARD_DAYS, type ChecklistKey, type TopItem } from "~/modules/creator-stats/dashboard";
import { ActivityChart } from "~/components/studio/activity-chart";
import { Circle, CircleCheck } from "lucide-react";
import { TakenDownNotice } from "~/components/moderation/taken-down-notice";
import { takenDownOf } from "~/modules/moderation/index.server";
import type { Route } from "./+types/studio-home";
import { creatorPath } from "~/lib/paths";
import { plural } from "~/lib/plural";
import { studioTitle } from "~/lib/page-title";
import { TwoFactorInvite } from "~/components/studio/two-factor-invite";
import { invitesTwoFactor } from "./two-factor-invite.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const visitor = await requireCreatorOrApplicant(request, context);
  if (visitor.kind === "applicant") return { underReview: true as const, needsHandle: false as const, appliedAt: visitor.appliedAt };
  const viewer = visitor.creator;
  // A creator's public page is /@{handle}: nothing in the Studio until there is one (the other Studio pages send them here).
  if (!viewer.profile.handle) return { underReview: false as const, needsHandle: true as const };
  const db = context.get(dbContext);
  const [dashboard, takenDown, inviteTwoFactor] = await Promise.all([
    studioDashboard(db, viewer.profile.id, new Date()),
    takenDownOf(db, viewer.profile.id),
    invitesTwoFactor(db, viewer.profile.id),
  ]);
  // The creator's whole profile taken down: said first, with the way to the notice.
  const profileTakenDown = takenDown.creator.has(viewer.profile.id) ? [{ id: viewer.profile.id, label: `Your creator page /@${viewer.profile.handle}` }] : [];
  return { underReview: false as const, needsHandle: false as const, dashboard, handle: viewer.profile.handle, profileTakenDown, inviteTwoFactor };
}

interface HandleData {
  fieldErrors?: FieldErrors;
}

/** The first-visit step: choose the handle of the public page. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireCreator(request, context);
  const values = Object.fromEntries([...(await request.formData())].filter(([, v]) => typeof v === "string"));
  const parsed = validate(firstHandleSchema, values);
  if (!parsed.ok) return data<HandleData>({ fieldErrors: parsed.errors }, { status: 400 });
  const result = await chooseFirstHandle(context.get(dbContext), viewer.user.id, parsed.data.handle);
  if (!result.ok) return data<HandleData>({ fieldErrors: result.fieldErrors }, { status: 409 });
  throw redirect(href("/studio"));
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: studioTitle(loaderData?.underReview ? "Application under review" : loaderData?.needsHandle ? "Choose your handle" : "Dashboard"),
  },
  { name: "robots", content: "noindex" },
];

/**
 * Only a creator just approved sees the handle form, once: its form code (Zod and the validated form)
 * loads in the browser for them alone, instead of with every creator's dashboard. The server renders
 * it at once, so the form is in the page before, and without, JavaScript; hydration keeps that HTML
 * until the chunk has come.
 */
const ChooseHandle = import.meta.env.SSR
  ? (await import("~/components/studio/choose-handle")).ChooseHandle
  : lazy(() => import("~/components/studio/choose-handle").then((m) => ({ default: m.ChooseHandle })));

/** /studio: the dashboard. What the creator has built, who came in the last 30 days, what it earned, and what to do next. */
export default function StudioHome({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.underReview) return <ApplicationPending appliedAt={loaderData.appliedAt} />;
  if (loaderData.needsHandle)
    return (
      <Suspense fallback={null}>
        <ChooseHandle result={actionData} />
      </Suspense>
    );
  const { dashboard: d, handle, profileTakenDown, inviteTwoFactor } = loaderData;
  const allDone = d.checklist.every((item) => item.done);
  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <TakenDownNotice items={profileTakenDown} />
      <h1 className="text-3xl font-bold">Dashboard</h1>
      <p className="mt-1 text-neutral-600">
        Your public page:{" "}
        <Link to={creatorPath(handle)} className="font-medium text-brand-700 hover:underline">
          /@{handle}
        </Link>
      </p>
      {inviteTwoFactor ? <TwoFactorInvite /> : null}

      {allDone ? null : (
        <section aria-labelledby="getting-started" className="mt-8 rounded-xl border border-brand-100 bg-white p-5" data-testid="studio-checklist">
          <h2 id="getting-started" className="text-lg font-semibold">
            Getting started
          </h2>
          <p className="text-sm text-neutral-600">
            {d.checklist.filter((item) => item.done).length} of {d.checklist.length} done
          </p>
          <ul className="mt-3 space-y-2">
            {d.checklist.map((item) => (
              <li key={item.key} className="flex items-center gap-2" data-done={item.done}>
                {item.done ? <CircleCheck aria-hidden className="size-5 text-brand-600" /> : <Circle aria-hidden className="size-5 text-neutral-400" />}
                {item.done ? (
                  <span className="text-neutral-500 line-through">{CHECKLIST_LABELS[item.key]}</span>
                ) : (
                  <Link to={checklistTarget(item.key, handle)} className="font-medium text-brand-700 hover:underline">
                    {CHECKLIST_LABELS[item.key]}
                  </Link>
                )}
                <span className="sr-only">{item.done ? "(done)" : "(to do)"}</span>
              </li>
            ))}
          </ul>
        </section>
      )}

      <dl className="mt-8 grid grid-cols-2 gap-4 sm:grid-cols-5" data-testid="studio-stats">
        <Stat label="Published maps" value={d.maps.published} />
        <Stat label="Draft maps" value={d.maps.drafts} />
        <Stat label="Spots" value={d.spots} />
        <Stat label="Followers" value={d.followers} />
        <Stat label="Supporters" value={d.supporters} />
      </dl>

      <section aria-labelledby="activity" className="mt-10 rounded-xl border border-neutral-200 bg-white p-5">
        <h2 id="activity" className="text-xl font-semibold">
          Last {DASHBOARD_DAYS} days
        </h2>
        <p className="text-sm text-neutral-600" data-testid="activity-totals">
          {plural(d.totals.views, "view")} of your page, maps and spots · {plural(d.totals.saves, "save")}
        </p>
        <div className="mt-4">
          <ActivityChart days={d.days} />
        </div>
      </section>

      <div className="mt-10 grid gap-6 wide:grid-cols-3">
        <TopList title="Top maps" items={d.topMaps} empty="No views or saves of your maps yet." testId="top-maps" />
        <TopList title="Top spots" items={d.topSpots} empty="No views or saves of your spots yet." testId="top-spots" />
        <section aria-labelledby="earned" className="rounded-xl border border-neutral-200 bg-white p-5">
          <h2 id="earned" className="text-lg font-semibold">
            Brought in by you
          </h2>
          <p className="text-sm text-neutral-600">People whose last visit before joining or paying was to your page, a map or a spot.</p>
          <dl className="mt-3 space-y-1" data-testid="attributed">
            <Row label="Sign-ups" value={d.attributed.signUps} />
            <Row label="Premium memberships" value={d.attributed.premium} />
            <Row label="Supporter memberships" value={d.attributed.supporter} />
          </dl>
        </section>
      </div>
    </main>
  );
}

/** Where each getting-started step is done. */
function checklistTarget(key: ChecklistKey, handle: string): string {
  if (key === "profile") return href("/studio/profile");
  if (key === "share") return creatorPath(handle);
  return href("/studio/maps");
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-xl border border-neutral-200 bg-white p-4">
      <dt className="text-sm text-neutral-600">{label}</dt>
      <dd className="text-2xl font-bold tabular-nums">{value}</dd>
    </div>
  );
}

function Row({ label, value }: { label: string; value: number }) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="text-neutral-700">{label}</dt>
      <dd className="font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

function TopList({ title, items, empty, testId }: { title: string; items: TopItem[]; empty: string; testId: string }) {
  return (
    <section aria-label={title} className="rounded-xl border border-neutral-200 bg-white p-5" data-testid={testId}>
      <h2 className="text-lg font-semibold">{title}</h2>
      {items.length === 0 ? (
        <p className="mt-2 text-sm text-neutral-600">{empty}</p>
      ) : (
        <ol className="mt-3 space-y-2">
          {items.map((item) => (
            <li key={item.id} className="flex items-baseline gap-3">
              <Link
                to={
                  item.spotSlug
                    ? href("/maps/:mapId/spots/:spotId", { mapId: item.mapSlug, spotId: item.spotSlug })
                    : href("/maps/:mapId", { mapId: item.mapSlug })
                }
                className="min-w-0 flex-1 truncate font-medium text-brand-700 hover:underline"
              >
                {item.title}
              </Link>
              <span className="shrink-0 text-sm text-neutral-600 tabular-nums">
                {plural(item.views, "view")} · {plural(item.saves, "save")}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
