/**
 * Operator CLI for money, on the configured database (DATABASE_URL, or the embedded one under
 * DATA_DIR — stop the server first: PGlite is single-process). One command per verb, so the month
 * close and the payout run sit side by side:
 *
 *   npm run money -- payouts 2026-11     pay November's balances (SEPA file in the documents bucket)
 */
import { closeDb, getDb, migrateDatabase, type Database } from "../app/lib/db.server";
import { formatEuros } from "../app/modules/money";
import { runPayouts } from "../app/modules/money/index.server";

type Command = (db: Database, args: string[]) => Promise<number>;

const COMMANDS: Record<string, { usage: string; run: Command }> = {
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
          `${month}: ${run.transfers} transfers, ${formatEuros(run.gross)} gross, ${formatEuros(run.withheld)} withheld, ${formatEuros(run.net)} to banks`,
        );
        console.log(`SEPA file (documents bucket): ${run.fileKey}, to execute on ${run.executionDate}`);
      }
      for (const p of result.paid) console.log(`  paid ${p.name}: ${formatEuros(p.net)} (${formatEuros(p.withheld)} withheld)`);
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
