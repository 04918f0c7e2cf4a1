import { data, Form, href, redirect } from "react-router";
import { FormAlert } from "~/components/forms/text-field";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { dbContext } from "~/lib/db-context.server";
import { studioTitle } from "~/lib/page-title";
import { groundOf, TARGET_NAMES } from "~/modules/moderation";
import { appeal, noticesFor } from "~/modules/moderation/index.server";
import { requireStudioCreator } from "~/routes/guards.server";
import type { Route } from "./+types/studio-notices";

/** /studio/notices: the statements of reasons for the creator's own content (selected by their id), each with its appeal. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireStudioCreator(request, context);
  const notices = await noticesFor(context.get(dbContext), viewer.profile.id);
  return { notices, now: new Date().toISOString(), appealed: new URL(request.url).searchParams.has("appealed") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireStudioCreator(request, context);
  const form = await request.formData();
  const actionId = String(form.get("actionId") ?? "");
  const result = await appeal(context.get(dbContext), viewer.profile.id, actionId, String(form.get("text") ?? ""));
  if (!result.ok) return data({ actionId, error: result.error }, { status: result.status });
  throw redirect(`${href("/studio/notices")}?appealed=1`);
}

export const meta: Route.MetaFunction = () => [{ title: studioTitle("Notices") }, { name: "robots", content: "noindex" }];

const day = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "UTC" });

export default function StudioNotices({ loaderData, actionData }: Route.ComponentProps) {
  const { notices, now, appealed } = loaderData;
  return (
    <main className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-bold">Notices</h1>
      <p className="mt-1 text-neutral-700">When we take down your content we tell you why here and by email, and you can appeal.</p>
      {appealed ? (
        <div className="mt-4">
          <FormAlert tone="success" message="Your appeal was sent. We will review it and email you the outcome." />
        </div>
      ) : null}
      {notices.length === 0 ? (
        <div className="mt-8">
          <EmptyState title="No notices" description="None of your content has been taken down." />
        </div>
      ) : (
        <ul className="mt-6 space-y-4">
          {notices.map((n) => {
            const ground = groundOf(n.ground);
            const open = !n.restoredAt && !n.appeal && new Date(n.appealDeadline).getTime() >= new Date(now).getTime();
            return (
              <li key={n.id} className="rounded-2xl border border-neutral-200 p-5" data-testid="notice">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h2 className="text-lg font-semibold">
                    Your {TARGET_NAMES[n.targetType]} “{n.label}”
                  </h2>
                  <span
                    className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${n.restoredAt ? "bg-brand-50 text-brand-700" : "bg-red-50 text-red-800"}`}
                    data-testid="notice-status"
                  >
                    {n.restoredAt ? "Restored" : "Taken down"}
                  </span>
                </div>
                <dl className="mt-3 space-y-2 text-sm">
                  <div>
                    <dt className="font-semibold">Decided on</dt>
                    <dd>{day.format(new Date(n.createdAt))}</dd>
                  </div>
                  <div>
                    <dt className="font-semibold">Ground</dt>
                    <dd>
                      {n.groundKind === "law" ? "The law (illegal content)" : "Our Creator Terms"}: {ground?.label ?? n.ground}
                      {ground ? `, Creator Terms section ${ground.section}` : ""}
                    </dd>
                  </div>
                  <div>
                    <dt className="font-semibold">Facts</dt>
                    <dd className="whitespace-pre-line">{n.facts}</dd>
                  </div>
                  <div>
                    <dt className="font-semibold">Automated</dt>
                    <dd>{n.automated ? "Automated means were used" : "No: decided by a person, not by automated means"}</dd>
                  </div>
                  {!n.restoredAt ? (
                    <div>
                      <dt className="font-semibold">Appeal until</dt>
                      <dd>{day.format(new Date(n.appealDeadline))}</dd>
                    </div>
                  ) : null}
                </dl>
                {n.appeal ? (
                  <div className="mt-4 rounded-lg bg-neutral-50 p-3 text-sm" data-testid="notice-appeal">
                    <p className="font-semibold">
                      Your appeal:{" "}
                      {n.appeal.decision === null
                        ? "waiting for review"
                        : n.appeal.decision === "upheld"
                          ? "reviewed, the decision stands"
                          : "accepted, restored"}
                    </p>
                    <p className="mt-1 whitespace-pre-line">{n.appeal.text}</p>
                    {n.appeal.decisionNote ? <p className="mt-2">Our reply: {n.appeal.decisionNote}</p> : null}
                  </div>
                ) : null}
                {open ? (
                  <Form method="post" className="mt-4 space-y-2">
                    <input type="hidden" name="actionId" value={n.id} />
                    <label className="block text-sm font-medium">
                      Appeal: why should we review this decision?
                      <textarea name="text" rows={4} required className="mt-1 block w-full rounded-lg border border-neutral-300 px-3 py-2 text-sm" />
                    </label>
                    {actionData && actionData.actionId === n.id ? <FormAlert message={actionData.error} /> : null}
                    <Button type="submit" size="md">
                      Appeal
                    </Button>
                  </Form>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </main>
  );
}
