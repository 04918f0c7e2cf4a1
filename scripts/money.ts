/**
 * Operator CLI for the money room (modules/money), on the configured database (DATABASE_URL, or the
 * embedded one under DATA_DIR — stop the server first: PGlite is single-process).
 *
 *   npm run money -- close 2026-11     close a month: earnings, the Premium pool, statements
 *   npm run money -- closes            the months closed so far, with their totals
 *
 * A close is one database transaction: killed at any moment it leaves nothing, and run again it
 * posts everything once; a month already closed is reported and left as it is (exit 0). Refused
 * (exit 1): a month not over yet in Central European Time, or one out of order.
 */
import { sql } from "drizzle-orm";
import { closeDb, getDb, migrateDatabase } from "../app/lib/db.server";
import { cents, formatEuros } from "../app/modules/money";
import { closeMonth, type CloseTotals } from "../app/modules/money/index.server";

const USAGE = "usage: npm run money -- close YYYY-MM | closes";

const eur = (amount: number) => formatEuros(cents(amount), { currency: "code", decimals: "always" });

function describe(t: CloseTotals): string {
  return [
    `  portions earned: ${t.portions}`,
    `  Supporters: ${eur(t.supporterAfterVat)} after VAT, ${eur(t.supporterShares)} to creators`,
    `  Premium: ${eur(t.premiumAfterVat)} after VAT, net ${eur(t.netPremium)}, pool ${eur(t.pool)}${t.totalPoints > 0 ? "" : " (no points: kept as platform revenue)"}`,
    `  engagement points: ${t.totalPoints.toLocaleString("en")}; creators paid: ${t.creatorsPaid}`,
  ].join("\n");
}

async function main(): Promise<number> {
  const [command, month, ...rest] = process.argv.slice(2);
  if (!((command === "close" && month && rest.length === 0) || (command === "closes" && !month))) {
    console.error(USAGE);
    return 2;
  }
  const db = await getDb();
  await migrateDatabase(db);
  if (command === "closes") {
    const { rows } = await db.execute<{ month: string; closed_at: Date; pool: number; shares: number }>(sql`
      select to_char(month, 'YYYY-MM') as month, closed_at, pool_cents::float8 as pool, supporter_shares_cents::float8 as shares
      from money_closes order by month`);
    if (rows.length === 0) console.log("no month closed yet");
    for (const r of rows) console.log(`${r.month}  closed ${new Date(r.closed_at).toISOString()}  Supporter shares ${eur(r.shares)}  pool ${eur(r.pool)}`);
    return 0;
  }
  const started = performance.now();
  const result = await closeMonth(db, month!, { actor: { userId: null, ip: null } });
  if (!result.ok) {
    console.error(result.error);
    return 1;
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(result.closed ? `Closed ${month} in ${seconds} s:` : `${month} was already closed (${result.totals.closedAt.toISOString()}); nothing changed:`);
  console.log(describe(result.totals));
  return 0;
}

main()
  .then(async (code) => {
    await closeDb();
    process.exitCode = code;
  })
  .catch(async (error) => {
    console.error(error);
    await closeDb().catch(() => {});
    process.exitCode = 1;
  });
