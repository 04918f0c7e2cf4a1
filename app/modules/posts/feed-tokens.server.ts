/**
 * Members' private feeds: one secret address per member and creator, carrying what that member may
 * read of the creator's posts. The token is 32 random bytes (base64url) shown once; only its SHA-256
 * is stored, so the table alone opens no feed. A token is dead once revoked; it grants nothing by
 * itself besides naming its member, whose entitlements are read again on every use, so a membership
 * that has ended stops opening gated posts from the very next read.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import { feedTokens, profiles } from "#db/schema";
import type { Database } from "~/lib/db.server";
import { isUuid } from "~/lib/ids";
import { creatorSeenBySql, publishedCreatorSql } from "~/modules/creators/index.server";
import type { Entitlements } from "~/modules/gate";

/** A token as it travels in a feed's address: 43 base64url characters. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export function hashFeedToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export type FeedTokenResult = { ok: true; token: string; creatorHandle: string } | { ok: false; status: 404; error: string };

/**
 * A new private feed of `creatorId` for `userId`; an earlier one of the same creator is revoked in
 * the same transaction (one live address per member and creator, the newest).
 */
export async function createFeedToken(db: Database, userId: string, creatorId: string): Promise<FeedTokenResult> {
  const [creator] = await db
    .select({ id: profiles.id, handle: profiles.handle })
    .from(profiles)
    .where(and(eq(profiles.id, creatorId), publishedCreatorSql))
    .limit(1);
  if (!creator?.handle) return { ok: false, status: 404, error: "This creator does not exist" };
  const token = randomBytes(32).toString("base64url");
  await db.transaction(async (tx) => {
    await tx
      .update(feedTokens)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(feedTokens.userId, userId), eq(feedTokens.creatorId, creator.id), isNull(feedTokens.revokedAt)));
    await tx.insert(feedTokens).values({ userId, creatorId: creator.id, tokenHash: hashFeedToken(token) });
  });
  return { ok: true, token, creatorHandle: creator.handle };
}

export interface FeedTokenListing {
  id: string;
  createdAt: Date;
  creator: { id: string; handle: string; displayName: string | null };
}

/** The member's live private feeds (never their tokens: those were shown once). */
export async function listFeedTokens(db: Database, userId: string): Promise<FeedTokenListing[]> {
  const rows = await db
    .select({ id: feedTokens.id, createdAt: feedTokens.createdAt, creatorId: profiles.id, handle: profiles.handle, displayName: profiles.displayName })
    .from(feedTokens)
    .innerJoin(profiles, eq(profiles.id, feedTokens.creatorId))
    .where(and(eq(feedTokens.userId, userId), isNull(feedTokens.revokedAt)))
    .orderBy(desc(feedTokens.createdAt));
  return rows.map((r) => ({ id: r.id, createdAt: r.createdAt, creator: { id: r.creatorId, handle: r.handle ?? "", displayName: r.displayName } }));
}

/** Revoke one of the member's feeds: another member's, or one already revoked, is not found. */
export async function revokeFeedToken(db: Database, userId: string, id: string): Promise<{ ok: true } | { ok: false; status: 404; error: string }> {
  if (!isUuid(id)) return { ok: false, status: 404, error: "This private feed does not exist" };
  const revoked = await db
    .update(feedTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(feedTokens.id, id), eq(feedTokens.userId, userId), isNull(feedTokens.revokedAt)))
    .returning({ id: feedTokens.id });
  return revoked.length ? { ok: true } : { ok: false, status: 404, error: "This private feed does not exist" };
}

/** Whose feed of which creator a token opens, or null: unknown, malformed or revoked. */
export async function resolveFeedToken(db: Database, token: string): Promise<{ id: string; userId: string; creatorId: string } | null> {
  if (!TOKEN.test(token)) return null;
  const [row] = await db
    .select({ id: feedTokens.id, userId: feedTokens.userId, creatorId: feedTokens.creatorId })
    .from(feedTokens)
    .where(and(eq(feedTokens.tokenHash, hashFeedToken(token)), isNull(feedTokens.revokedAt)))
    .limit(1);
  return row ?? null;
}

type FeedCreator = { id: string; handle: string; displayName: string | null };

async function creatorWhere(db: Database, viewer: Entitlements, where: SQL): Promise<FeedCreator | null> {
  const [row] = await db
    .select({ id: profiles.id, handle: profiles.handle, displayName: profiles.displayName })
    .from(profiles)
    .where(and(where, creatorSeenBySql(viewer)))
    .limit(1);
  return row?.handle ? { id: row.id, handle: row.handle, displayName: row.displayName } : null;
}

/** The creator, if `viewer` may see them (a private feed of a creator now hidden from its member is gone). */
export function creatorSeenBy(db: Database, viewer: Entitlements, creatorId: string): Promise<FeedCreator | null> {
  return creatorWhere(db, viewer, eq(profiles.id, creatorId));
}

/** The creator behind a handle (any case), if `viewer` may see them. */
export function creatorByHandle(db: Database, viewer: Entitlements, handle: string): Promise<FeedCreator | null> {
  return creatorWhere(db, viewer, sql`lower(${profiles.handle}) = ${handle.toLowerCase()}`);
}
