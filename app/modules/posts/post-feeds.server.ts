/**
 * A creator's posts as an Atom feed. The public feed (`/@{handle}/posts/feed.xml`) carries the
 * posts anyone may read: public ones, in full. A member's private feed (`/feeds/{token}`) carries
 * the posts that member may read now — their entitlements read again on every request — so it
 * stops carrying a gated post the moment they may no longer read it. Posts a feed's reader may not
 * read are not in it at all (no title, no teaser): a feed is for reading, and the post's page is
 * where the unlock call to action lives.
 *
 * Bodies are the one markdown renderer's HTML, as a post's email carries them (`postEmailBody`:
 * its allow-list, so no raw HTML reaches a feed reader either; links to our pages made absolute).
 */
import { Feed } from "feed";
import { href } from "react-router";
import type { Database } from "~/lib/db.server";
import { entitlementsOfUser } from "~/modules/memberships/index.server";
import { NO_ENTITLEMENTS } from "~/modules/gate";
import { creatorByHandle, creatorSeenBy, resolveFeedToken } from "./feed-tokens.server";
import { readablePosts, type ReadablePost } from "./post-reads.server";
import { postEmailBody } from "./post-text.server";

/** The newest posts a feed carries. */
export const FEED_LENGTH = 50;

export interface CreatorFeed {
  kind: "public" | "private";
  creator: { id: string; handle: string; displayName: string | null };
  posts: ReadablePost[];
  /** The private feed's token row (its entry ids stay the same whatever its address). */
  tokenId?: string;
}

/** The public feed of the creator behind `handle`: public posts, or null when there is no such published creator. */
export async function publicFeed(db: Database, handle: string, now: Date): Promise<CreatorFeed | null> {
  const creator = await creatorByHandle(db, NO_ENTITLEMENTS, handle);
  return creator ? { kind: "public", creator, posts: await readablePosts(db, creator.id, NO_ENTITLEMENTS, now, FEED_LENGTH) } : null;
}

/** The private feed a token opens, as its member may read it now; null for an unknown or revoked token. */
export async function privateFeed(db: Database, token: string, now: Date): Promise<CreatorFeed | null> {
  const found = await resolveFeedToken(db, token);
  if (!found) return null;
  const viewer = await entitlementsOfUser(db, found.userId);
  const creator = await creatorSeenBy(db, viewer, found.creatorId);
  if (!creator) return null;
  return { kind: "private", creator, posts: await readablePosts(db, creator.id, viewer, now, FEED_LENGTH), tokenId: found.id };
}

const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export interface AtomOptions {
  /** The site's origin, e.g. https://spotfolio.example. */
  origin: string;
  /** This feed's own address. */
  self: string;
}

/** The feed as an Atom 1.0 document. */
export function atomFeed(feed: CreatorFeed, { origin, self }: AtomOptions): string {
  const { creator } = feed;
  const name = creator.displayName ?? `@${creator.handle}`;
  const atHandle = `@${creator.handle}`;
  const postsPage = `${origin}${href("/:atHandle/posts", { atHandle })}`;
  const updated = feed.posts.reduce<Date | undefined>((latest, p) => (!latest || p.updatedAt > latest ? p.updatedAt : latest), undefined);
  const atom = new Feed({
    // A private feed has an id of its own (not its secret address), so readers keep the two apart.
    id: feed.kind === "public" ? postsPage : `${postsPage}#private-${feed.tokenId}`,
    title: feed.kind === "public" ? `Posts by ${name}` : `Posts by ${name} (private feed)`,
    link: postsPage,
    feedLinks: { atom: self },
    updated: updated ?? new Date(0),
    generator: false,
    author: { name, link: `${origin}${href("/:atHandle", { atHandle })}` },
  });
  for (const post of feed.posts) {
    const url = `${origin}${href("/:atHandle/posts/:postSlug", { atHandle, postSlug: post.slug })}`;
    atom.addItem({
      // Atom's html constructs: text is given escaped, so a title can never become markup.
      title: escapeHtml(post.title),
      id: url,
      link: url,
      date: post.updatedAt > post.publishedAt ? post.updatedAt : post.publishedAt,
      published: post.publishedAt,
      description: post.teaser ? escapeHtml(post.teaser) : undefined,
      content: postEmailBody(post.bodyMarkdown).html,
      author: [{ name }],
    });
  }
  return atom.atom1();
}
