/**
 * The suppression list: addresses a mail server refused for good (a 5xx reply to RCPT TO). Delivery
 * sends nothing more to them, marking their messages "suppressed" without contacting the server, so
 * a dead address does not keep hurting the sender's reputation; an admin clears an address (the users
 * room audits it) once the person has fixed it. Addresses are compared lower-cased.
 */
import { eq, inArray } from "drizzle-orm";
import type { Database, Transaction } from "~/lib/db.server";
import { emailSuppressions } from "#db/schema";

type Db = Database | Transaction;

export interface EmailSuppression {
  address: string;
  /** The server's reply, e.g. "550 5.1.1 mailbox unavailable". */
  response: string;
  createdAt: Date;
}

export const normaliseAddress = (address: string) => address.trim().toLowerCase();

/** Which of these addresses are suppressed (lower-cased). */
export async function suppressedAmong(db: Db, addresses: string[]): Promise<Set<string>> {
  if (addresses.length === 0) return new Set();
  const rows = await db
    .select({ address: emailSuppressions.address })
    .from(emailSuppressions)
    .where(inArray(emailSuppressions.address, [...new Set(addresses.map(normaliseAddress))]));
  return new Set(rows.map((r) => r.address));
}

/** Put the address on the list (the first bounce is the one remembered). */
export async function suppress(db: Db, address: string, response: string, outboxId: string | null): Promise<void> {
  await db
    .insert(emailSuppressions)
    .values({ address: normaliseAddress(address), response: response.slice(0, 2_000), outboxId })
    .onConflictDoNothing();
}

/** The address's suppression, or null when mail to it is sent. */
export async function emailSuppression(db: Db, address: string): Promise<EmailSuppression | null> {
  const [row] = await db
    .select({ address: emailSuppressions.address, response: emailSuppressions.response, createdAt: emailSuppressions.createdAt })
    .from(emailSuppressions)
    .where(eq(emailSuppressions.address, normaliseAddress(address)));
  return row ?? null;
}

/** Take the address off the list (inside the admin's audited transaction); returns what was removed, or null when it was not on it. */
export async function liftSuppression(tx: Transaction, address: string): Promise<EmailSuppression | null> {
  const [row] = await tx
    .delete(emailSuppressions)
    .where(eq(emailSuppressions.address, normaliseAddress(address)))
    .returning({ address: emailSuppressions.address, response: emailSuppressions.response, createdAt: emailSuppressions.createdAt });
  return row ?? null;
}
