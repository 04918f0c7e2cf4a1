/**
 * The local mailbox (developer tool): the delivered outbox messages, readable
 * at /dev/mailbox (HTML) and /dev/mailbox/messages?to=EMAIL (JSON). Available
 * when no SMTP server is configured, or with `MAILBOX=on` (which a deployment needs, see
 * app/lib/embedded-defaults.server.ts).
 */
import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import { embeddedDefaults } from "~/lib/embedded-defaults.server";
import { env } from "~/lib/env.server";
import { emailBodies, emailOutbox } from "#db/schema";
import { personalise } from "./bulk.server";
import { extractLinks } from "./links";

export interface MailboxMessage {
  id: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Every href of the HTML body, absolute, in order, without duplicates. */
  links: string[];
  createdAt: Date;
}

export const MAILBOX_LIMIT = 100;

/** Whether /dev/mailbox exists: no SMTP configured, or `MAILBOX=on`; in a deployment only with `MAILBOX=on`. */
export function mailboxEnabled(config: Parameters<typeof embeddedDefaults>[0] = env()): boolean {
  return embeddedDefaults(config).mailbox;
}

/** The `to` filter of a mailbox URL (`?to=EMAIL`), if any. */
export function mailboxRecipient(url: URL): string | undefined {
  return url.searchParams.get("to")?.trim() || undefined;
}

/** Delivered messages, newest first; `to` matches case-insensitively. */
export async function listMailbox(db: Database, opts: { to?: string; limit?: number; baseUrl?: string } = {}): Promise<MailboxMessage[]> {
  const limit = Math.min(Math.max(opts.limit ?? MAILBOX_LIMIT, 1), MAILBOX_LIMIT);
  const rows = await db
    .select({
      id: emailOutbox.id,
      to: emailOutbox.to,
      subject: sql<string>`coalesce(${emailBodies.subject}, ${emailOutbox.subject})`,
      html: sql<string>`coalesce(${emailBodies.html}, ${emailOutbox.html})`,
      text: sql<string>`coalesce(${emailBodies.text}, ${emailOutbox.text})`,
      bodyId: emailOutbox.bodyId,
      createdAt: emailOutbox.createdAt,
    })
    .from(emailOutbox)
    .leftJoin(emailBodies, eq(emailBodies.id, emailOutbox.bodyId))
    .where(and(eq(emailOutbox.status, "sent"), opts.to ? sql`lower(${emailOutbox.to}) = lower(${opts.to})` : undefined))
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.sentAt))
    .limit(limit);
  return rows.map(({ bodyId, ...row }) => {
    // A bulk message as it was sent: its shared body with this message's own links.
    const message = bodyId ? { ...row, ...personalise(row, row.id) } : row;
    return { ...message, links: extractLinks(message.html, opts.baseUrl) };
  });
}
