import { data, Form, href, Link, redirect } from "react-router";
import { FormAlert } from "~/components/forms/text-field";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { dbContext } from "~/lib/db-context.server";
import { adminTitle } from "~/lib/page-title";
import { siteUrl } from "~/lib/site-url.server";
import { clientIp } from "~/modules/auth/session.server";
import { GROUNDS, groundLabel, groundOf, isModerationTarget, TARGET_NAMES } from "~/modules/moderation";
import { decideAppeal, findTarget, listTakedowns, restore, takeDown, type TakedownRow } from "~/modules/moderation/index.server";
import { requireAdmin } from "~/routes/guards.server";
import type { Route } from "./+types/admin-moderation";

const DONE: Record<string, string> = {
  "taken-down": "Taken down: the creator was sent the statement of reasons",
  restored: "Restored: the item is back as the creator had it, and the creator was told",
  upheld: "The appeal was answered: the takedown stays, and the creator was told",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const db = context.get(dbContext);
  const search = new URL(request.url).searchParams;
  const type = search.get("type");
  const id = search.get("id") ?? "";
  const target = isModerationTarget(type) && id ? await findTarget(db, type, id) : null;
  return {
    target,
    asked: Boolean(type || id),
    reportId: search.get("report") ?? "",
    ...(await listTakedowns(db)),
    notice: DONE[search.get("done") ?? ""] ?? null,
  };
}

export interface ModerationActionData {
  formError?: string;
  fieldErrors?: Record<string, string>;
  values?: { ground: string; facts: string };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(request, context);
  const db = context.get(dbContext);
  const actor = { userId: admin.user.id, ip: clientIp(context) };
  const form = await request.formData();
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const intent = text("intent");
  const done = (what: string) => redirect(`${href("/admin/moderation")}?done=${what}`);
  const siteOrigin = siteUrl(request);
  if (intent === "takedown") {
    const type = text("type");
    const values = { ground: text("ground"), facts: text("facts") };
    if (!isModerationTarget(type)) return data<ModerationActionData>({ formError: "Choose what to take down", values }, { status: 400 });
    const result = await takeDown(db, actor, {
      type,
      id: text("id"),
      ground: values.ground,
      facts: values.facts,
      reportId: text("report") || null,
      siteOrigin,
    });
    if (!result.ok) return data<ModerationActionData>({ formError: result.error, fieldErrors: result.fieldErrors, values }, { status: result.status });
    throw done("taken-down");
  }
  if (intent === "restore") {
    const result = await restore(db, actor, text("actionId"), { siteOrigin });
    if (!result.ok) return data<ModerationActionData>({ formError: result.error }, { status: result.status });
    throw done("restored");
  }
  if (intent === "uphold" || intent === "restore-appeal") {
    const result = await decideAppeal(db, actor, text("appealId"), intent === "uphold" ? "upheld" : "restored", text("note"), { siteOrigin });
    if (!result.ok) return data<ModerationActionData>({ formError: result.error }, { status: result.status });
    throw done(intent === "uphold" ? "upheld" : "restored");
  }
  return data<ModerationActionData>({ formError: "Unknown request" }, { status: 400 });
}

export const meta: Route.MetaFunction = () => [{ title: adminTitle("Moderation") }, { name: "robots", content: "noindex" }];

const when = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
const day = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "UTC" });
const field = "mt-1 block w-full rounded-lg border border-neutral-300 px-3 py-2 text-sm";

function groundText(key: string) {
  const ground = groundOf(key);
  return ground ? groundLabel(ground) : key;
}

function Takedown({ row }: { row: TakedownRow }) {
  return (
    <li className="rounded-xl border border-neutral-200 p-4" data-testid="takedown">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold">
          <span className="mr-2 rounded-full bg-neutral-100 px-2 py-0.5 text-xs font-semibold text-neutral-700 uppercase">{TARGET_NAMES[row.targetType]}</span>
          {row.label}
          {row.creatorHandle ? <span className="ml-2 font-normal text-neutral-600">@{row.creatorHandle}</span> : null}
        </p>
        <p className="text-sm text-neutral-600">
          {when.format(new Date(row.createdAt))} UTC{row.adminName ? ` by ${row.adminName}` : ""}
        </p>
      </div>
      <p className="mt-2 text-sm">
        <strong>Ground:</strong> {groundText(row.ground)}
      </p>
      <p className="mt-1 text-sm whitespace-pre-line">
        <strong>Facts:</strong> {row.facts}
      </p>
      <p className="mt-1 text-sm text-neutral-600">
        {row.restoredAt ? `Restored ${when.format(new Date(row.restoredAt))} UTC` : `Appeal possible until ${day.format(new Date(row.appealDeadline))}`}
      </p>
      {row.appeal ? (
        <div className="mt-3 rounded-lg bg-amber-50 p-3 text-sm" data-testid="appeal">
          <p className="font-semibold">
            Appeal of {when.format(new Date(row.appeal.createdAt))} UTC
            {row.appeal.decision ? ` — ${row.appeal.decision === "upheld" ? "upheld" : "restored"}` : " — open"}
          </p>
          <p className="mt-1 whitespace-pre-line">{row.appeal.text}</p>
          {row.appeal.decision === null ? (
            <Form method="post" className="mt-3 space-y-2">
              <input type="hidden" name="appealId" value={row.appeal.id} />
              <label className="block text-sm font-medium">
                Reply to the creator (optional)
                <textarea name="note" rows={2} className={field} />
              </label>
              <div className="flex gap-2">
                <Button type="submit" name="intent" value="uphold" size="sm" variant="secondary">
                  Uphold the takedown
                </Button>
                <Button type="submit" name="intent" value="restore-appeal" size="sm">
                  Restore
                </Button>
              </div>
            </Form>
          ) : null}
        </div>
      ) : null}
      {!row.restoredAt && !(row.appeal && row.appeal.decision === null) ? (
        <Form method="post" className="mt-3">
          <input type="hidden" name="actionId" value={row.id} />
          <Button type="submit" name="intent" value="restore" size="sm" variant="secondary">
            Restore
          </Button>
        </Form>
      ) : null}
    </li>
  );
}

/**
 * /admin/moderation: take down a map, spot, post or creator with a ground of the Creator Terms and the
 * facts (reached from the public pages' "Moderate" control or a report), the takedowns in force with
 * Restore, and the creators' appeals to uphold or restore.
 */
export default function AdminModeration({ loaderData, actionData }: Route.ComponentProps) {
  const { target, asked, reportId, active, restored, notice } = loaderData;
  const values = actionData?.values;
  const errors = actionData?.fieldErrors ?? {};
  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold">Moderation</h1>
      {notice ? (
        <div className="mt-4">
          <FormAlert tone="success" message={notice} />
        </div>
      ) : null}
      {actionData?.formError ? (
        <div className="mt-4">
          <FormAlert message={actionData.formError} />
        </div>
      ) : null}
      {target ? (
        <section className="mt-6 rounded-2xl border border-neutral-200 p-6" aria-labelledby="takedown-heading">
          <h2 id="takedown-heading" className="text-xl font-semibold">
            Take down this {TARGET_NAMES[target.type]}
          </h2>
          <p className="mt-1 text-sm text-neutral-700">
            <Link to={target.path} className="font-medium text-brand-700 hover:underline">
              {target.label}
            </Link>{" "}
            — {target.published ? "public now" : "not public now"}. The creator is emailed a statement of reasons with the ground and the facts below, and may
            appeal within 6 months.
          </p>
          <Form method="post" className="mt-4 space-y-4">
            <input type="hidden" name="intent" value="takedown" />
            <input type="hidden" name="type" value={target.type} />
            <input type="hidden" name="id" value={target.id} />
            {reportId ? <input type="hidden" name="report" value={reportId} /> : null}
            <label className="block text-sm font-medium">
              Ground
              <select name="ground" required defaultValue={values?.ground ?? ""} className={field} aria-invalid={errors.ground ? true : undefined}>
                <option value="" disabled>
                  Choose a ground of the Creator Terms…
                </option>
                <optgroup label="Law (illegal content)">
                  {GROUNDS.filter((g) => g.kind === "law").map((g) => (
                    <option key={g.key} value={g.key}>
                      Law: {g.label} (section {g.section})
                    </option>
                  ))}
                </optgroup>
                <optgroup label="Creator Terms">
                  {GROUNDS.filter((g) => g.kind === "terms").map((g) => (
                    <option key={g.key} value={g.key}>
                      Terms: {g.label} (section {g.section})
                    </option>
                  ))}
                </optgroup>
              </select>
              {errors.ground ? <span className="mt-1 block text-sm text-red-700">{errors.ground}</span> : null}
            </label>
            <label className="block text-sm font-medium">
              Facts and circumstances (sent to the creator)
              <textarea name="facts" rows={4} required defaultValue={values?.facts ?? ""} className={field} aria-invalid={errors.facts ? true : undefined} />
              {errors.facts ? <span className="mt-1 block text-sm text-red-700">{errors.facts}</span> : null}
            </label>
            <Button type="submit" variant="danger" size="md">
              Take down
            </Button>
          </Form>
        </section>
      ) : asked ? (
        <div className="mt-4">
          <FormAlert message="That item does not exist (any more)" />
        </div>
      ) : null}
      <section className="mt-8" aria-labelledby="active-heading">
        <h2 id="active-heading" className="text-xl font-semibold">
          Taken down now
        </h2>
        {active.length === 0 ? (
          <div className="mt-4">
            <EmptyState title="Nothing is taken down" description='Use "Moderate" on a public map, spot, post or creator page, or act on a report.' />
          </div>
        ) : (
          <ul className="mt-4 space-y-3" data-testid="takedowns-active">
            {active.map((row) => (
              <Takedown key={row.id} row={row} />
            ))}
          </ul>
        )}
      </section>
      {restored.length > 0 ? (
        <section className="mt-8" aria-labelledby="restored-heading">
          <h2 id="restored-heading" className="text-xl font-semibold">
            Restored
          </h2>
          <ul className="mt-4 space-y-3" data-testid="takedowns-restored">
            {restored.map((row) => (
              <Takedown key={row.id} row={row} />
            ))}
          </ul>
        </section>
      ) : null}
    </main>
  );
}
