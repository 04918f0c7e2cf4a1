import { href, Link } from "react-router";
import { CollabStatusBadge } from "~/components/collab-status";
import { ButtonLink } from "~/components/ui/button";
import { dbContext } from "~/lib/db-context.server";
import { adminTitle } from "~/lib/page-title";
import { COLLAB_STATUSES, formatFee, STATUS_LABELS } from "~/modules/collabs";
import { briefsForAdmin, type BriefSummary } from "~/modules/collabs/index.server";
import { requireAdmin } from "~/routes/guards.server";
import type { Route } from "./+types/admin-collabs";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const view = new URL(request.url).searchParams.get("view") === "table" ? "table" : "board";
  return { briefs: await briefsForAdmin(context.get(dbContext)), view };
}

export const meta: Route.MetaFunction = () => [{ title: adminTitle("Collaborations") }, { name: "robots", content: "noindex" }];

const creatorOf = (b: BriefSummary) => (b.creator.handle ? `@${b.creator.handle}` : (b.creator.name ?? "—"));

/** /admin/creator-collab: the pipeline of paid collaborations, as a board by status or as a table. */
export default function AdminCollabs({ loaderData }: Route.ComponentProps) {
  const { briefs, view } = loaderData;
  const base = href("/admin/creator-collab");
  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold">Collaborations</h1>
        <ButtonLink to={href("/admin/creator-collab/new")}>New brief</ButtonLink>
      </div>
      <p className="mt-2 text-neutral-700">Paid collaborations with creators, from the proposal to the payment.</p>
      <nav aria-label="View" className="mt-4 flex gap-2 text-sm">
        <Link to={base} aria-current={view === "board" ? "page" : undefined} className={view === "board" ? "font-semibold" : "text-brand-700 hover:underline"}>
          Board
        </Link>
        <Link
          to={`${base}?view=table`}
          aria-current={view === "table" ? "page" : undefined}
          className={view === "table" ? "font-semibold" : "text-brand-700 hover:underline"}
        >
          Table
        </Link>
      </nav>
      {briefs.length === 0 ? <p className="mt-6 text-neutral-700">No briefs yet.</p> : null}
      {view === "board" ? (
        <div className="mt-6 grid gap-4 md:grid-cols-3 lg:grid-cols-6" data-testid="collab-board">
          {COLLAB_STATUSES.map((status) => {
            const column = briefs.filter((b) => b.status === status);
            return (
              <section key={status} aria-label={STATUS_LABELS[status]} className="rounded-lg bg-neutral-50 p-2" data-testid={`column-${status}`}>
                <h2 className="px-1 text-sm font-semibold">
                  {STATUS_LABELS[status]} ({column.length})
                </h2>
                <ul className="mt-2 space-y-2">
                  {column.map((b) => (
                    <li key={b.id} className="rounded-md border border-neutral-200 bg-white p-2 text-sm">
                      <Link to={href("/admin/creator-collab/:briefId", { briefId: b.id })} className="font-medium text-brand-700 hover:underline">
                        {b.title}
                      </Link>
                      <p className="text-neutral-700">{creatorOf(b)}</p>
                      <p className="text-neutral-600">
                        {formatFee(b.feeCents)} · due {b.dueDate}
                      </p>
                    </li>
                  ))}
                </ul>
              </section>
            );
          })}
        </div>
      ) : (
        <table className="mt-6 w-full text-left text-sm" data-testid="collab-table">
          <thead>
            <tr className="border-b">
              <th className="py-2">Title</th>
              <th>Creator</th>
              <th>Destination</th>
              <th>Fee</th>
              <th>Due</th>
              <th>Status</th>
            </tr>
          </thead>
          <tbody>
            {briefs.map((b) => (
              <tr key={b.id} className="border-b">
                <td className="py-2">
                  <Link to={href("/admin/creator-collab/:briefId", { briefId: b.id })} className="font-medium text-brand-700 hover:underline">
                    {b.title}
                  </Link>
                </td>
                <td>{creatorOf(b)}</td>
                <td>{b.destination ?? "—"}</td>
                <td>{formatFee(b.feeCents)}</td>
                <td>{b.dueDate}</td>
                <td>
                  <CollabStatusBadge status={b.status} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </main>
  );
}
