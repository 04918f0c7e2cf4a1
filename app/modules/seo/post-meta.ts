/**
 * A post page's meta tags and JSON-LD. Built from the post as this viewer was given it, and only
 * from its title, date, creator and teaser (the first paragraph every visitor is shown): a post's
 * body never reaches a description, an Open Graph tag or structured data, whoever reads the page.
 */
import type { PublicPost } from "~/modules/posts/index.server";
import { pageMeta } from "./page-meta";
import { ldScript } from "./structured-data";

export type PostMetaInput = Pick<PublicPost, "title" | "teaser" | "visibility" | "publishedAt" | "updatedAt" | "creator">;

export interface PostUrls {
  canonical: string;
  creator: string;
  /** The creator's public Atom feed. */
  feed: string;
}

const iso = (date: Date | string) => new Date(date).toISOString();

export function postMeta(post: PostMetaInput, urls: PostUrls) {
  const name = post.creator.displayName ?? `@${post.creator.handle}`;
  const description = post.teaser || `A post by ${name}.`;
  return [
    ...pageMeta({ title: `${post.title} · ${name}`, ogTitle: post.title, description, canonical: urls.canonical, type: "article" }),
    { property: "article:published_time", content: iso(post.publishedAt) },
    { property: "article:modified_time", content: iso(post.updatedAt) },
    { property: "article:author", content: urls.creator },
    { tagName: "link", rel: "alternate", type: "application/atom+xml", title: `Posts by ${name}`, href: urls.feed },
    ldScript({
      "@context": "https://schema.org",
      "@type": "BlogPosting",
      headline: post.title,
      description,
      url: urls.canonical,
      mainEntityOfPage: urls.canonical,
      datePublished: iso(post.publishedAt),
      dateModified: iso(post.updatedAt),
      author: { "@type": "Person", name, url: urls.creator },
      // Premium and supporters-only posts are for members: search engines are told so, and are
      // given (like every anonymous visitor) the title and teaser alone.
      isAccessibleForFree: post.visibility === "public",
    }),
  ];
}
