/**
 * Bulk email: one rendered body per variant, shared by many outbox rows (a post to all its
 * creator's followers), and the lists people can leave.
 *
 * Queueing is one INSERT ... SELECT: the recipients are a query, not an array, so 100,000 messages
 * are 100,000 small rows written by the database without a round trip each, inside the caller's
 * transaction (the messages exist if and only if the change commits). Each message still goes out
 * alone, to one recipient, with its own unsubscribe link: delivery puts the message's id into the
 * body's `{{unsubscribe_url}}` and `{{open_url}}` placeholders and the List-Unsubscribe headers.
 */
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Database, Transaction } from "~/lib/db.server";
import { siteUrl } from "~/lib/site-url.server";
import { emailBodies, emailOptouts, emailOutbox } from "#db/schema";
import type { RenderedEmail } from "./render.server";

/** Replaced, per message, at delivery (and in the local mailbox). */
export const UNSUBSCRIBE_PLACEHOLDER = "{{unsubscribe_url}}";
export const OPEN_PLACEHOLDER = "{{open_url}}";

/** The template name bulk rows carry (their body is in email_bodies). */
export const BULK_TEMPLATE = "bulk";

/**
 * The recipients of a bulk send, as a query with three columns: `email` (the address), `user_id`
 * and `variant` (a key of `bodies`). One row per recipient: the caller de-duplicates.
 */
export interface BulkSend {
  /** What the bodies are of, e.g. "post:{id}" (a variant's body gets ref "post:{id}:{variant}"). */
  ref: string;
  /** The list a recipient leaves by unsubscribing (see `optedOutSql`). */
  list: string;
  bodies: Record<string, RenderedEmail>;
  recipients: SQL;
}

/** Queue one message per recipient row; resolves to the number queued. */
export async function queueBulkEmail(tx: Transaction | Database, send: BulkSend): Promise<number> {
  const variants = Object.keys(send.bodies);
  if (variants.length === 0) return 0;
  const inserted = await tx
    .insert(emailBodies)
    .values(variants.map((variant) => ({ ref: `${send.ref}:${variant}`, ...send.bodies[variant] })))
    .returning({ id: emailBodies.id, ref: emailBodies.ref });
  const bodyOf = sql.join(
    inserted.map((body, i) => sql`when ${variants[i]} then ${body.id}::uuid`),
    sql` `,
  );
  const { rows } = await tx.execute<{ queued: number }>(sql`
    with queued as (
      insert into ${emailOutbox} ("to", template, payload, body_id, list)
      select r.email, ${BULK_TEMPLATE}, jsonb_build_object('userId', r.user_id), case r.variant ${bodyOf} end, ${send.list}
      from (${send.recipients}) as r
      where r.variant in (${sql.join(
        variants.map((v) => sql`${v}`),
        sql`, `,
      )})
      returning 1
    )
    select count(*)::int as queued from queued`);
  return Number(rows[0]?.queued ?? 0);
}

/**
 * Whether `userId` (a column or value) has left `list` or its parent: "creator-posts:{id}" is
 * left by leaving it or "creator-posts" (every creator's posts).
 */
export function optedOutSql(userId: SQL, list: string): SQL<boolean> {
  const lists = parentLists(list);
  return sql<boolean>`exists (select 1 from ${emailOptouts} o where o.user_id = ${userId} and o.list in (${sql.join(
    lists.map((l) => sql`${l}`),
    sql`, `,
  )}))`;
}

function parentLists(list: string): string[] {
  const parts = list.split(":");
  return parts.map((_, i) => parts.slice(0, i + 1).join(":"));
}

/** The public URLs a bulk message's placeholders become. */
export function bulkMessageUrls(messageId: string, base = siteUrl()): { unsubscribe: string; open: string } {
  return { unsubscribe: `${base}/email/unsubscribe/${messageId}`, open: `${base}/email/open/${messageId}.gif` };
}

/** A shared body made into one message's own (its links, its open image). */
export function personalise(body: { html: string; text: string }, messageId: string, base?: string): { html: string; text: string } {
  const urls = bulkMessageUrls(messageId, base);
  const fill = (s: string, escape: (v: string) => string) =>
    s.replaceAll(UNSUBSCRIBE_PLACEHOLDER, escape(urls.unsubscribe)).replaceAll(OPEN_PLACEHOLDER, escape(urls.open));
  return { html: fill(body.html, (v) => v.replaceAll("&", "&amp;")), text: fill(body.text, (v) => v) };
}

// ---- unsubscribing and opens ---------------------------------------------------------

export interface BulkMessage {
  id: string;
  userId: string;
  list: string;
}

/** The bulk message a link names (by its id), or null for an unknown id or a message of no list. */
export async function bulkMessage(db: Database, messageId: string): Promise<BulkMessage | null> {
  const [row] = await db
    .select({ id: emailOutbox.id, list: emailOutbox.list, payload: emailOutbox.payload })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.id, messageId), eq(emailOutbox.template, BULK_TEMPLATE)))
    .limit(1);
  const userId = row?.payload.userId;
  if (!row?.list || typeof userId !== "string") return null;
  return { id: row.id, userId, list: row.list };
}

/** Leave a list (idempotent). */
export async function optOut(db: Database | Transaction, userId: string, list: string): Promise<void> {
  await db.insert(emailOptouts).values({ userId, list }).onConflictDoNothing();
}

/** Join a list again (idempotent). */
export async function optIn(db: Database | Transaction, userId: string, list: string): Promise<void> {
  await db.delete(emailOptouts).where(and(eq(emailOptouts.userId, userId), eq(emailOptouts.list, list)));
}

/** The lists, of those asked about, that the user has left. */
export async function optedOutLists(db: Database, userId: string, lists: string[]): Promise<Set<string>> {
  if (lists.length === 0) return new Set();
  const rows = await db
    .select({ list: emailOptouts.list })
    .from(emailOptouts)
    .where(and(eq(emailOptouts.userId, userId), inArray(emailOptouts.list, lists)));
  return new Set(rows.map((r) => r.list));
}

/** The message's image was loaded: the first time counts as its open. */
export async function recordOpen(db: Database, messageId: string): Promise<void> {
  await db
    .update(emailOutbox)
    .set({ openedAt: sql`now()` })
    .where(and(eq(emailOutbox.id, messageId), eq(emailOutbox.template, BULK_TEMPLATE), sql`${emailOutbox.openedAt} is null`));
}

/** A LIKE pattern matching what starts with `prefix` (its own % and _ taken literally). */
const likePrefix = (prefix: string) => prefix.replace(/[\\%_]/g, "\\$&") + "%";

/** Opens and messages of every body whose ref starts with `refPrefix` (e.g. "post:{id}:"). */
export async function bulkStats(db: Database, refPrefix: string): Promise<{ sent: number; opened: number; queued: number }> {
  const [row] = await db
    .select({
      queued: sql<number>`count(*)::int`,
      sent: sql<number>`count(*) filter (where ${emailOutbox.status} = 'sent')::int`,
      opened: sql<number>`count(${emailOutbox.openedAt})::int`,
    })
    .from(emailOutbox)
    .innerJoin(emailBodies, eq(emailBodies.id, emailOutbox.bodyId))
    .where(sql`${emailBodies.ref} like ${likePrefix(refPrefix)}`);
  return { queued: row?.queued ?? 0, sent: row?.sent ?? 0, opened: row?.opened ?? 0 };
}

/**
 * Cancel the messages not yet sent of bodies whose ref starts with `refPrefix` (a post deleted while
 * its email goes out stops there). Sent messages stay: their unsubscribe links keep working.
 */
export async function cancelBulk(tx: Database | Transaction, refPrefix: string): Promise<number> {
  const cancelled = await tx
    .delete(emailOutbox)
    .where(
      and(
        eq(emailOutbox.status, "pending"),
        sql`${emailOutbox.bodyId} in (select id from ${emailBodies} where ${emailBodies.ref} like ${likePrefix(refPrefix)})`,
      ),
    )
    .returning({ id: emailOutbox.id });
  return cancelled.length;
}
