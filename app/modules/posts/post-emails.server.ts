/**
 * Who gets creators' posts by email, as each person chose: from the one-click unsubscribe link of
 * a post's email, or their email preferences on `/account/emails`. Everyone who follows or
 * supports a creator gets their posts unless they left that creator's list or every creator's.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import { bulkMessage, optIn, optOut, optedOutLists } from "~/modules/email/index.server";
import { ENTITLED_STATUSES } from "~/modules/memberships";
import { creatorSupporters, followers, profiles } from "#db/schema";
import { ALL_CREATOR_POSTS_LIST, creatorPostsList } from "./post-delivery.server";

export interface CreatorEmailChoice {
  creatorId: string;
  handle: string | null;
  name: string;
  /** Why they hear from this creator. */
  relation: "supporter" | "follower";
  subscribed: boolean;
}

export interface PostEmailPreferences {
  /** Creators' posts by email at all. */
  all: boolean;
  creators: CreatorEmailChoice[];
}

/** The creators whose posts this person gets (follows and supports), each with their choice. */
export async function postEmailPreferences(db: Database, userId: string): Promise<PostEmailPreferences> {
  const creatorName = sql<string>`coalesce(nullif(${profiles.displayName}, ''), ${profiles.handle}, 'A creator')`;
  const [supported, followed] = await Promise.all([
    db
      .selectDistinct({ creatorId: profiles.id, handle: profiles.handle, name: creatorName })
      .from(creatorSupporters)
      .innerJoin(profiles, eq(profiles.id, creatorSupporters.creatorId))
      .where(and(eq(creatorSupporters.userId, userId), inArray(creatorSupporters.status, ENTITLED_STATUSES))),
    db
      .select({ creatorId: profiles.id, handle: profiles.handle, name: creatorName })
      .from(followers)
      .innerJoin(profiles, eq(profiles.id, followers.creatorId))
      .where(and(eq(followers.userId, userId), eq(followers.status, "active"))),
  ]);
  const byId = new Map<string, Omit<CreatorEmailChoice, "subscribed">>();
  for (const c of supported) byId.set(c.creatorId, { ...c, relation: "supporter" });
  for (const c of followed) if (!byId.has(c.creatorId)) byId.set(c.creatorId, { ...c, relation: "follower" });
  const lists = [ALL_CREATOR_POSTS_LIST, ...[...byId.keys()].map(creatorPostsList)];
  const left = await optedOutLists(db, userId, lists);
  const creators = [...byId.values()].map((c) => ({ ...c, subscribed: !left.has(creatorPostsList(c.creatorId)) })).sort((a, b) => a.name.localeCompare(b.name));
  return { all: !left.has(ALL_CREATOR_POSTS_LIST), creators };
}

/** Get (or stop getting) one creator's posts by email; without a creator, every creator's. */
export async function setPostEmails(db: Database, userId: string, creatorId: string | null, subscribed: boolean): Promise<void> {
  const list = creatorId ? creatorPostsList(creatorId) : ALL_CREATOR_POSTS_LIST;
  await (subscribed ? optIn(db, userId, list) : optOut(db, userId, list));
}

export interface UnsubscribeTarget {
  messageId: string;
  userId: string;
  creatorId: string;
  creatorName: string;
  subscribed: boolean;
}

/** What a post email's unsubscribe link (its message id) leaves; null for an unknown or foreign link. */
export async function unsubscribeTarget(db: Database, messageId: string): Promise<UnsubscribeTarget | null> {
  const message = await bulkMessage(db, messageId);
  const creatorId = message?.list.startsWith(`${ALL_CREATOR_POSTS_LIST}:`) ? message.list.slice(ALL_CREATOR_POSTS_LIST.length + 1) : null;
  if (!message || !creatorId) return null;
  const [creator] = await db
    .select({ name: sql<string>`coalesce(nullif(${profiles.displayName}, ''), ${profiles.handle}, 'this creator')` })
    .from(profiles)
    .where(eq(profiles.id, creatorId));
  const left = await optedOutLists(db, message.userId, [message.list]);
  return { messageId, userId: message.userId, creatorId, creatorName: creator?.name ?? "this creator", subscribed: !left.has(message.list) };
}
