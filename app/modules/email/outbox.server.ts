/**
 * Queue a transactional email. The message is rendered now and stored in the
 * outbox; the delivery worker sends it (at once when it runs in this process,
 * with retry when the mail server fails).
 *
 * Pass the transaction when the email belongs to a multi-row write: the email
 * exists if and only if the change commits.
 */
import type { Database } from "~/lib/db.server";
import { emailOutbox } from "#db/schema";
import { kickEmailDelivery } from "./delivery.server";
import { renderEmail } from "./render.server";
import type { EmailMessage } from "./templates";

export type { EmailMessage, TemplateName } from "./templates";

export async function sendEmail(db: Database, message: EmailMessage): Promise<{ id: string }> {
  const to = message.to.trim();
  if (!to) throw new Error("sendEmail: the recipient is empty");
  const { subject, html, text } = renderEmail(message);
  const [row] = await db
    .insert(emailOutbox)
    .values({ to, template: message.template, payload: message.payload, subject, html, text })
    .returning({ id: emailOutbox.id });
  kickEmailDelivery();
  return row;
}
