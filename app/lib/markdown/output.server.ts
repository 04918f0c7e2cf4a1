/**
 * Markdown as an HTML string and as plain text, for what is not a page: emails, RSS/Atom feeds,
 * teasers. The same tree as the pages' (`markdownTree`), so the same allow-list: raw HTML is
 * text, refused links are their text, refused images their alt text.
 *
 * Outside a page a site path means nothing (an email has no site to be relative to): give
 * `baseUrl` (the site's public address) and links and images to our own paths become absolute.
 * The text form is text: embed it with the escaping of wherever it goes (XML, HTML).
 */
import type { Element, ElementContent, Root, RootContent } from "hast";
import { toHtml } from "hast-util-to-html";
import { toText } from "hast-util-to-text";
import { markdownTree } from "./parse";
import { shiftHeadings, type HeadingLevel, type MarkdownTree } from "./tree";

export interface MarkdownOutputOptions {
  /** The level the text's highest heading takes (default 2: the email or entry has its own title). */
  topLevel?: HeadingLevel;
  /** The site's public address; site paths in links and images are made absolute against it. */
  baseUrl?: string;
}

type Node = Root | RootContent | ElementContent;

/** Every element of the tree, depth first (the tree is freshly made: callers may change it). */
function* elements(node: Node): Generator<Element> {
  if (node.type === "element") yield node;
  if ("children" in node) for (const child of node.children) yield* elements(child);
}

function absolutise(tree: MarkdownTree, baseUrl: string | undefined): MarkdownTree {
  if (!baseUrl) return tree;
  for (const element of elements(tree)) {
    for (const name of ["href", "src"] as const) {
      const value = element.properties[name];
      if (typeof value === "string" && value.startsWith("/")) element.properties[name] = new URL(value, baseUrl).href;
    }
  }
  return tree;
}

/** The sanitised HTML of a markdown text (no wrapper element). */
export function renderMarkdownHtml(source: string, options: MarkdownOutputOptions = {}): string {
  return toHtml(absolutise(shiftHeadings(markdownTree(source), options.topLevel ?? 2), options.baseUrl), {
    characterReferences: { useNamedReferences: true },
  });
}

const text = (value: string) => ({ type: "text" as const, value });

/** Stands for a nested list's indent until the text is made (the text algorithm collapses spaces). */
const INDENT = "\uE000";

/** "https://example.com/" and "example.com", "mailto:a@b.c" and "a@b.c" say the same. */
const bare = (address: string) => address.replace(/^(https?:\/\/|mailto:)/i, "").replace(/\/$/, "");

/**
 * The tree made fit for reading as text: headings, lists and rules as paragraphs (a blank line
 * apart), list items with their bullet or number (nested ones indented), a task's box as [x] or
 * [ ], an image as its alt text, and (with `addresses`) a link followed by its address unless its
 * text already is the address.
 */
function forText(tree: MarkdownTree, { addresses }: { addresses: boolean }): MarkdownTree {
  const walk = (node: Root | Element, depth: number) => {
    for (const child of node.children) {
      if (child.type !== "element") continue;
      const { tagName, properties } = child;
      if (/^h[1-6]$/.test(tagName)) child.tagName = "p";
      else if (tagName === "hr") Object.assign(child, { tagName: "p", children: [text("---")] });
      else if (tagName === "input") Object.assign(child, { tagName: "span", children: [text(properties.checked ? "[x]" : "[ ]")] });
      else if (tagName === "img") Object.assign(child, { tagName: "span", children: [text(String(properties.alt ?? ""))] });
      else if (tagName === "ol" || tagName === "ul") {
        let n = typeof properties.start === "number" ? properties.start : 1;
        for (const item of child.children) {
          if (item.type === "element" && item.tagName === "li") item.children.unshift(text(`${INDENT.repeat(depth)}${tagName === "ol" ? `${n++}.` : "-"} `));
        }
        // A top-level list stands apart like a paragraph; a nested one follows its item's line.
        if (depth === 0) child.tagName = "p";
        else child.tagName = "div";
        walk(child, depth + 1);
        continue;
      } else if (addresses && tagName === "a" && typeof properties.href === "string" && !properties.href.startsWith("#")) {
        const address = properties.href;
        if (bare(toText(child).trim()) !== bare(address)) child.children.push(text(` (${address.replace(/^mailto:/i, "")})`));
      }
      walk(child, depth);
    }
  };
  walk(tree, 0);
  return tree;
}

/** A markdown text as plain text: blocks apart by a blank line, what markup said in words. */
export function markdownToText(source: string, options: Pick<MarkdownOutputOptions, "baseUrl"> = {}): string {
  return toText(forText(absolutise(markdownTree(source), options.baseUrl), { addresses: true }))
    .replaceAll(INDENT, "  ")
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** Cut at a word boundary, with an ellipsis, when longer than `max` characters. */
function clip(value: string, max: number): string {
  if (value.length <= max) return value;
  const cut = value.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.!?-]+$/, "")}…`;
}

/** A teaser: the text's first paragraph as one line of plain text (null when it has none). */
export function firstParagraph(source: string, options: { maxLength?: number } = {}): string | null {
  const paragraph = markdownTree(source).children.find((node): node is Element => node.type === "element" && node.tagName === "p");
  if (!paragraph) return null;
  const line = toText(forText({ type: "root", children: [paragraph] }, { addresses: false }))
    .replace(/\s+/g, " ")
    .trim();
  if (!line) return null;
  return options.maxLength ? clip(line, options.maxLength) : line;
}
