/**
 * A post's body as blocks the post page and the editor's preview lay out: markdown, an image
 * paragraph, or a card paragraph. A paragraph (a run of lines between blank lines, starting at the
 * margin) that consists only of a link to one of our maps (`/maps/{slug}`) or spots
 * (`/maps/{slug}/spots/{slug}`) is a card; one that consists only of an image from our storage
 * (or https) is a figure. Everything else is markdown for the app's one renderer. The server
 * (`post-cards.server.ts`) finds the cards' links with the same function, so it loads exactly the
 * cards the page draws. Browser-safe: no queries.
 */
import { safeImageSrc, type MarkdownTree } from "~/lib/markdown";

/** A link the editor inserts, or a creator types, on a line of its own. */
export type CardLink = { kind: "map"; href: string; mapSlug: string } | { kind: "spot"; href: string; mapSlug: string; spotSlug: string };

export type PostBlock = { type: "markdown"; source: string } | { type: "card"; link: CardLink; text: string } | { type: "image"; src: string; alt: string };

/** What a card shows, as the viewer may see it: a locked spot carries its teaser only (name, category, map). */
export type PostCard =
  | {
      kind: "map";
      href: string;
      mapId: string;
      title: string;
      coverImageUrl: string | null;
      creatorName: string;
      spotCount: number;
    }
  | {
      kind: "spot";
      access: "full";
      href: string;
      spotId: string;
      name: string;
      mapTitle: string;
      categoryName: string | null;
      imageUrl: string | null;
    }
  | {
      kind: "spot";
      access: "locked";
      href: string;
      spotId: string;
      name: string;
      mapTitle: string;
      categoryName: string | null;
      /** What unlocks it. */
      visibility: "premium" | "supporters";
    };

/** Cards by their link's href. */
export type PostCards = Record<string, PostCard>;

const SLUG = "[a-z0-9]+(?:-[a-z0-9]+)*";
const MAP_HREF = new RegExp(`^/maps/(${SLUG})$`);
const SPOT_HREF = new RegExp(`^/maps/(${SLUG})/spots/(${SLUG})$`);
// `[text](destination)` alone on its line; the text may hold escaped characters.
const LINK_LINE = /^\[((?:[^\]\\\n]|\\.)+)\]\(([^\s()]+)\)[ \t]*$/;
const IMAGE_LINE = /^!\[((?:[^\]\\\n]|\\.)*)\]\(([^\s()]+)\)[ \t]*$/;

/** The card a link destination names, or null when it is not one of ours. */
export function cardLinkOf(href: string): CardLink | null {
  const spot = SPOT_HREF.exec(href);
  if (spot) return { kind: "spot", href, mapSlug: spot[1], spotSlug: spot[2] };
  const map = MAP_HREF.exec(href);
  if (map) return { kind: "map", href, mapSlug: map[1] };
  return null;
}

const unescape = (text: string) => text.replace(/\\([!-/:-@[-`{-~])/g, "$1");

/** Text for inside `[...]`: markdown's own characters escaped, so a title like "[Old] *Rome*" stays as typed. */
export function escapeLinkText(text: string): string {
  return text.replace(/\s+/g, " ").replace(/([\\[\]*_`<>!])/g, "\\$1");
}

/** The markdown the editor inserts for a map or a spot: a link on a line of its own, which the page shows as a card. */
export function cardMarkdown(text: string, href: string): string {
  return `[${escapeLinkText(text)}](${href})`;
}

/** The markdown of an uploaded image. */
export function imageMarkdown(alt: string, src: string): string {
  return `![${escapeLinkText(alt)}](${src})`;
}

/** Runs of non-blank lines; markdown between special paragraphs is kept whole (lists and all) for the renderer. */
export function splitPostBody(markdown: string): PostBlock[] {
  const lines = markdown.replace(/\r\n?/g, "\n").split("\n");
  const blocks: PostBlock[] = [];
  let pending: string[] = [];
  const flushMarkdown = () => {
    const source = pending.join("\n").trim();
    if (source) blocks.push({ type: "markdown", source });
    pending = [];
  };
  let i = 0;
  while (i < lines.length) {
    if (lines[i].trim() === "") {
      pending.push(lines[i]);
      i++;
      continue;
    }
    const start = i;
    while (i < lines.length && lines[i].trim() !== "") i++;
    const special = i - start === 1 ? specialParagraph(lines[start]) : null;
    if (special) {
      flushMarkdown();
      blocks.push(special);
    } else pending.push(...lines.slice(start, i));
  }
  flushMarkdown();
  return blocks;
}

/** One line, at the margin (an indented line continues a list item), that is only a card link or an image. */
function specialParagraph(line: string): PostBlock | null {
  const image = IMAGE_LINE.exec(line);
  if (image) {
    const src = safeImageSrc(image[2]);
    return src ? { type: "image", src, alt: unescape(image[1]) } : null;
  }
  const link = LINK_LINE.exec(line);
  if (!link) return null;
  const card = cardLinkOf(link[2]);
  return card ? { type: "card", link: card, text: unescape(link[1]) } : null;
}

/**
 * A body's blocks as the page draws them: markdown already parsed (in the loader, so the parser
 * stays off the page's scripts; the Studio's preview parses in the browser), and each card's
 * fallback (its link as written, for a viewer with no card) parsed too.
 */
export type RenderedPostBlock =
  { type: "markdown"; tree: MarkdownTree } | { type: "image"; src: string; alt: string } | { type: "card"; href: string; fallback: MarkdownTree };

export function renderPostBlocks(markdown: string, parse: (source: string) => MarkdownTree): RenderedPostBlock[] {
  return splitPostBody(markdown).map((block) => {
    switch (block.type) {
      case "markdown":
        return { type: "markdown", tree: parse(block.source) };
      case "image":
        return block;
      case "card":
        return { type: "card", href: block.link.href, fallback: parse(cardMarkdown(block.text, block.link.href)) };
    }
  });
}

/** The card links of a body, each once, in order. */
export function cardLinksIn(markdown: string): CardLink[] {
  const seen = new Map<string, CardLink>();
  for (const block of splitPostBody(markdown)) if (block.type === "card" && !seen.has(block.link.href)) seen.set(block.link.href, block.link);
  return [...seen.values()];
}
