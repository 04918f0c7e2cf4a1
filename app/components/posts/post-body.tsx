/**
 * A post's body as readers see it, shared by the post page and the Studio's preview: markdown
 * through the app's one renderer, an image on a line of its own as a figure, and a link to a map
 * or a spot on a line of its own as a card (`modules/posts/post-body.ts` says which paragraphs are
 * which). Card data comes from the server (`cardsForBody`), already gated for the viewer: a spot
 * the viewer may not open arrives as a locked teaser, and a map or spot they may not see arrives
 * not at all, so its line stays the plain link the creator wrote.
 */
import { Lock, MapPin } from "lucide-react";
import { Link } from "react-router";
import { CoverArt } from "~/components/cover-art";
import { Markdown } from "~/components/markdown";
import { plural } from "~/lib/plural";
import { coverSrcSet, IMAGE_WIDTHS } from "~/modules/images/variants";
import type { HeadingLevel } from "~/lib/markdown";
import type { PostCard, PostCards, RenderedPostBlock } from "~/modules/posts";

export interface PostBodyProps {
  /** The body's blocks, parsed by the loader (`renderPostBlocks`). */
  blocks: RenderedPostBlock[];
  /** Card data by link href, as this viewer may see it. */
  cards: PostCards;
  /** The page's own h1 is the post's title: body headings start below it. */
  topLevel?: HeadingLevel;
  className?: string;
}

export function PostBody({ blocks, cards, topLevel = 2, className }: PostBodyProps) {
  return (
    <div className={className} data-testid="post-body">
      {blocks.map((block, i) => {
        switch (block.type) {
          case "markdown":
            return <Markdown key={i} tree={block.tree} topLevel={topLevel} />;
          case "image":
            return <PostImage key={i} src={block.src} alt={block.alt} />;
          case "card": {
            const card = cards[block.href];
            if (card) return <PostCardView key={i} card={card} />;
            // Not a card for this viewer (hidden, gone, or not loaded yet): the link as written.
            return <Markdown key={i} tree={block.fallback} topLevel={topLevel} />;
          }
        }
      })}
    </div>
  );
}

const UPLOADED_POST_IMAGE = /^(\/uploads\/post-images\/[0-9a-f]{2}\/[0-9a-f-]{36})-(\d{1,4})\.webp$/;

/** The smaller variants stored beside an uploaded image (the markdown names the default one). */
function postImageSrcSet(src: string): string | undefined {
  const match = UPLOADED_POST_IMAGE.exec(src);
  if (!match) return undefined;
  const width = Number(match[2]);
  const widths = IMAGE_WIDTHS.filter((w) => w < width);
  return [...widths.map((w) => `${match[1]}-${w}.webp ${w}w`), `${src} ${width}w`].join(", ");
}

function PostImage({ src, alt }: { src: string; alt: string }) {
  return (
    <figure className="mt-6">
      <img
        src={src}
        srcSet={postImageSrcSet(src)}
        sizes="(min-width: 48rem) 44rem, 100vw"
        alt={alt}
        loading="lazy"
        decoding="async"
        className="w-full rounded-xl bg-neutral-100 object-cover"
        data-testid="post-image"
      />
      {alt ? <figcaption className="mt-2 text-center text-sm text-neutral-600">{alt}</figcaption> : null}
    </figure>
  );
}

const cardClass =
  "mt-6 flex items-stretch gap-4 overflow-hidden rounded-xl border border-neutral-200 bg-white no-underline shadow-sm transition hover:border-brand-300 hover:shadow-md";

function PostCardView({ card }: { card: PostCard }) {
  if (card.kind === "map") {
    return (
      <Link to={card.href} className={cardClass} data-testid="post-card" data-kind="map">
        <span className="block w-32 shrink-0 sm:w-44">
          {card.coverImageUrl ? (
            <img
              src={card.coverImageUrl}
              srcSet={coverSrcSet(card.coverImageUrl)}
              sizes="11rem"
              alt=""
              loading="lazy"
              className="aspect-video h-full w-full object-cover"
            />
          ) : (
            <CoverArt seed={card.mapId} className="aspect-video h-full w-full" />
          )}
        </span>
        <span className="flex min-w-0 flex-col justify-center py-3 pr-4">
          <span className="text-xs font-semibold tracking-wide text-brand-700 uppercase">Map</span>
          <span className="font-semibold break-words text-neutral-900">{card.title}</span>
          <span className="text-sm text-neutral-600">
            by {card.creatorName} · {plural(card.spotCount, "spot")}
          </span>
        </span>
      </Link>
    );
  }
  if (card.access === "locked") {
    return (
      <Link to={card.href} className={cardClass} data-testid="post-card" data-kind="spot" data-locked="true">
        <span className="flex w-24 shrink-0 items-center justify-center bg-neutral-100 text-neutral-500 sm:w-32">
          <Lock aria-hidden className="size-6" />
        </span>
        <span className="flex min-w-0 flex-col justify-center py-3 pr-4">
          <span className="text-xs font-semibold tracking-wide text-amber-800 uppercase">
            {card.visibility === "supporters" ? "Supporters only" : "Premium"}
          </span>
          <span className="font-semibold break-words text-neutral-900">{card.name}</span>
          <span className="text-sm text-neutral-600">
            {card.categoryName ? `${card.categoryName} · ` : ""}on {card.mapTitle}
          </span>
        </span>
      </Link>
    );
  }
  return (
    <Link to={card.href} className={cardClass} data-testid="post-card" data-kind="spot">
      <span className="flex w-24 shrink-0 items-center justify-center bg-brand-50 text-brand-700 sm:w-32">
        {card.imageUrl ? <img src={card.imageUrl} alt="" loading="lazy" className="h-full w-full object-cover" /> : <MapPin aria-hidden className="size-6" />}
      </span>
      <span className="flex min-w-0 flex-col justify-center py-3 pr-4">
        <span className="text-xs font-semibold tracking-wide text-brand-700 uppercase">Spot</span>
        <span className="font-semibold break-words text-neutral-900">{card.name}</span>
        <span className="text-sm text-neutral-600">
          {card.categoryName ? `${card.categoryName} · ` : ""}on {card.mapTitle}
        </span>
      </span>
    </Link>
  );
}
