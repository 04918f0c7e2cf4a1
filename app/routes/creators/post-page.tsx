import { ArrowLeft } from "lucide-react";
import { ContentActions } from "~/components/moderation/content-actions";
import { href, Link, redirect } from "react-router";
import { Avatar } from "~/components/layout/avatar";
import { LockedBadge } from "~/components/maps/locked-note";
import { PostBody } from "~/components/posts/post-body";
import { LockedPost } from "~/components/posts/locked-post";
import { creatorNameOf, PostDate } from "~/components/posts/post-summaries";
import { dbContext } from "~/lib/db-context.server";
import { notFound } from "~/lib/http-errors";
import { siteUrl } from "~/lib/site-url.server";
import { recordView } from "~/modules/analytics/views.server";
import { getViewer } from "~/modules/auth/session.server";
import { entitlementsOf } from "~/modules/gate";
import { markdownTree } from "~/lib/markdown/index.server";
import { renderPostBlocks } from "~/modules/posts";
import { cardsForBody, findPublicPost } from "~/modules/posts/index.server";
import { postMeta } from "~/modules/seo/post-meta";
import type { Route } from "./+types/post-page";

/**
 * `/@{handle}/posts/{slug}`: one published post, in full for a viewer who may read it, else its
 * title, date and first paragraph with the unlock call to action; the loader's value then has no
 * body at all (so neither the page, nor its `.data`, nor its meta tags can carry it). Its id
 * answers with a redirect to its slug; a draft, a scheduled post or a hidden creator's is a 404.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (!params.atHandle.startsWith("@")) notFound(request);
  const db = context.get(dbContext);
  const viewer = getViewer(context);
  const entitlements = entitlementsOf(viewer);
  const found = await findPublicPost(db, params.atHandle.slice(1), params.postSlug, entitlements, new Date());
  if (!found.found) notFound(request);
  if ("redirectTo" in found) {
    throw redirect(href("/:atHandle/posts/:postSlug", { atHandle: params.atHandle, postSlug: found.redirectTo }), 301);
  }
  const { post } = found;
  const [cards] = await Promise.all([
    // The maps and spots the body shows as cards, as this viewer may see them (a locked post has no body, so none).
    post.access === "full" ? cardsForBody(db, entitlements, post.bodyMarkdown) : {},
    recordView(db, context, viewer, {
      type: "post_viewed",
      targetId: post.id,
      creatorId: post.creator.id,
      properties: { locked: post.access === "locked" },
    }),
  ]);
  const origin = siteUrl(request);
  const atHandle = `@${post.creator.handle}`;
  // The page draws the parsed blocks: the markdown source itself is not sent along.
  const body = post.access === "full" ? post.bodyMarkdown : null;
  const { bodyMarkdown: _source, ...shown } = { ...post, bodyMarkdown: body };
  return {
    post: shown,
    // Parsed here, so the parser stays off the page's scripts; a locked post has no body to parse.
    blocks: body === null ? [] : renderPostBlocks(body, markdownTree),
    cards,
    urls: {
      canonical: `${origin}${href("/:atHandle/posts/:postSlug", { atHandle, postSlug: post.slug })}`,
      creator: `${origin}${href("/:atHandle", { atHandle })}`,
      feed: `${origin}${href("/:atHandle/posts/feed.xml", { atHandle })}`,
    },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? postMeta(loaderData.post, loaderData.urls) : []);

export default function PostPage({ loaderData }: Route.ComponentProps) {
  const { post, blocks, cards } = loaderData;
  const name = creatorNameOf(post.creator);
  const atHandle = `@${post.creator.handle}`;
  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <Link to={href("/:atHandle/posts", { atHandle })} className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
        <ArrowLeft aria-hidden className="size-4" /> Posts by {name}
      </Link>
      <article className="mt-6" data-testid="post" data-access={post.access}>
        <header>
          <h1 className="text-4xl font-bold tracking-tight wrap-anywhere">{post.title}</h1>
          <div className="mt-4 flex flex-wrap items-center gap-3 text-sm text-neutral-600">
            <Link to={href("/:atHandle", { atHandle })} className="flex items-center gap-2 font-semibold text-neutral-800 hover:underline">
              <Avatar src={post.creator.profileImageUrl} size={32} alt="" /> {name}
            </Link>
            <span aria-hidden>·</span>
            <PostDate date={post.publishedAt} />
            {post.visibility !== "public" && post.access === "locked" ? <LockedBadge visibility={post.visibility} creator={name} /> : null}
          </div>
        </header>
        {post.access === "full" ? (
          <PostBody blocks={blocks} cards={cards} className="mt-6 text-lg text-neutral-800" />
        ) : (
          <>
            {post.teaser ? (
              <p className="mt-6 text-lg leading-relaxed text-neutral-800" data-testid="post-teaser">
                {post.teaser}
              </p>
            ) : null}
            <LockedPost visibility={post.visibility} creator={post.creator} />
          </>
        )}
      </article>
      <ContentActions type="post" id={post.id} className="mt-10 border-t border-neutral-200 pt-4" />
    </main>
  );
}
