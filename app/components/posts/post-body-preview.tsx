/**
 * The editor's live preview of a post: the post page's own `PostBody`, its blocks parsed here in
 * the browser. The parser is the heavy part, so it loads when the preview is first shown.
 */
import { useEffect, useMemo, useState } from "react";
import type { markdownTree } from "~/lib/markdown/parse";
import { renderPostBlocks, type PostCards, type RenderedPostBlock } from "~/modules/posts";
import { PostBody } from "./post-body";

type Parse = typeof markdownTree;

export function PostBodyPreview({
  markdown,
  cards,
  initial,
  className,
}: {
  markdown: string;
  cards: PostCards;
  /** The page's own parse of the saved body: shown until the parser has loaded here (and without JavaScript). */
  initial?: { markdown: string; blocks: RenderedPostBlock[] };
  className?: string;
}) {
  const [parse, setParse] = useState<Parse | "failed" | null>(null);
  useEffect(() => {
    let live = true;
    import("~/lib/markdown/parse").then(
      (module) => live && setParse(() => module.markdownTree),
      () => live && setParse("failed"),
    );
    return () => {
      live = false;
    };
  }, []);
  const blocks = useMemo(() => (typeof parse === "function" ? renderPostBlocks(markdown, parse) : null), [parse, markdown]);
  if (blocks) return <PostBody blocks={blocks} cards={cards} className={className} />;
  if (initial && initial.markdown === markdown) return <PostBody blocks={initial.blocks} cards={cards} className={className} />;
  return (
    <p className="mt-4 text-neutral-500">{parse === "failed" ? "The preview could not be loaded. Reload the page to try again." : "Loading the preview…"}</p>
  );
}
