import { href, Link } from "react-router";
import { CollabStatusBadge } from "~/components/collab-status";
import { dbContext } from "~/lib/db-context.server";
import { studioTitle } from "~/lib/page-title";
import { formatFee } from "~/modules/collabs";
import { briefsForCreator } from "~/modules/collabs/index.server";
import { requireStudioCreator } from "~/routes/guards.server";
import type { Route } from "./+types/studio-collabs";

export async function loader({ request, context }: Route.LoaderArgs) {
  const creator = requireStudioCreator(request, context);
  return { briefs: await briefsForCreator(context.get(dbContext), creator.user.id) };
}

export const meta: Route.MetaFunction = () => [{ title: studioTitle("Collaborations") }, { name: "robots", content: "noindex" }];

/** /studio/collabs: the paid collaborations offered to this creator, newest first. */
export default function StudioCollabs({ loaderData }: Route.ComponentProps) {
  const { briefs } = loaderData;
  return (
    <main className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-bold">Collaborations</h1>
      <p className="mt-2 text-neutral-700">Paid collaborations we propose to you. Open one to accept or decline it, then tell us how it goes.</p>
      {briefs.length === 0 ? (
        <p className="mt-6 text-neutral-700">No collaborations yet.</p>
      ) : (
        <ul className="mt-6 divide-y rounded-lg border border-neutral-200" data-testid="studio-briefs">
          {briefs.map((b) => (
            <li key={b.id} className="flex flex-wrap items-center justify-between gap-2 p-4">
              <div>
                <Link to={href("/studio/collabs/:briefId", { briefId: b.id })} className="font-medium text-brand-700 hover:underline">
                  {b.title}
                </Link>
                <p className="text-sm text-neutral-600">
                  {formatFee(b.feeCents)} · due {b.dueDate}
                  {b.destination ? ` · ${b.destination}` : ""}
                </p>
              </div>
              <CollabStatusBadge status={b.status} />
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
