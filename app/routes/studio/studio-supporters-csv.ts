import { dbContext } from "~/lib/db-context.server";
import { supporterLists, supportersCsv } from "~/modules/supporters/index.server";
import { requireStudioCreator } from "~/routes/guards.server";
import type { Route } from "./+types/studio-supporters-csv";

/** /studio/supporters.csv: every supporter of the signed-in creator, current and former; no email, no user id. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireStudioCreator(request, context);
  const { current, former } = await supporterLists(context.get(dbContext), viewer.profile.id);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(supportersCsv(current, former), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="supporters-${viewer.profile.handle}-${day}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
