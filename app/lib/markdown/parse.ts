/**
 * Markdown to a sanitised tree: the one parser of editorial text (Discover articles, posts, spot
 * descriptions, imported notes), on unified: remark-parse (CommonMark) with remark-gfm (tables,
 * strikethrough, task lists, autolinked URLs) and remark-breaks (a line break in the textarea is
 * a line break on the page), then remark-rehype and rehype-sanitize with our allow-list.
 *
 * The rules not obvious from the libraries:
 * - Raw HTML is never parsed as HTML: an `html` node becomes the text it is (`<b>` shows as
 *   "<b>"), before anything could turn it into an element.
 * - A link or image is checked by `safeHref` / `safeImageSrc` (references resolved first); a
 *   refused link becomes its text, a refused image its alt text.
 * - GFM footnotes are kept as the text that was written (`[^1]`): their ids and back links are
 *   not worth an exception to "content sets no ids".
 * - After sanitising, our own attributes are added: `rel` on external links, lazy loading on
 *   images.
 *
 * Heavy (the parser is most of it): pages call it in their loaders and hand the tree over; the
 * Studio's preview loads it on demand. Outputs: `output.server.ts` (HTML, text) and
 * `components/markdown.tsx` (React).
 */
import type { Element, ElementContent, Root as HastRoot, RootContent as HastContent } from "hast";
import type { Definition, Nodes, Parents, PhrasingContent, Root, RootContent } from "mdast";
import rehypeSanitize, { type Options as SanitizeSchema } from "rehype-sanitize";
import remarkBreaks from "remark-breaks";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";
import { ELEMENTS } from "./allow-list";
import { EXTERNAL_LINK_REL, isExternalHref, safeHref, safeImageSrc } from "./safe-urls";
import type { MarkdownTree } from "./tree";

/**
 * What the sanitiser keeps, element by element. Markdown itself can only ask for `href`/`title`
 * on links, `src`/`alt`/`title` on images, a list's start and a task's checkbox.
 */
const SCHEMA: SanitizeSchema = {
  tagNames: [...ELEMENTS],
  attributes: {
    a: ["href", "title"],
    img: ["src", "alt", "title"],
    ol: ["start"],
    input: [["type", "checkbox"], "checked", "disabled"],
  },
  required: { input: { type: "checkbox", disabled: true } },
  ancestors: { li: ["ol", "ul"], input: ["li"], thead: ["table"], tbody: ["table"], tr: ["table"], th: ["table"], td: ["table"] },
  protocols: { href: ["http", "https", "mailto"], src: ["https"] },
  clobber: [],
  clobberPrefix: "",
  strip: ["script", "style"],
  allowComments: false,
  allowDoctypes: false,
};

/** Where a raw HTML block stands on its own (it becomes a paragraph of text there). */
const FLOW_PARENTS = new Set(["root", "blockquote", "listItem", "footnoteDefinition"]);

/** The allow-list on the markdown tree: raw HTML as text, unsafe links and images out, footnotes as written. */
function remarkAllowList() {
  return (tree: Root) => {
    const definitions = new Map<string, Definition>();
    const collect = (node: Nodes) => {
      if (node.type === "definition" && !definitions.has(node.identifier)) definitions.set(node.identifier, node);
      if ("children" in node) node.children.forEach(collect);
    };
    collect(tree);

    const clean = (parent: Parents) => {
      parent.children = parent.children.flatMap((child) => replace(child, parent)) as typeof parent.children;
    };
    const text = (value: string): PhrasingContent => ({ type: "text", value });
    const replace = (node: RootContent, parent: Parents): RootContent[] => {
      switch (node.type) {
        case "html":
          return FLOW_PARENTS.has(parent.type) ? [{ type: "paragraph", children: [text(node.value)] }] : [text(node.value)];
        case "definition":
          return [];
        case "linkReference":
        case "link": {
          const url = node.type === "link" ? node.url : definitions.get(node.identifier)?.url;
          const href = url === undefined ? null : safeHref(url);
          const children = node.children.flatMap((child) => replace(child, node));
          if (!href) return children;
          const title = node.type === "link" ? node.title : definitions.get(node.identifier)?.title;
          return [{ type: "link", url: href, title, children: children as PhrasingContent[] }];
        }
        case "imageReference":
        case "image": {
          const url = node.type === "image" ? node.url : definitions.get(node.identifier)?.url;
          const src = url === undefined ? null : safeImageSrc(url);
          const alt = node.alt ?? "";
          if (!src) return alt ? [text(alt)] : [];
          const title = node.type === "image" ? node.title : definitions.get(node.identifier)?.title;
          return [{ type: "image", url: src, alt, title }];
        }
        case "footnoteReference":
          return [text(`[^${node.label ?? node.identifier}]`)];
        case "footnoteDefinition": {
          clean(node);
          const [first, ...rest] = node.children;
          const label = text(`[^${node.label ?? node.identifier}]: `);
          if (first?.type === "paragraph") return [{ ...first, children: [label, ...first.children] }, ...rest];
          return [{ type: "paragraph", children: [label] }, ...node.children];
        }
      }
      if ("children" in node) clean(node);
      return [node];
    };
    clean(tree);
  };
}

/** Containers of blocks: the newlines between their blocks are layout, not text. */
const BLOCK_CONTAINERS = new Set(["blockquote", "ul", "ol", "table", "thead", "tbody", "tr"]);
const BLOCKS = new Set(["p", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "blockquote", "ul", "ol", "table", "hr"]);
const isBlock = (node: ElementContent | undefined) => node?.type === "element" && BLOCKS.has(node.tagName);
const isLayoutWhitespace = (node: HastContent, siblings: readonly HastContent[], i: number, parent: string) =>
  node.type === "text" &&
  /^\s*$/.test(node.value) &&
  (parent === "root" ||
    BLOCK_CONTAINERS.has(parent) ||
    (parent === "li" && (isBlock(siblings[i - 1] as ElementContent) || isBlock(siblings[i + 1] as ElementContent))));

/** Our attributes after sanitising, and a lean tree: no positions, no whitespace between blocks. */
function rehypeFinish() {
  return (tree: HastRoot) => {
    const finish = <T extends HastRoot | Element>(node: T, name: string): T => {
      const children = node.children.filter((child, i, all) => !isLayoutWhitespace(child, all, i, name));
      children.forEach((child, i) => {
        // remark-rehype writes a newline after each <br>: layout only, and a stray space in text.
        const before = children[i - 1];
        if (child.type === "text" && before?.type === "element" && before.tagName === "br") child.value = child.value.replace(/^\n/, "");
      });
      node.children = children
        .filter((child) => child.type !== "text" || child.value !== "")
        .map((child) => {
          delete child.position;
          if (child.type !== "element") return child;
          if (child.tagName === "a" && typeof child.properties.href === "string" && isExternalHref(child.properties.href)) {
            child.properties.rel = [...EXTERNAL_LINK_REL];
          }
          if (child.tagName === "img") Object.assign(child.properties, { loading: "lazy", decoding: "async" });
          return finish(child, child.tagName);
        }) as T["children"];
      return node;
    };
    delete tree.position;
    finish(tree, "root");
  };
}

const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkAllowList)
  .use(remarkBreaks)
  .use(remarkRehype)
  .use(rehypeSanitize, SCHEMA)
  .use(rehypeFinish)
  .freeze();

/** Markdown as a sanitised tree, ready for any output (React, HTML, text). */
export function markdownTree(source: string): MarkdownTree {
  return processor.runSync(processor.parse(source));
}
