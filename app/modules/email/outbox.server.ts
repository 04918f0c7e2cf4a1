/**
 * Queue a transactional email. The message is rendered now and stored in the
 * outbox; the delivery worker sends it (at once when it runs in this process,
 * with retry when the mail server fails).
 *
 * Pass the transaction when the email belongs to a multi-row write: the email
 * exists if and only if the change commits.
 */
import { TransactionRollbackError } from "drizzle-orm";
import type { Database, Transaction } from "~/lib/db.server";
import { emailOutbox } from "#db/schema";
import { kickEmailDelivery } from "./delivery.server";
import { renderEmail } from "./render.server";
import type { EmailMessage } from "./templates";

export type { EmailMessage, TemplateName } from "./templates";

export async function sendEmail(db: Database, message: EmailMessage): Promise<{ id: string }> {
  const row = await queueEmail(db, message);
  kickEmailDelivery();
  return row;
}

/** Render and store the message (delivery is not woken: `sendEmail` does that, or the worker's next poll). */
export async function queueEmail(db: Database | Transaction, message: EmailMessage): Promise<{ id: string }> {
  const to = message.to.trim();
  if (!to) throw new Error("sendEmail: the recipient is empty");
  const { subject, html, text } = renderEmail(message);
  const [row] = await db
    .insert(emailOutbox)
    .values({ to, template: message.template, payload: message.payload, subject, html, text })
    .returning({ id: emailOutbox.id });
  return row;
}

/**
 * Do `work` (the writes an email for a real account would make) and throw it away: the
 * transaction is rolled back. Requests about an address that has no account do this, so they
 * cost what a real one costs (render, insert) and leave nothing behind: how long an answer
 * takes does not say whether the address is registered.
 */
export async function rehearse(db: Database, work: (tx: Transaction) => Promise<unknown>): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      await work(tx);
      tx.rollback();
    });
  } catch (error) {
    if (!(error instanceof TransactionRollbackError)) throw error;
  }
}
