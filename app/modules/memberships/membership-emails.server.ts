/**
 * The emails a membership's life sends: its confirmation to the member (plan, price with VAT,
 * trial end and first charge, how to cancel), the "new supporter" email to the supported creator
 * (their choice: the "new-supporters" list of their email preferences, on by default), and the
 * reminder 3 days before a free trial turns into a charge.
 *
 * Once each, whatever repeats: the start emails are queued inside the transaction that records
 * the membership's start (the local checkout's, Stripe's sync of the subscription), by claiming
 * `confirmation_sent_at` with a conditional UPDATE. So they exist if and only if the start commits,
 * and a replayed webhook, a return racing its webhook or a double confirm finds it claimed. Rows
 * that existed before these emails were marked confirmed by their migration.
 *
 * The reminder is a job (`startMembershipEmails`, at start-up and every few minutes): it claims
 * trialing subscriptions whose trial ends within 3 days, not set to cancel and not yet reminded,
 * with `FOR UPDATE SKIP LOCKED`, and in the same transaction queues their emails and sets
 * `trial_reminder_sent_at`. Another instance skips the locked rows and then finds them reminded; a
 * process killed half-way rolls back and the rows are still due; a cancellation (cancel at period
 * end) or a trial already over takes the row out of the candidates, so it is never sent late.
 */
import { and, eq, gt, inArray, isNull, lte, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { href } from "react-router";
import type { Logger } from "pino";
import type { Database, Transaction } from "~/lib/db.server";
import { siteUrl } from "~/lib/site-url.server";
import { kickEmailDelivery, optedOutSql, optIn, optOut, optedOutLists, queueEmail } from "~/modules/email/index.server";
import { cents, formatEuros } from "~/modules/money";
import { creatorSupporters, platformSubscriptions, profiles, user } from "#db/schema";
import { formatDay } from "./dates";
import { amountOf, priceWithVat, type Interval, type Tier } from "./plans";
import { configuredPlans } from "./plans.server";
import { ENTITLED_STATUSES } from "./statuses";
import { publicDisplayNameSql } from "./supporter-name.server";
import { supporterName } from "./supporter-name";

/** The list a creator leaves to stop getting "new supporter" emails (email_optouts). */
export const NEW_SUPPORTERS_LIST = "new-supporters";

/** How long before a trial's end its reminder goes out. */
export const TRIAL_REMINDER_DAYS = 3;
const DAY_MS = 86_400_000;

const billing = (interval: Interval) => (interval === "year" ? "yearly" : "monthly");
const creatorNameSql = sql<string>`coalesce(nullif(${profiles.displayName}, ''), '@' || ${profiles.handle}, 'a creator')`;

export interface StartEmails {
  /** The member's confirmation was queued by this call. */
  member: boolean;
  /** The creator's "new supporter" email was queued by this call. */
  creator: boolean;
}

/**
 * Queue the emails of a membership's start, once: nothing when they were queued before or the
 * subscription is not running (a first payment still due). Call it in the transaction that
 * records the start.
 */
export async function queueMembershipStartEmails(tx: Database | Transaction, tier: Tier, subscriptionId: string, origin = siteUrl()): Promise<StartEmails> {
  const table = tier === "premium" ? platformSubscriptions : creatorSupporters;
  // The claim: of two reports at once, the second waits for the first's row lock and then matches nothing.
  const [claimed] = await tx
    .update(table)
    .set({ confirmationSentAt: sql`now()` })
    .where(and(eq(table.id, subscriptionId), isNull(table.confirmationSentAt), inArray(table.status, [...ENTITLED_STATUSES])))
    .returning({
      userId: table.userId,
      status: table.status,
      interval: table.interval,
      priceId: table.priceId,
      provider: table.provider,
      trialEnd: table.trialEnd,
      currentPeriodEnd: table.currentPeriodEnd,
    });
  if (!claimed) return { member: false, creator: false };

  const amountCents = amountOf(configuredPlans(), tier, claimed.interval, claimed.priceId);
  const amount = formatEuros(cents(amountCents));
  const price = priceWithVat(amountCents, claimed.interval);
  const trialEnd = claimed.status === "trialing" && claimed.trialEnd ? claimed.trialEnd : null;
  const chargeOn = trialEnd ?? claimed.currentPeriodEnd;

  const [member] = await tx.select({ email: user.email }).from(user).where(eq(user.id, claimed.userId));
  const creator = tier === "supporter" ? await supportedCreator(tx, subscriptionId) : null;
  if (member) {
    await queueEmail(tx, {
      to: member.email,
      template: "membership-confirmed",
      payload: {
        tier,
        creatorName: creator?.name ?? null,
        billing: billing(claimed.interval),
        price,
        trialEndsOn: trialEnd ? formatDay(trialEnd) : null,
        nextCharge: chargeOn ? { amount, on: formatDay(chargeOn) } : null,
        accountUrl: origin + href("/account"),
        testMode: claimed.provider === "local",
      },
    });
  }
  const toCreator = Boolean(creator?.email && !creator.optedOut);
  if (creator && toCreator) {
    await queueEmail(tx, {
      to: creator.email,
      template: "new-supporter",
      payload: {
        supporterName: creator.supporterName,
        billing: billing(claimed.interval),
        price,
        trialEndsOn: trialEnd ? formatDay(trialEnd) : null,
        supportersUrl: origin + href("/studio/supporters"),
        preferencesUrl: origin + href("/account/emails"),
      },
    });
  }
  // Delivery looks again shortly after the kick, once the caller's transaction has committed.
  kickEmailDelivery();
  return { member: Boolean(member), creator: toCreator };
}

/** The creator a support is for, their address and choice, and how the supporter is named to them (never by email). */
async function supportedCreator(tx: Database | Transaction, subscriptionId: string) {
  const creatorUser = alias(user, "creator_user");
  const supporterUser = alias(user, "supporter_user");
  const supporterProfile = alias(profiles, "supporter_profile");
  const [row] = await tx
    .select({
      name: creatorNameSql,
      email: creatorUser.email,
      optedOut: optedOutSql(sql`${creatorSupporters.creatorId}`, NEW_SUPPORTERS_LIST),
      displayName: publicDisplayNameSql(supporterProfile.displayName, supporterUser.email),
      handle: supporterProfile.handle,
    })
    .from(creatorSupporters)
    .innerJoin(profiles, eq(profiles.id, creatorSupporters.creatorId))
    .innerJoin(creatorUser, eq(creatorUser.id, creatorSupporters.creatorId))
    .innerJoin(supporterUser, eq(supporterUser.id, creatorSupporters.userId))
    .leftJoin(supporterProfile, eq(supporterProfile.id, creatorSupporters.userId))
    .where(eq(creatorSupporters.id, subscriptionId));
  if (!row) return null;
  return { name: row.name, email: row.email, optedOut: Boolean(row.optedOut), supporterName: supporterName(row.displayName, row.handle) };
}

// ---- the trial reminder -------------------------------------------------------------------

const REMINDER_BATCH = 100;

/** Claim up to a batch of one tier's due reminders, queue them and mark them sent, in one transaction; resolves to how many. */
async function remindOneBatch(db: Database, tier: Tier, now: Date, origin: string): Promise<number> {
  const table = tier === "premium" ? platformSubscriptions : creatorSupporters;
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({
        id: table.id,
        email: user.email,
        interval: table.interval,
        priceId: table.priceId,
        trialEnd: table.trialEnd,
        provider: table.provider,
        creatorId: tier === "supporter" ? creatorSupporters.creatorId : sql<null>`null`,
      })
      .from(table)
      .innerJoin(user, eq(user.id, table.userId))
      .where(
        and(
          eq(table.status, "trialing"),
          eq(table.cancelAtPeriodEnd, false),
          isNull(table.trialReminderSentAt),
          gt(table.trialEnd, now),
          lte(table.trialEnd, new Date(now.getTime() + TRIAL_REMINDER_DAYS * DAY_MS)),
        ),
      )
      .orderBy(table.trialEnd, table.id)
      .limit(REMINDER_BATCH)
      .for("update", { of: table, skipLocked: true });
    if (rows.length === 0) return 0;
    const creatorIds = [...new Set(rows.map((r) => r.creatorId).filter((id): id is string => Boolean(id)))];
    const creators = new Map(
      creatorIds.length === 0
        ? []
        : (await tx.select({ id: profiles.id, name: creatorNameSql }).from(profiles).where(inArray(profiles.id, creatorIds))).map((c) => [c.id, c.name]),
    );
    const plans = configuredPlans();
    for (const row of rows) {
      const amountCents = amountOf(plans, tier, row.interval, row.priceId);
      const trialEndsOn = formatDay(row.trialEnd);
      await queueEmail(tx, {
        to: row.email,
        template: "trial-ending",
        payload: {
          plan: tier === "premium" ? "Premium" : `Supporter of ${(row.creatorId && creators.get(row.creatorId)) ?? "a creator"}`,
          trialEndsOn,
          amount: formatEuros(cents(amountCents)),
          price: priceWithVat(amountCents, row.interval),
          every: row.interval,
          accountUrl: origin + href("/account"),
          testMode: row.provider === "local",
        },
      });
    }
    await tx
      .update(table)
      .set({ trialReminderSentAt: now })
      .where(
        inArray(
          table.id,
          rows.map((r) => r.id),
        ),
      );
    return rows.length;
  });
}

/** Queue every trial reminder that has come due at `now`; resolves to how many. */
export async function emailTrialReminders(db: Database, now: Date = new Date(), origin = siteUrl()): Promise<number> {
  let sent = 0;
  for (const tier of ["premium", "supporter"] as const) {
    for (;;) {
      const done = await remindOneBatch(db, tier, now, origin);
      sent += done;
      if (done < REMINDER_BATCH) break;
    }
  }
  if (sent > 0) kickEmailDelivery();
  return sent;
}

export interface MembershipEmailsJob {
  stop(): Promise<void>;
}

/**
 * Run the reminder job in this process: at start (reminders that came due while no instance ran)
 * and every `intervalMs`. A reminder goes out within that of its moment, 3 days before the trial ends.
 */
export function startMembershipEmails({ db, logger, intervalMs = 5 * 60_000 }: { db: Database; logger: Logger; intervalMs?: number }): MembershipEmailsJob {
  let running: Promise<void> | undefined;
  let stopped = false;
  const run = () => {
    if (stopped || running) return;
    running = emailTrialReminders(db)
      .then((sent) => (sent ? logger.info({ sent }, "trial reminders queued") : undefined))
      .catch((err: unknown) => logger.error({ err }, "could not queue trial reminders"))
      .finally(() => {
        running = undefined;
      });
  };
  const clock = setInterval(run, intervalMs);
  clock.unref();
  run();
  return {
    async stop() {
      stopped = true;
      clearInterval(clock);
      await running;
    },
  };
}

// ---- the creator's choice -----------------------------------------------------------------

/** Whether a creator gets an email when someone starts supporting them (on unless they turned it off). */
export async function newSupporterEmailsOn(db: Database, creatorId: string): Promise<boolean> {
  return !(await optedOutLists(db, creatorId, [NEW_SUPPORTERS_LIST])).has(NEW_SUPPORTERS_LIST);
}

export async function setNewSupporterEmails(db: Database, creatorId: string, on: boolean): Promise<void> {
  await (on ? optIn(db, creatorId, NEW_SUPPORTERS_LIST) : optOut(db, creatorId, NEW_SUPPORTERS_LIST));
}
