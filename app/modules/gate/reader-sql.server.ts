/**
 * The gate's fourth form: for many people at once, each known only by a user id column (a post
 * emailed to every follower), decided from their memberships as they stand when the query runs.
 * For a published item of a published creator it answers what canView() answers for that person's
 * entitlements (entitlementsOf): public for everyone; Premium for an entitled Premium member or an
 * entitled supporter of anyone; supporters-only for the entitled supporters of its creator; the
 * creator and admins always. post-delivery.server.integration.test.ts holds it equal to gatePost().
 */
import { sql, type SQL } from "drizzle-orm";
import { ENTITLED_STATUSES } from "~/modules/memberships";
import { creatorSupporters, platformSubscriptions, profiles, type Visibility } from "#db/schema";

const entitled = sql.raw(`(${ENTITLED_STATUSES.map((s) => `'${s}'`).join(", ")})`);

export function userMayReadSql(userId: SQL, item: { ownerId: string; visibility: Visibility }): SQL<boolean> {
  const privileged = sql`(${userId} = ${item.ownerId} or exists (select 1 from ${profiles} a where a.id = ${userId} and a.is_admin))`;
  const supportsThisCreator = sql`exists (select 1 from ${creatorSupporters} s where s.user_id = ${userId} and s.creator_id = ${item.ownerId} and s.status in ${entitled})`;
  const premium = sql`(exists (select 1 from ${platformSubscriptions} p where p.user_id = ${userId} and p.status in ${entitled}) or exists (select 1 from ${creatorSupporters} s where s.user_id = ${userId} and s.status in ${entitled}))`;
  switch (item.visibility) {
    case "public":
      return sql<boolean>`true`;
    case "premium":
      return sql<boolean>`(${privileged} or ${premium})`;
    case "supporters":
      return sql<boolean>`(${privileged} or ${supportsThisCreator})`;
    default:
      return sql<boolean>`${privileged}`;
  }
}
