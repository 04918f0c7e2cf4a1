/**
 * Who may see what (DESIGN.md section 5), as one pure decision every loader,
 * search, sitemap, feed and meta tag goes through.
 *
 *  - Unpublished content (or content of an unpublished creator) exists only for
 *    its owner and admins: for anyone else it is hidden (a 404).
 *  - Public content is for everyone.
 *  - Premium content is for subscribers; an active supporter of any creator
 *    counts as a subscriber.
 *  - Supporters-only content is for the active supporters of its creator.
 *  - Owners and admins always see their content in full.
 *
 * Content a viewer may not open is "locked": a teaser (name, category,
 * approximate area) with an unlock call to action, never the gated fields.
 */
import type { Visibility } from "#db/schema";
import type { Viewer } from "~/modules/auth";

export type { Visibility };

export interface GatedItem {
  /** The creator's profile id. */
  ownerId: string;
  visibility: Visibility;
  isPublished: boolean;
  /** Whether the creator is published; content of an unpublished creator is hidden. */
  ownerPublished?: boolean;
}

/** What gating needs to know about a viewer (derived once per request). */
export interface Entitlements {
  userId: string | null;
  isAdmin: boolean;
  /** Premium in an entitled status (ENTITLED_STATUSES of modules/memberships: active or trialing), or an active supporter of anyone. */
  hasActiveSubscription: boolean;
  /** Creators the viewer actively supports. */
  supportedCreatorIds: readonly string[];
}

export const NO_ENTITLEMENTS: Entitlements = { userId: null, isAdmin: false, hasActiveSubscription: false, supportedCreatorIds: [] };

export function entitlementsOf(viewer: Viewer): Entitlements {
  if (!viewer.user) return NO_ENTITLEMENTS;
  return {
    userId: viewer.user.id,
    isAdmin: viewer.profile?.isAdmin ?? false,
    hasActiveSubscription: viewer.hasActiveSubscription,
    supportedCreatorIds: viewer.supports.map((s) => s.creatorId),
  };
}

/**
 * The class of viewers who see exactly what this viewer sees of one creator's content, for data
 * shared between them (issue 27): whether they subscribe, and whether they support this creator.
 * That is all accessTo reads for anyone but the owner and admins, who see drafts and everything:
 * for them null, never shared. An anonymous visitor and a member without a membership are one class.
 */
export function entitlementClass(viewer: Entitlements, creatorId: string): string | null {
  if (viewer.isAdmin || (viewer.userId !== null && viewer.userId === creatorId)) return null;
  return `premium:${viewer.hasActiveSubscription ? 1 : 0};supporter:${viewer.supportedCreatorIds.includes(creatorId) ? 1 : 0}`;
}

export type Access = "full" | "locked" | "hidden";

export function accessTo(viewer: Entitlements, item: GatedItem): Access {
  const privileged = viewer.isAdmin || (viewer.userId !== null && viewer.userId === item.ownerId);
  if (privileged) return "full";
  if (!item.isPublished || item.ownerPublished === false) return "hidden";
  switch (item.visibility) {
    case "public":
      return "full";
    case "premium":
      return viewer.hasActiveSubscription ? "full" : "locked";
    case "supporters":
      return viewer.supportedCreatorIds.includes(item.ownerId) ? "full" : "locked";
    default:
      // An unknown visibility is treated as the strictest.
      return "locked";
  }
}

/** Whether the viewer may see the item in full. */
export function canView(viewer: Entitlements, item: GatedItem): boolean {
  return accessTo(viewer, item) === "full";
}
