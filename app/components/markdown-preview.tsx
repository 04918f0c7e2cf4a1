/**
 * A live preview of markdown being written (the Studio's spot description, a post's body): the
 * same tree and `<Markdown>` as the public page. The parser is the heavy part, so it is loaded
 * when a preview is first shown, not with the editor.
 */
import { useEffect, useMemo, useState } from "react";
import type { markdownTree } from "~/lib/markdown/parse";
import type { HeadingLevel } from "~/lib/markdown/tree";
import { Markdown } from "./markdown";

type Parse = typeof markdownTree;

export function MarkdownPreview({ source, topLevel, className }: { source: string; topLevel?: HeadingLevel; className?: string }) {
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
  const tree = useMemo(() => (typeof parse === "function" ? parse(source) : null), [parse, source]);
  if (tree) return <Markdown tree={tree} topLevel={topLevel} className={className} />;
  return (
    <p className="mt-4 text-neutral-500">{parse === "failed" ? "The preview could not be loaded. Reload the page to try again." : "Loading the preview…"}</p>
  );
}
