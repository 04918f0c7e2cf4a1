/**
 * Markdown as React elements: the one component every page shows markdown with (Discover
 * articles, spot descriptions and imported notes, the Studio's preview).
 *
 * It renders a tree, not a string: `markdownTree` (`lib/markdown/parse.ts`) parses and sanitises
 * in the page's loader, so the parser stays off the page's scripts, and the server and the
 * hydrating browser render the same tree to the same markup. Only the allow-list's elements and
 * attributes are rendered (anything else in a tree gives only its text), and never through
 * dangerouslySetInnerHTML.
 */
import type { Element, ElementContent, RootContent } from "hast";
import { createElement, Fragment, type ReactNode } from "react";
import { ATTRIBUTES, ELEMENTS, type MarkdownElement } from "~/lib/markdown/allow-list";
import { shiftHeadings, type HeadingLevel, type MarkdownTree } from "~/lib/markdown/tree";

const CLASSES: Partial<Record<MarkdownElement, string>> = {
  h1: "mt-10 text-3xl font-bold tracking-tight",
  h2: "mt-10 text-2xl font-semibold tracking-tight",
  h3: "mt-8 text-xl font-semibold",
  h4: "mt-6 text-lg font-semibold",
  h5: "mt-6 font-semibold",
  h6: "mt-6 font-semibold",
  p: "mt-4 leading-relaxed",
  ul: "mt-4 list-disc space-y-2 pl-6 leading-relaxed",
  ol: "mt-4 list-decimal space-y-2 pl-6 leading-relaxed",
  blockquote: "mt-4 border-l-4 border-neutral-200 pl-4 text-neutral-700",
  pre: "mt-4 overflow-x-auto rounded-lg bg-neutral-100 p-3 text-sm",
  code: "rounded bg-neutral-100 px-1 py-0.5 text-[0.9em]",
  a: "font-medium text-brand-700 underline underline-offset-2 hover:text-brand-600",
  img: "inline-block h-auto max-w-full rounded-lg",
  hr: "mt-6 border-neutral-200",
  table: "mt-4 block overflow-x-auto text-sm",
  th: "border border-neutral-200 px-2 py-1 text-left font-semibold",
  td: "border border-neutral-200 px-2 py-1",
  input: "mr-1 align-middle",
};

const RENDERED = new Set<string>(ELEMENTS);
const VOID = new Set(["br", "hr", "img", "input"]);

function propsOf(element: Element, key: number): Record<string, unknown> {
  const tagName = element.tagName as MarkdownElement;
  const props: Record<string, unknown> = { key, className: CLASSES[tagName] };
  for (const name of ATTRIBUTES[tagName] ?? []) {
    const value = element.properties[name];
    if (value === undefined || value === null || value === false) continue;
    props[name] = Array.isArray(value) ? value.join(" ") : value;
  }
  // A task's checkbox shows its state; nobody ticks it here.
  if (tagName === "input") props.readOnly = true;
  return props;
}

function render(nodes: readonly (RootContent | ElementContent)[]): ReactNode[] {
  return nodes.map((node, i) => {
    if (node.type === "text") return node.value;
    if (node.type !== "element") return null;
    const children = render(node.children);
    if (!RENDERED.has(node.tagName)) return createElement(Fragment, { key: i }, ...children);
    return createElement(node.tagName, propsOf(node, i), ...(VOID.has(node.tagName) ? [] : children));
  });
}

/**
 * `topLevel`: the level the text's highest heading takes. Pages have their own h1 (the article's
 * title, the spot's name), so by default the text's headings start at h2.
 */
export function Markdown({ tree, topLevel = 2, className }: { tree: MarkdownTree; topLevel?: HeadingLevel; className?: string }) {
  return <div className={className}>{render(shiftHeadings(tree, topLevel).children)}</div>;
}
