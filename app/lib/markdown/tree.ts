/**
 * A rendered markdown text as data: a sanitised hast tree (no positions), made on the server by
 * `markdownTree` (`parse.ts`) and handed to pages in their loader data, so the parser never ships
 * to a page that only shows markdown. Small and browser-safe.
 */
import type { ElementContent, Root, RootContent } from "hast";

export type MarkdownTree = Root;

export type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;

const headingLevel = (tagName: string): number | null => (/^h[1-6]$/.test(tagName) ? Number(tagName[1]) : null);

function topHeading(nodes: readonly (RootContent | ElementContent)[]): number {
  let top = 7;
  for (const node of nodes) {
    if (node.type !== "element") continue;
    top = Math.min(top, headingLevel(node.tagName) ?? 7, topHeading(node.children));
  }
  return top;
}

/**
 * The text's headings moved under the page's own: its highest heading becomes `topLevel` and the
 * others keep their depth below it, never deeper than h6. A post page has its h1, so a post's `#`
 * (or, if it starts at `##`, its `##`) becomes an h2, and the outline skips no level.
 */
export function shiftHeadings(tree: MarkdownTree, topLevel: HeadingLevel): MarkdownTree {
  const top = topHeading(tree.children);
  if (top === 7 || top === topLevel) return tree;
  const shift = <T extends RootContent | ElementContent>(node: T): T => {
    if (node.type !== "element") return node;
    const level = headingLevel(node.tagName);
    return { ...node, tagName: level ? `h${Math.min(6, level - top + topLevel)}` : node.tagName, children: node.children.map(shift) };
  };
  return { ...tree, children: tree.children.map(shift) };
}
