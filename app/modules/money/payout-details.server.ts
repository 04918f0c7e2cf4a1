/**
 * A creator's bank account for payouts (ADR 0032). The IBAN is sealed (AES-256-GCM, a key derived
 * from the app's secret, `lib/encryption.server.ts`) before it reaches the database; pages get its
 * country and last 4 characters only, and only the payout run opens it (`payoutAccount`).
 *
 * The first account is applied at once; a change is not: it waits in `payout_detail_changes` until
 * the creator opens the link emailed to their account's address (a random token, only its SHA-256
 * kept, single use, 24 hours), and once confirmed holds the next payout for
 * PAYOUT_HOLD_DAYS_AFTER_BANK_CHANGE days (payout-readiness.server.ts reads the log). Every entry
 * and change is logged with its time, IP and old and new last 4. A newer request supersedes one
 * still waiting. Accounts without a password confirm even their first account by the link: it is
 * their step-up.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, isNotNull, isNull, lte, or } from "drizzle-orm";
import { href } from "react-router";
import { payoutDetailChanges, payoutDetails, user } from "#db/schema";
import type { Database, Transaction } from "~/lib/db.server";
import { openSealed, seal } from "~/lib/encryption.server";
import { sendEmail } from "~/modules/email/index.server";
import { maskedIban } from "./bank-account";
import { PAYOUT_HOLD_DAYS_AFTER_BANK_CHANGE } from "./compensation-rules";
import type { PayoutDetailsInput } from "./validation";

/** The purpose an IBAN is sealed under (a sealed value opens only under its own purpose). */
const IBAN_PURPOSE = "payout-details.iban";
export const CHANGE_LINK_HOURS = 24;
const DAY_MS = 24 * 60 * 60 * 1000;

export const PAYOUT_DETAILS_MESSAGES = {
  unchanged: "These are already your bank details: nothing to change",
  linkUnknown: "This confirmation link is not valid. Open the latest link we emailed you, or enter the new details again.",
  linkUsed: "This change has already been confirmed",
  linkSuperseded: "A newer change replaced this one: open the link of the latest email",
  linkExpired: `This link has expired (links last ${CHANGE_LINK_HOURS} hours). Enter the new details again.`,
} as const;

export interface PendingChange {
  oldLast4: string | null;
  newLast4: string;
  newCountry: string;
  holderName: string;
  requestedAt: string;
  expiresAt: string;
}

export interface PayoutDetailsView {
  holderName: string;
  ibanCountry: string | null;
  ibanLast4: string | null;
  bic: string | null;
  updatedAt: string;
}

export function hashChangeToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** The account in force (country and last 4 only), or null when none is saved. */
export async function loadPayoutDetails(db: Database, creatorId: string): Promise<PayoutDetailsView | null> {
  const [row] = await db.select().from(payoutDetails).where(eq(payoutDetails.creatorId, creatorId)).limit(1);
  if (!row?.ibanLast4) return null;
  return { holderName: row.holderName, ibanCountry: row.ibanCountry, ibanLast4: row.ibanLast4, bic: row.bic, updatedAt: row.updatedAt.toISOString() };
}

/** The change waiting for its link, if any (the newest, not superseded, not expired at `now`). */
export async function pendingPayoutDetailsChange(db: Database, creatorId: string, now: Date = new Date()): Promise<PendingChange | null> {
  const [row] = await db
    .select()
    .from(payoutDetailChanges)
    .where(
      and(
        eq(payoutDetailChanges.creatorId, creatorId),
        isNull(payoutDetailChanges.confirmedAt),
        isNull(payoutDetailChanges.supersededAt),
        gt(payoutDetailChanges.expiresAt, now),
      ),
    )
    .orderBy(desc(payoutDetailChanges.createdAt))
    .limit(1);
  if (!row?.expiresAt) return null;
  return {
    oldLast4: row.oldLast4,
    newLast4: row.newLast4,
    newCountry: row.newCountry,
    holderName: row.newHolderName,
    requestedAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** When the latest confirmed change (not a first entry) was confirmed, or null. */
export async function lastConfirmedChange(db: Database, creatorId: string): Promise<Date | null> {
  const [row] = await db
    .select({ confirmedAt: payoutDetailChanges.confirmedAt })
    .from(payoutDetailChanges)
    .where(and(eq(payoutDetailChanges.creatorId, creatorId), eq(payoutDetailChanges.kind, "change"), isNotNull(payoutDetailChanges.confirmedAt)))
    .orderBy(desc(payoutDetailChanges.confirmedAt))
    .limit(1);
  return row?.confirmedAt ?? null;
}

export type RequestPayoutDetailsResult =
  | { ok: true; applied: true; last4: string }
  | { ok: true; applied: false; pending: PendingChange; emailedTo: string }
  | { ok: false; status: number; formError: string };

/**
 * Enter or change the creator's bank account (already parsed, holder matched, identity checked).
 * `confirmByEmail` makes even a first entry wait for the link (accounts without a password).
 */
export async function requestPayoutDetails(
  db: Database,
  creatorId: string,
  input: PayoutDetailsInput,
  options: { ip: string; siteUrl: string; confirmByEmail?: boolean; now?: Date },
): Promise<RequestPayoutDetailsResult> {
  const now = options.now ?? new Date();
  const [current] = await db.select().from(payoutDetails).where(eq(payoutDetails.creatorId, creatorId)).limit(1);
  const currentIban = current?.ibanCiphertext ? openSealed(IBAN_PURPOSE, current.ibanCiphertext) : null;
  if (current && currentIban === input.iban && current.holderName === input.holderName && (current.bic ?? null) === input.bic) {
    return { ok: false, status: 400, formError: PAYOUT_DETAILS_MESSAGES.unchanged };
  }
  const sealed = seal(IBAN_PURPOSE, input.iban);
  const first = !current?.ibanLast4;
  const change = {
    creatorId,
    kind: first ? ("first" as const) : ("change" as const),
    requestIp: options.ip || null,
    oldLast4: current?.ibanLast4 ?? null,
    newLast4: input.last4,
    newCountry: input.ibanCountry,
    newHolderName: input.holderName,
    newBic: input.bic,
    createdAt: now,
  };

  if (first && !options.confirmByEmail) {
    await db.transaction(async (tx) => {
      await supersedeWaiting(tx, creatorId, now);
      await tx.insert(payoutDetailChanges).values({ ...change, confirmedAt: now });
      await applyAccount(tx, creatorId, { holderName: input.holderName, sealed, country: input.ibanCountry, last4: input.last4, bic: input.bic }, now);
    });
    return { ok: true, applied: true, last4: input.last4 };
  }

  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + CHANGE_LINK_HOURS * 60 * 60 * 1000);
  const url = `${options.siteUrl.replace(/\/+$/, "")}${href("/studio/payouts/details/confirm/:token", { token })}`;
  const emailedTo = await db.transaction(async (tx) => {
    const [owner] = await tx.select({ email: user.email }).from(user).where(eq(user.id, creatorId)).limit(1);
    await supersedeWaiting(tx, creatorId, now);
    await tx.insert(payoutDetailChanges).values({ ...change, newIbanCiphertext: sealed, tokenHash: hashChangeToken(token), expiresAt });
    await sendEmail(tx, {
      to: owner.email,
      template: "payout-details-change",
      payload: {
        url,
        newAccount: maskedIban(input.ibanCountry, input.last4),
        oldAccount: current?.ibanLast4 ? maskedIban(current.ibanCountry, current.ibanLast4) : null,
        holderName: input.holderName,
        hours: CHANGE_LINK_HOURS,
        holdDays: first ? 0 : PAYOUT_HOLD_DAYS_AFTER_BANK_CHANGE,
      },
    });
    return owner.email;
  });
  return {
    ok: true,
    applied: false,
    emailedTo,
    pending: {
      oldLast4: change.oldLast4,
      newLast4: input.last4,
      newCountry: input.ibanCountry,
      holderName: input.holderName,
      requestedAt: now.toISOString(),
      expiresAt: expiresAt.toISOString(),
    },
  };
}

/** Earlier requests still waiting are replaced by this one; expired ones lose their sealed IBAN too. */
async function supersedeWaiting(tx: Transaction, creatorId: string, now: Date) {
  await tx
    .update(payoutDetailChanges)
    .set({ supersededAt: now, newIbanCiphertext: null })
    .where(and(eq(payoutDetailChanges.creatorId, creatorId), isNull(payoutDetailChanges.confirmedAt), isNull(payoutDetailChanges.supersededAt)));
  await tx
    .update(payoutDetailChanges)
    .set({ newIbanCiphertext: null })
    .where(
      and(
        eq(payoutDetailChanges.creatorId, creatorId),
        isNotNull(payoutDetailChanges.newIbanCiphertext),
        or(isNotNull(payoutDetailChanges.confirmedAt), lte(payoutDetailChanges.expiresAt, now)),
      ),
    );
}

async function applyAccount(
  tx: Transaction,
  creatorId: string,
  account: { holderName: string; sealed: string; country: string; last4: string; bic: string | null },
  now: Date,
) {
  const values = {
    method: "bank_transfer",
    holderName: account.holderName,
    ibanCiphertext: account.sealed,
    ibanCountry: account.country,
    ibanLast4: account.last4,
    bic: account.bic,
    updatedAt: now,
  };
  await tx
    .insert(payoutDetails)
    .values({ creatorId, ...values, createdAt: now })
    .onConflictDoUpdate({ target: payoutDetails.creatorId, set: values });
}

export type ChangeLinkResult = { ok: true; change: PendingChange & { kind: "first" | "change" } } | { ok: false; status: 404 | 409 | 410; error: string };

async function changeByToken(db: Database | Transaction, creatorId: string, token: string, lock: boolean) {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return undefined;
  const query = db
    .select()
    .from(payoutDetailChanges)
    .where(and(eq(payoutDetailChanges.tokenHash, hashChangeToken(token)), eq(payoutDetailChanges.creatorId, creatorId)))
    .limit(1);
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

function linkRefusal(row: typeof payoutDetailChanges.$inferSelect | undefined, now: Date): ChangeLinkResult | null {
  if (!row) return { ok: false, status: 404, error: PAYOUT_DETAILS_MESSAGES.linkUnknown };
  if (row.confirmedAt) return { ok: false, status: 409, error: PAYOUT_DETAILS_MESSAGES.linkUsed };
  if (row.supersededAt) return { ok: false, status: 410, error: PAYOUT_DETAILS_MESSAGES.linkSuperseded };
  if (!row.expiresAt || row.expiresAt <= now || !row.newIbanCiphertext) return { ok: false, status: 410, error: PAYOUT_DETAILS_MESSAGES.linkExpired };
  return null;
}

/** What a confirmation link would change (for its page; changes nothing). Another creator's link is unknown. */
export async function previewPayoutDetailsChange(db: Database, creatorId: string, token: string, now: Date = new Date()): Promise<ChangeLinkResult> {
  const row = await changeByToken(db, creatorId, token, false);
  const refusal = linkRefusal(row, now);
  if (refusal || !row?.expiresAt) return refusal ?? { ok: false, status: 404, error: PAYOUT_DETAILS_MESSAGES.linkUnknown };
  return {
    ok: true,
    change: {
      kind: row.kind,
      oldLast4: row.oldLast4,
      newLast4: row.newLast4,
      newCountry: row.newCountry,
      holderName: row.newHolderName,
      requestedAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
    },
  };
}

/**
 * Confirm a change by its link's token: the account in force becomes the new one and the log row
 * is marked confirmed (its sealed IBAN dropped), in one transaction; the token works once.
 * A confirmed change (not a first entry) holds the next payout until `holdUntil`.
 */
export async function confirmPayoutDetailsChange(
  db: Database,
  creatorId: string,
  token: string,
  now: Date = new Date(),
): Promise<{ ok: true; last4: string; holdUntil: Date | null } | { ok: false; status: 404 | 409 | 410; error: string }> {
  return db.transaction(async (tx) => {
    const row = await changeByToken(tx, creatorId, token, true);
    const refusal = linkRefusal(row, now);
    if (refusal && !refusal.ok) return refusal;
    if (!row?.newIbanCiphertext) return { ok: false as const, status: 410 as const, error: PAYOUT_DETAILS_MESSAGES.linkExpired };
    await applyAccount(
      tx,
      creatorId,
      { holderName: row.newHolderName, sealed: row.newIbanCiphertext, country: row.newCountry, last4: row.newLast4, bic: row.newBic },
      now,
    );
    await tx.update(payoutDetailChanges).set({ confirmedAt: now, newIbanCiphertext: null }).where(eq(payoutDetailChanges.id, row.id));
    const holdUntil = row.kind === "change" ? new Date(now.getTime() + PAYOUT_HOLD_DAYS_AFTER_BANK_CHANGE * DAY_MS) : null;
    return { ok: true as const, last4: row.newLast4, holdUntil };
  });
}

/** The whole account, for the payout run and the DAC7 report only (never a page); null when none is saved or it cannot be opened. */
export async function payoutAccount(
  db: Database,
  creatorId: string,
): Promise<{ holderName: string; iban: string; bic: string | null; country: string } | null> {
  const [row] = await db.select().from(payoutDetails).where(eq(payoutDetails.creatorId, creatorId)).limit(1);
  if (!row?.ibanCiphertext || !row.ibanCountry) return null;
  const iban = openSealed(IBAN_PURPOSE, row.ibanCiphertext);
  return iban ? { holderName: row.holderName, iban, bic: row.bic, country: row.ibanCountry } : null;
}
