/**
 * Users as the back office sees them (issue 25, item 7): the search (email, handle or name) and
 * one user's roles, memberships, creator applications and suspensions.
 */
import { and, asc, desc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "~/lib/db.server";
import { auditTrail, type AuditEntry } from "~/modules/audit/index.server";
import { emailSuppression, type EmailSuppression } from "~/modules/email/index.server";
import { isConfiguredAdmin } from "~/modules/auth/index.server";
import { ENTITLED_STATUSES } from "~/modules/memberships";
import { type APPLICATION_STATUSES, creatorApplications, creatorSupporters, maps, platformSubscriptions, profiles, user, userSuspensions } from "#db/schema";
import { USERS_PAGE_SIZE } from "./validation";

export interface UserRow {
  id: string;
  email: string;
  name: string;
  handle: string | null;
  displayName: string | null;
  isAdmin: boolean;
  isCreator: boolean;
  /** An entitled Premium subscription. */
  premium: boolean;
  /** How many creators they support now. */
  supporting: number;
  suspended: boolean;
  joinedAt: Date;
}

/** `%`, `_` and `\` match themselves in the search. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const entitled = [...ENTITLED_STATUSES];

/** Users whose email, handle (with or without "@"), name or display name contains `q`; newest first, a page at a time. */
export async function searchUsers(
  db: Database,
  { q, page }: { q: string; page: number },
): Promise<{ users: UserRow[]; total: number; pages: number; page: number }> {
  const text = q.trim().replace(/^@/, "");
  const pattern = `%${likeEscape(text)}%`;
  const where = text
    ? or(ilike(user.email, pattern), ilike(user.name, pattern), ilike(profiles.handle, pattern), ilike(profiles.displayName, pattern))
    : undefined;
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(where);
  const pages = Math.max(1, Math.ceil(total / USERS_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pages);
  const users = await db
    .select({
      id: user.id,
      email: user.email,
      name: user.name,
      handle: profiles.handle,
      displayName: profiles.displayName,
      isAdmin: sql<boolean>`coalesce(${profiles.isAdmin}, false)`,
      isCreator: sql<boolean>`coalesce(${profiles.isCreator}, false)`,
      premium: sql<boolean>`exists (select 1 from ${platformSubscriptions} where ${platformSubscriptions.userId} = ${user.id} and ${inArray(platformSubscriptions.status, entitled)})`,
      supporting: sql<number>`(select count(*)::int from ${creatorSupporters} where ${creatorSupporters.userId} = ${user.id} and ${inArray(creatorSupporters.status, entitled)})`,
      suspended: sql<boolean>`exists (select 1 from ${userSuspensions} where ${userSuspensions.userId} = ${user.id} and ${userSuspensions.liftedAt} is null)`,
      joinedAt: user.createdAt,
    })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(where)
    .orderBy(desc(user.createdAt), asc(user.id))
    .limit(USERS_PAGE_SIZE)
    .offset((current - 1) * USERS_PAGE_SIZE);
  return { users, total, pages, page: current };
}

export interface Membership {
  id: string;
  kind: "premium" | "supporter";
  /** The supported creator (supporter subscriptions). */
  creator: { id: string; handle: string | null; displayName: string | null } | null;
  status: string;
  interval: string;
  provider: string;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  createdAt: Date;
}

export interface SuspensionRecord {
  id: string;
  reason: string;
  suspendedAt: Date;
  suspendedBy: string | null;
  liftedAt: Date | null;
  liftedBy: string | null;
}

export interface UserForAdmin {
  user: { id: string; email: string; name: string; emailVerified: boolean; joinedAt: Date };
  profile: { handle: string | null; displayName: string | null; isAdmin: boolean; isCreator: boolean; isPublished: boolean };
  /** Listed in ADMIN_EMAILS: admin at every start whatever is revoked here. */
  configuredAdmin: boolean;
  publishedMaps: number;
  memberships: Membership[];
  applications: { id: string; status: (typeof APPLICATION_STATUSES)[number]; createdAt: Date; reviewedAt: Date | null; reason: string | null }[];
  suspensions: SuspensionRecord[];
  suspended: SuspensionRecord | null;
  history: AuditEntry[];
  /** Their address bounced (a mail server refused it for good): nothing is sent to it until an admin clears it. */
  emailBounce: EmailSuppression | null;
}

export async function userForAdmin(db: Database, userId: string): Promise<UserForAdmin | null> {
  const [found] = await db
    .select({
      user: { id: user.id, email: user.email, name: user.name, emailVerified: user.emailVerified, joinedAt: user.createdAt },
      profile: {
        handle: profiles.handle,
        displayName: profiles.displayName,
        isAdmin: sql<boolean>`coalesce(${profiles.isAdmin}, false)`,
        isCreator: sql<boolean>`coalesce(${profiles.isCreator}, false)`,
        isPublished: sql<boolean>`coalesce(${profiles.isPublished}, false)`,
      },
    })
    .from(user)
    .innerJoin(profiles, eq(profiles.id, user.id))
    .where(eq(user.id, userId))
    .limit(1);
  if (!found) return null;
  const creator = alias(profiles, "creator");
  const suspender = alias(user, "suspender");
  const lifter = alias(user, "lifter");
  const [premium, supports, applications, suspensions, [{ publishedMaps }], history, emailBounce] = await Promise.all([
    db
      .select({
        id: platformSubscriptions.id,
        status: platformSubscriptions.status,
        interval: platformSubscriptions.interval,
        provider: platformSubscriptions.provider,
        currentPeriodEnd: platformSubscriptions.currentPeriodEnd,
        cancelAtPeriodEnd: platformSubscriptions.cancelAtPeriodEnd,
        createdAt: platformSubscriptions.createdAt,
      })
      .from(platformSubscriptions)
      .where(eq(platformSubscriptions.userId, userId))
      .orderBy(desc(platformSubscriptions.createdAt)),
    db
      .select({
        id: creatorSupporters.id,
        status: creatorSupporters.status,
        interval: creatorSupporters.interval,
        provider: creatorSupporters.provider,
        currentPeriodEnd: creatorSupporters.currentPeriodEnd,
        cancelAtPeriodEnd: creatorSupporters.cancelAtPeriodEnd,
        createdAt: creatorSupporters.createdAt,
        creator: { id: creator.id, handle: creator.handle, displayName: creator.displayName },
      })
      .from(creatorSupporters)
      .innerJoin(creator, eq(creator.id, creatorSupporters.creatorId))
      .where(eq(creatorSupporters.userId, userId))
      .orderBy(desc(creatorSupporters.createdAt)),
    db
      .select({
        id: creatorApplications.id,
        status: creatorApplications.status,
        createdAt: creatorApplications.createdAt,
        reviewedAt: creatorApplications.reviewedAt,
        reason: creatorApplications.decisionReason,
      })
      .from(creatorApplications)
      .where(eq(creatorApplications.userId, userId))
      .orderBy(desc(creatorApplications.createdAt)),
    db
      .select({
        id: userSuspensions.id,
        reason: userSuspensions.reason,
        suspendedAt: userSuspensions.suspendedAt,
        suspendedBy: suspender.email,
        liftedAt: userSuspensions.liftedAt,
        liftedBy: lifter.email,
      })
      .from(userSuspensions)
      .leftJoin(suspender, eq(suspender.id, userSuspensions.suspendedBy))
      .leftJoin(lifter, eq(lifter.id, userSuspensions.liftedBy))
      .where(eq(userSuspensions.userId, userId))
      .orderBy(desc(userSuspensions.suspendedAt)),
    db
      .select({ publishedMaps: sql<number>`count(*)::int` })
      .from(maps)
      .where(and(eq(maps.ownerId, userId), eq(maps.isPublished, true))),
    auditTrail(db, { type: "user", id: userId }),
    emailSuppression(db, found.user.email),
  ]);
  const memberships: Membership[] = [
    ...premium.map((p) => ({ ...p, kind: "premium" as const, creator: null })),
    ...supports.map((s) => ({ ...s, kind: "supporter" as const })),
  ];
  return {
    ...found,
    configuredAdmin: isConfiguredAdmin(found.user.email),
    publishedMaps,
    memberships,
    applications,
    suspensions,
    suspended: suspensions.find((s) => s.liftedAt === null) ?? null,
    history,
    emailBounce,
  };
}
