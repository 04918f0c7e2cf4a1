import type { Visibility } from "#db/schema";
import { accessTo, type Access, type Entitlements } from "~/modules/gate";

/** The levels a creator picks for a post, as for a spot: everyone, Premium members and all Supporters, or their own Supporters. */
export const POST_VISIBILITIES = ["public", "premium", "supporters"] as const satisfies readonly Visibility[];
export type PostVisibility = (typeof POST_VISIBILITIES)[number];

/** A post with no publication time is a draft; one whose time is still ahead is scheduled. */
export type PostStatus = "draft" | "scheduled" | "published";

/** What deciding who may read a post needs to know of it. */
export interface PostGateFacts {
  creatorId: string;
  visibility: PostVisibility;
  /** NULL while a draft; a time still ahead while scheduled. */
  publishedAt: Date | null;
  /** Whether the creator's profile is published: an unpublished creator's posts are hidden. */
  creatorPublished: boolean;
}

/** A post as one viewer may read it. */
export interface PostForViewer {
  id: string;
  title: string;
  visibility: PostVisibility;
  publishedAt: Date | null;
}

/**
 * Readable in full (with its body), or locked: the title and date are
 * shown with the unlock call to action, and the body is not in the value at
 * all, so no page, feed or email built from it can carry it by mistake.
 */
export type GatedPost = (PostForViewer & { access: "full"; bodyMarkdown: string }) | (PostForViewer & { access: "locked" });

/** `now` is passed in: the scheduled-post job and every request decide with the same clock. */
export function postStatus(publishedAt: Date | null, now: Date): PostStatus {
  if (publishedAt === null) return "draft";
  return publishedAt.getTime() > now.getTime() ? "scheduled" : "published";
}

/**
 * The one gate, applied to a post: a draft or a scheduled post counts as
 * unpublished (only its creator and admins see it until its time comes), and
 * the visibility decides the rest as it does for spots and maps.
 */
export function postAccess(viewer: Entitlements, post: PostGateFacts, now: Date): Access {
  return accessTo(viewer, {
    ownerId: post.creatorId,
    visibility: post.visibility,
    isPublished: postStatus(post.publishedAt, now) === "published",
    ownerPublished: post.creatorPublished,
  });
}

/** Whether the viewer may read the post's body. */
export function mayReadBody(viewer: Entitlements, post: PostGateFacts, now: Date): boolean {
  return postAccess(viewer, post, now) === "full";
}

/** The post as this viewer may have it, or null when it is hidden from them (a 404). */
export function gatePost(viewer: Entitlements, post: PostGateFacts & PostForViewer & { bodyMarkdown: string }, now: Date): GatedPost | null {
  const access = postAccess(viewer, post, now);
  if (access === "hidden") return null;
  const shown: PostForViewer = { id: post.id, title: post.title, visibility: post.visibility, publishedAt: post.publishedAt };
  return access === "full" ? { ...shown, access, bodyMarkdown: post.bodyMarkdown } : { ...shown, access };
}
