import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { getTestDb, resetTestDb } from "../../../tests/setup/database";
import type { Database } from "~/lib/db.server";
import { profiles } from "#db/schema";
import { ledgerPostings, ledgerTransactions } from "#db/schema/ledger";
import { createProfile } from "#db/seed/factories";
import { cents } from "./cents";
import { balance, ledgerTotal, monthOf, nextMonth, owedTo, post, postBatch, type LedgerEntry } from "./ledger.server";

/** The terms' worked example (section 2): EUR 10.00 in Spain, VAT 1.74, fee 0.40, the creator's 5.50. */
function supporterPayment(creatorId: string, key = "payment:example"): LedgerEntry {
  return {
    idempotencyKey: key,
    kind: "payment",
    cause: { type: "payment", id: key },
    month: "2026-11",
    creatorId,
    description: "Supporter payment",
    occurredAt: new Date("2026-11-15T10:00:00Z"),
    postings: [
      { account: "bank", amount: cents(9_60) },
      { account: "provider_fees", amount: cents(40) },
      { account: "vat_payable", ref: "ES", amount: cents(-1_74) },
      { account: "creator_payable", ref: creatorId, amount: cents(-5_50) },
      { account: "platform_revenue", amount: cents(-2_76) },
    ],
  };
}

describe("the ledger", () => {
  let db: Database;
  let creatorId: string;
  beforeEach(async () => {
    db = await getTestDb();
    await resetTestDb(db);
    creatorId = (await createProfile(db, { isCreator: true })).profile.id;
  });

  it("posts a balanced event once, however often it is replayed", async () => {
    const first = await post(db, supporterPayment(creatorId));
    const again = await post(db, supporterPayment(creatorId));
    expect(first.posted).toBe(true);
    expect(again).toEqual({ posted: false, transactionId: first.transactionId });
    expect(await owedTo(db, creatorId)).toBe(5_50);
    expect(await balance(db, "vat_payable", "ES")).toBe(-1_74);
    expect(await balance(db, "bank")).toBe(9_60);
    expect(await ledgerTotal(db)).toBe(0);
    expect(await db.$count(ledgerPostings)).toBe(5);
  });

  it("refuses an entry whose postings do not sum to zero, and writes nothing", async () => {
    const entry = supporterPayment(creatorId);
    entry.postings[0] = { account: "bank", amount: cents(9_61) };
    await expect(post(db, entry)).rejects.toThrow(/does not balance/);
    expect(await db.$count(ledgerTransactions)).toBe(0);
  });

  it("writes nothing for an event of zeros (a trial's free first invoice)", async () => {
    const result = await post(db, { ...supporterPayment(creatorId), postings: [{ account: "bank", amount: cents(0) }] });
    expect(result).toEqual({ posted: false, transactionId: null });
    expect(await db.$count(ledgerTransactions)).toBe(0);
  });

  it("posts a batch in order, skipping the keys already posted", async () => {
    await post(db, supporterPayment(creatorId, "a"));
    const results = await postBatch(db, [supporterPayment(creatorId, "a"), supporterPayment(creatorId, "b")]);
    expect(results.map((r) => r.posted)).toEqual([false, true]);
    expect(await owedTo(db, creatorId)).toBe(11_00);
  });

  it("is balanced by the database itself: a commit with an unbalanced transaction fails whole", async () => {
    const attempt = db.transaction(async (tx) => {
      const [t] = await tx
        .insert(ledgerTransactions)
        .values({ idempotencyKey: "raw", kind: "adjustment", causeType: "test", causeId: "1", month: "2026-11-01", description: "raw", occurredAt: new Date() })
        .returning();
      await tx.insert(ledgerPostings).values({ transactionId: t.id, account: "bank", amountCents: 100 });
    });
    const failure = await attempt.then(
      () => "committed",
      (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
    );
    expect(failure).toMatch(/does not balance: its postings sum to 100 cents/);
    expect(await db.$count(ledgerTransactions)).toBe(0);
  });

  it("is append-only: postings and transactions cannot be changed or deleted", async () => {
    await post(db, supporterPayment(creatorId));
    // The database's own message (drizzle wraps it as the cause of "Failed query").
    const refusal = (statement: ReturnType<typeof sql>) =>
      db.execute(statement).then(
        () => "done",
        (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
      );
    expect(await refusal(sql`update ledger_postings set amount_cents = amount_cents * 2`)).toMatch(/append-only: UPDATE on ledger_postings/);
    expect(await refusal(sql`delete from ledger_postings`)).toMatch(/append-only: DELETE on ledger_postings/);
    expect(await refusal(sql`update ledger_transactions set description = 'changed'`)).toMatch(/append-only: UPDATE on ledger_transactions/);
    expect(await refusal(sql`delete from ledger_transactions`)).toMatch(/append-only: DELETE on ledger_transactions/);
    expect(await refusal(sql`truncate ledger_postings, ledger_transactions`)).toMatch(/append-only: TRUNCATE/);
    expect(await owedTo(db, creatorId)).toBe(5_50);
  });

  it("outlives the creator's profile: the record stays, without the reference", async () => {
    await post(db, supporterPayment(creatorId));
    await db.delete(profiles).where(eq(profiles.id, creatorId));
    const [row] = await db.select().from(ledgerTransactions);
    expect(row.creatorId).toBeNull();
    expect(row.description).toBe("Supporter payment");
    expect(await ledgerTotal(db)).toBe(0);
  });
});

describe("months", () => {
  it("are calendar months in Central European Time", () => {
    expect(monthOf(new Date("2026-11-30T22:59:59Z"))).toBe("2026-11");
    expect(monthOf(new Date("2026-11-30T23:00:00Z"))).toBe("2026-12");
    expect(monthOf(new Date("2026-12-31T23:00:00Z"))).toBe("2027-01");
    expect(monthOf(new Date("2026-07-31T21:59:59Z"))).toBe("2026-07");
    expect(monthOf(new Date("2026-07-31T22:00:00Z"))).toBe("2026-08");
    expect(nextMonth("2026-12")).toBe("2027-01");
    expect(nextMonth("2026-01")).toBe("2026-02");
  });
});
