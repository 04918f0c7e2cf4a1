/**
 * Operator CLI for the money room (modules/money), on the configured database (DATABASE_URL, or the
 * embedded one under DATA_DIR — stop the server first: PGlite is single-process). One command per
 * verb, so the month close and the payout run sit side by side:
 *
 *   npm run money -- close 2026-11       close a month: earnings, the Premium pool, statements
 *   npm run money -- closes              the months closed so far, with their totals
 *   npm run money -- payouts 2026-11     pay November's balances (SEPA file in the documents bucket)
 *
 * A close and a payout run are each one database transaction: killed at any moment they leave
 * nothing, and run again they post everything once; a month already closed or paid is reported and
 * left as it is (exit 0). Refused (exit 1): a month not over yet in Central European Time, or one out
 * of order.
 */
import { closeDb, getDb, migrateDatabase, type Database } from "../app/lib/db.server";
import { cents, formatEuros } from "../app/modules/money";
import { closeMonth, listCloses, runPayouts, type CloseTotals } from "../app/modules/money/index.server";

type Command = (db: Database, args: string[]) => Promise<number>;

const eur = (amount: number) => formatEuros(cents(amount), { currency: "code", decimals: "always" });

function describeClose(t: CloseTotals): string {
  return [
    `  portions earned: ${t.portions}`,
    `  Supporters: ${eur(t.supporterAfterVat)} after VAT, ${eur(t.supporterShares)} to creators`,
    `  Premium: ${eur(t.premiumAfterVat)} after VAT, net ${eur(t.netPremium)}, pool ${eur(t.pool)}${t.totalPoints > 0 ? "" : " (no points: kept as platform revenue)"}`,
    `  engagement points: ${t.totalPoints.toLocaleString("en")}; creators paid: ${t.creatorsPaid}`,
  ].join("\n");
}

const COMMANDS: Record<string, { usage: string; run: Command }> = {
  close: {
    usage: "close YYYY-MM",
    run: async (db, [month, ...rest]) => {
      if (!month || rest.length > 0) return usage();
      const started = performance.now();
      const result = await closeMonth(db, month, { actor: { userId: null, ip: null } });
      if (!result.ok) {
        console.error(result.error);
        return 1;
      }
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(
        result.closed ? `Closed ${month} in ${seconds} s:` : `${month} was already closed (${result.totals.closedAt.toISOString()}); nothing changed:`,
      );
      console.log(describeClose(result.totals));
      return 0;
    },
  },
  closes: {
    usage: "closes",
    run: async (db, rest) => {
      if (rest.length > 0) return usage();
      const closes = (await listCloses(db)).reverse();
      if (closes.length === 0) console.log("no month closed yet");
      for (const c of closes) console.log(`${c.month}  closed ${c.closedAt.toISOString()}  Supporter shares ${eur(c.supporterShares)}  pool ${eur(c.pool)}`);
      return 0;
    },
  },
  payouts: {
    usage: "payouts YYYY-MM",
    run: async (db, [month, ...rest]) => {
      if (!month || rest.length > 0) return usage();
      const result = await runPayouts(db, { month, actor: { userId: null, ip: null } });
      if (!result.ok) {
        console.error(result.error);
        return 1;
      }
      const { run } = result;
      if (!run) console.log(`${month}: nobody can be paid; no run written`);
      else if (result.alreadyRun) console.log(`${month} was already paid (${run.createdAt.toISOString()}): nobody was paid again`);
      if (run) {
        console.log(
          `${month}: ${run.transfers} transfers, ${formatEuros(run.gross)} gross, ${formatEuros(run.vat)} VAT of self-billed invoices, ${formatEuros(run.withheld)} withheld, ${formatEuros(run.net)} to banks`,
        );
        console.log(`SEPA file (documents bucket): ${run.fileKey}, to execute on ${run.executionDate}`);
      }
      for (const p of result.paid)
        console.log(`  paid ${p.name}: ${formatEuros(p.net)} (${p.vat > 0 ? `${formatEuros(p.vat)} VAT added, ` : ""}${formatEuros(p.withheld)} withheld)`);
      for (const s of result.skipped) console.log(`  ${s.reason === "held" ? "held" : "carried over"} ${s.name} (${formatEuros(s.owed)}): ${s.why.join(" ")}`);
      return 0;
    },
  },
};

function usage(): number {
  console.error(
    `usage: npm run money -- ${Object.values(COMMANDS)
      .map((c) => c.usage)
      .join(" | ")}`,
  );
  return 2;
}

async function main(): Promise<number> {
  const [name, ...args] = process.argv.slice(2);
  const command = name ? COMMANDS[name] : undefined;
  if (!command) return usage();
  const db = await getDb();
  await migrateDatabase(db);
  return command.run(db, args);
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
