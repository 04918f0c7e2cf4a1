/**
 * A post to 100,000 recipients (part of `npm run bench`; alone: `npx tsx scripts/bench/post-fanout.ts`).
 *
 * A creator with BENCH_FANOUT_RECIPIENTS followers (default 100,000; a tenth of them Premium, a
 * hundredth supporters, so both variants of a Premium post are queued) in a fresh database (real
 * migrations), then the publication job's own function, `emailDuePosts`, timed: the claim, the
 * two rendered bodies, the one INSERT ... SELECT of every message and the post marked emailed,
 * in one transaction. Then the outbox drains through the real delivery worker (to a transport that
 * accepts at once) at BENCH_FANOUT_RATE messages per second for a few seconds, to show the pace
 * holds. Issue 24's aim: queued in under 10 s on PostgreSQL. Figures only: nothing is asserted.
 *
 *   BENCH_FANOUT_DRIVERS  which databases (default "postgres"; "postgres,pglite" for both)
 */
import path from "node:path";
import pino from "pino";
import { sql } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import { emailDuePosts } from "../../app/modules/posts/post-delivery.server";
import { startEmailDelivery } from "../../app/modules/email/delivery.server";
import { createCreator } from "#db/seed/factories";
import { posts } from "#db/schema";
import { onEachDatabase } from "./bench-db";
import type { Report } from "./stats";

const RECIPIENTS = Number(process.env.BENCH_FANOUT_RECIPIENTS ?? 100_000);
const RATE = Number(process.env.BENCH_FANOUT_RATE ?? 200);
const DRAIN_SECONDS = 3;

async function seedAudience(db: Database, creatorId: string) {
  // Users, profiles, follows and memberships in set-based statements: seeding is not what is measured.
  await db.execute(sql`
    insert into "user" (id, name, email, email_verified)
    select 'fan-' || g, 'Fan ' || g, 'fan' || g || '@bench.example', true from generate_series(1, ${RECIPIENTS}) g`);
  await db.execute(sql`insert into profiles (id, handle, display_name) select 'fan-' || g, 'fan_' || g, 'Fan ' || g from generate_series(1, ${RECIPIENTS}) g`);
  await db.execute(sql`insert into followers (user_id, creator_id) select 'fan-' || g, ${creatorId} from generate_series(1, ${RECIPIENTS}) g`);
  await db.execute(sql`
    insert into platform_subscriptions (user_id, status, interval, provider)
    select 'fan-' || g, 'active', 'month', 'local' from generate_series(1, ${RECIPIENTS}, 10) g`);
  await db.execute(sql`
    insert into creator_supporters (user_id, creator_id, status, interval, provider)
    select 'fan-' || g, ${creatorId}, 'active', 'month', 'local' from generate_series(5, ${RECIPIENTS}, 100) g`);
  await db.execute(sql`analyze`);
}

async function benchFanOut(db: Database, where: string, report: Report) {
  const { profile } = await createCreator(db, { displayName: "Bench Creator" });
  await seedAudience(db, profile.id);
  await db.insert(posts).values({
    creatorId: profile.id,
    title: "Twelve tapas bars worth the queue",
    slug: "twelve-tapas-bars",
    visibility: "premium",
    publishedAt: new Date(Date.now() - 1000),
    bodyMarkdown:
      "The short version: go early.\n\n## The list\n\n" + Array.from({ length: 12 }, (_, i) => `${i + 1}. **Bar ${i + 1}**: the croquetas.`).join("\n"),
  });
  const started = performance.now();
  const sent = await emailDuePosts(db);
  const seconds = (performance.now() - started) / 1000;
  report(
    `post to ${RECIPIENTS.toLocaleString("en")} followers, queued ${where} (s)`,
    `${seconds.toFixed(2)} s (${sent.recipients.toLocaleString("en")} messages)`,
  );

  const delivery = startEmailDelivery({
    db,
    logger: pino({ level: "silent" }),
    transport: { name: "bench", send: async () => {} },
    pollIntervalMs: 0,
    ratePerSecond: RATE,
    batchSize: 50,
  });
  const drainStarted = performance.now();
  const running = delivery.deliverDue();
  await new Promise((resolve) => setTimeout(resolve, DRAIN_SECONDS * 1000));
  await delivery.stop();
  await running;
  const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from email_outbox where status = 'sent'`);
  const drained = rows[0].n / ((performance.now() - drainStarted) / 1000);
  report(`outbox drain at EMAIL_RATE_PER_SECOND=${RATE} ${where} (msg/s)`, `${drained.toFixed(0)} msg/s over ${DRAIN_SECONDS} s`);
}

export async function runPostFanOut(report: Report): Promise<void> {
  if (!process.env.BENCH_FANOUT_DRIVERS) process.env.BENCH_FANOUT_DRIVERS = "postgres";
  await onEachDatabase({ name: "spotfolio_bench_fanout", label: "post fan-out", driversVariable: "BENCH_FANOUT_DRIVERS" }, report, (db, where) =>
    benchFanOut(db, where, report),
  );
}

if (process.argv[1]?.endsWith(`${path.sep}post-fanout.ts`)) {
  runPostFanOut((name, value) => console.log(`  ${name}: ${value}`)).catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
