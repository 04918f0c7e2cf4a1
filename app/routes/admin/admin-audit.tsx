import { Form, href, Link } from "react-router";
import { EmptyState } from "~/components/ui/empty-state";
import { Button } from "~/components/ui/button";
import { dbContext } from "~/lib/db-context.server";
import { adminTitle } from "~/lib/page-title";
import { auditFacets, auditLog, type AuditFilters } from "~/modules/audit/index.server";
import { requireAdmin } from "~/routes/guards.server";
import type { Route } from "./+types/admin-audit";

/** A UTC day from a date input ("2026-11-26"), or nothing for anything else. */
function dayOf(value: string | null): Date | undefined {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const db = context.get(dbContext);
  const search = new URL(request.url).searchParams;
  const text = (name: string) => (search.get(name) ?? "").slice(0, 200);
  const filters: AuditFilters = {
    actorId: text("actor") || undefined,
    action: text("action") || undefined,
    targetType: text("target") || undefined,
    from: dayOf(search.get("from")),
    to: dayOf(search.get("to")),
  };
  const page = Number.parseInt(search.get("page") ?? "1", 10);
  const [log, facets] = await Promise.all([auditLog(db, filters, Number.isFinite(page) ? page : 1), auditFacets(db)]);
  return {
    ...log,
    page: Math.min(Math.max(1, Number.isFinite(page) ? page : 1), log.pages),
    facets,
    values: { actor: text("actor"), action: text("action"), target: text("target"), from: filters.from ? text("from") : "", to: filters.to ? text("to") : "" },
  };
}

export const meta: Route.MetaFunction = () => [{ title: adminTitle("Audit log") }, { name: "robots", content: "noindex" }];

const when = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "medium", timeZone: "UTC" });
const field = "mt-1 block w-full rounded-lg border border-neutral-300 px-3 py-2 text-sm";

function json(value: unknown): string {
  return value === null || value === undefined ? "—" : JSON.stringify(value, null, 1);
}

/** /admin/audit: every admin action, newest first, filtered by who, what, kind of target and dates; read-only (no route writes it). */
export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { entries, total, pages, page, facets, values } = loaderData;
  const pageLink = (to: number) => {
    const params = new URLSearchParams(Object.entries(values).filter(([, v]) => v) as [string, string][]);
    params.set("page", String(to));
    return `${href("/admin/audit")}?${params}`;
  };
  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold">Audit log</h1>
      <Form method="get" className="mt-6 grid gap-3 sm:grid-cols-3 lg:grid-cols-6 lg:items-end" aria-label="Filter the audit log">
        <label className="text-sm font-medium">
          Admin
          <select name="actor" defaultValue={values.actor} className={field}>
            <option value="">Anyone</option>
            {facets.actors.map((a) => (
              <option key={a.id} value={a.id}>
                {a.label}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium">
          Action
          <select name="action" defaultValue={values.action} className={field}>
            <option value="">Any</option>
            {facets.actions.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium">
          Target
          <select name="target" defaultValue={values.target} className={field}>
            <option value="">Any</option>
            {facets.targetTypes.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium">
          From
          <input type="date" name="from" defaultValue={values.from} className={field} />
        </label>
        <label className="text-sm font-medium">
          To
          <input type="date" name="to" defaultValue={values.to} className={field} />
        </label>
        <Button type="submit" size="md">
          Filter
        </Button>
      </Form>
      <p className="mt-4 text-sm text-neutral-600" data-testid="audit-total">
        {total === 1 ? "1 entry" : `${total} entries`}
      </p>
      {entries.length === 0 ? (
        <div className="mt-6">
          <EmptyState title="No entries" description="Nothing matches these filters." />
        </div>
      ) : (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full text-left text-sm" data-testid="audit-log">
            <thead>
              <tr className="border-b border-neutral-200 text-neutral-600">
                <th className="py-2 pr-3 font-medium">When (UTC)</th>
                <th className="py-2 pr-3 font-medium">Admin</th>
                <th className="py-2 pr-3 font-medium">Action</th>
                <th className="py-2 pr-3 font-medium">Target</th>
                <th className="py-2 pr-3 font-medium">Before</th>
                <th className="py-2 font-medium">After</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.seq} className="border-b border-neutral-100 align-top" data-testid="audit-entry">
                  <td className="py-2 pr-3 whitespace-nowrap">{when.format(new Date(entry.at))}</td>
                  <td className="py-2 pr-3">
                    {entry.actor.name ?? entry.actor.email ?? (entry.actor.id ? entry.actor.id : "System")}
                    {entry.actor.ip ? <div className="text-xs text-neutral-500">{entry.actor.ip}</div> : null}
                  </td>
                  <td className="py-2 pr-3 font-mono text-xs">{entry.action}</td>
                  <td className="py-2 pr-3 font-mono text-xs break-all">
                    {entry.target.type} {entry.target.id}
                  </td>
                  <td className="py-2 pr-3">
                    <pre className="max-w-64 font-mono text-xs whitespace-pre-wrap">{json(entry.before)}</pre>
                  </td>
                  <td className="py-2">
                    <pre className="max-w-64 font-mono text-xs whitespace-pre-wrap">{json(entry.after)}</pre>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pages > 1 ? (
        <nav aria-label="Pages" className="mt-6 flex items-center gap-4 text-sm">
          {page > 1 ? (
            <Link to={pageLink(page - 1)} className="font-medium text-brand-700 hover:underline">
              Newer
            </Link>
          ) : null}
          <span>
            Page {page} of {pages}
          </span>
          {page < pages ? (
            <Link to={pageLink(page + 1)} className="font-medium text-brand-700 hover:underline">
              Older
            </Link>
          ) : null}
        </nav>
      ) : null}
    </main>
  );
}
