import { dbContext } from "~/lib/db-context.server";
import { paymentsEarning, type PaymentEarning } from "~/modules/money/index.server";
import { paymentsCsv } from "~/modules/money/payments-csv.server";
import { requireStudioCreator } from "~/routes/guards.server";
import type { Route } from "./+types/studio-revenue-payments-csv";

/** /studio/revenue/payments.csv: every Supporter payment of the signed-in creator with what it earned; nothing that names the member. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireStudioCreator(request, context);
  const db = context.get(dbContext);
  const all: PaymentEarning[] = [];
  // The largest page the money room gives, until every payment is in.
  for (let page = 1; ; page++) {
    const { payments, total } = await paymentsEarning(db, viewer.profile.id, { page, pageSize: 200 });
    all.push(...payments);
    if (payments.length === 0 || all.length >= total) break;
  }
  const day = new Date().toISOString().slice(0, 10);
  return new Response(paymentsCsv(all), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="payments-${viewer.profile.handle}-${day}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
