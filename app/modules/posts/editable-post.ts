/**
 * A post as its creator edits it in the Studio: every field (the creator reads their own post in
 * full), its status now, and the `version` an autosave must carry. Browser-safe: shared by the
 * editor, its autosave and the Studio list.
 */
import type { PostStatus, PostVisibility } from "./post-access";

export interface EditablePost {
  id: string;
  title: string;
  /** Follows the title until the post is first published, then fixed. */
  slug: string;
  bodyMarkdown: string;
  visibility: PostVisibility;
  /** ISO time: NULL while a draft, ahead while scheduled. */
  publishedAt: string | null;
  firstPublishedAt: string | null;
  status: PostStatus;
  /** Whether the slug is fixed (the post has been out). */
  slugFixed: boolean;
  version: number;
  updatedAt: string;
}

/** What the editor autosaves: the text and who may read it (publication has its own buttons). */
export interface PostContent {
  title: string;
  bodyMarkdown: string;
  visibility: PostVisibility;
}

export function contentOf(post: Pick<EditablePost, "title" | "bodyMarkdown" | "visibility">): PostContent {
  return { title: post.title, bodyMarkdown: post.bodyMarkdown, visibility: post.visibility };
}

/** A map or spot of the creator's that a post can link to (and show as a card). */
export interface LinkablePlace {
  kind: "map" | "spot";
  id: string;
  title: string;
  /** The map's title, for a spot. */
  mapTitle: string | null;
  href: string;
  /** Shown as a card to readers only once published. */
  isPublished: boolean;
}
