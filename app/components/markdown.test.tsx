import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { HeadingLevel } from "~/lib/markdown";
import { markdownToText, markdownTree, renderMarkdownHtml } from "~/lib/markdown/index.server";
import { Markdown } from "./markdown";

const react = (source: string, topLevel?: HeadingLevel) => renderToStaticMarkup(<Markdown tree={markdownTree(source)} topLevel={topLevel} />);

/** The elements of a piece of markup, in order, and its text: what the two HTML outputs must agree on. */
function shape(markup: string) {
  const tags = [...markup.matchAll(/<(\/?[a-z0-9]+)/g)].map((m) => m[1]).filter((t) => t !== "div" && t !== "/div");
  const text = markup
    .replace(/<[^>]*>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&");
  return { tags, text };
}

/** Every rule of the allow-list, with what the page must show. */
const CASES: { name: string; source: string; react: RegExp[]; not?: RegExp[]; text: string }[] = [
  {
    name: "a script element is text",
    source: "<script>alert(1)</script>",
    react: [/<p[^>]*>&lt;script&gt;alert\(1\)&lt;\/script&gt;<\/p>/],
    not: [/<script/i],
    text: "<script>alert(1)</script>",
  },
  {
    name: "a javascript: link is its text",
    source: "[x](javascript:alert(1)) and [y](<JAVA\tSCRIPT:alert(1)>)",
    react: [/<p[^>]*>x and y<\/p>/],
    not: [/<a/, /javascript/i],
    text: "x and y",
  },
  {
    name: "an img with onerror is text",
    source: "<img src=x onerror=alert(1)>",
    react: [/&lt;img src=x onerror=alert\(1\)&gt;/],
    not: [/<img/, /<[^>]*\son\w+=/i],
    text: "<img src=x onerror=alert(1)>",
  },
  {
    name: "an iframe is text",
    source: '<iframe src="https://evil.example/"></iframe>',
    react: [/&lt;iframe src=&quot;https:\/\/evil.example\/&quot;&gt;&lt;\/iframe&gt;/],
    not: [/<iframe/],
    text: '<iframe src="https://evil.example/"></iframe>',
  },
  {
    name: "an http image is refused (its alt text stays)",
    source: "![a](http://insecure/x.png)",
    react: [/<p[^>]*>a<\/p>/],
    not: [/<img/, /insecure/],
    text: "a",
  },
  {
    name: "an image of our uploads is kept, with alt text, lazily",
    source: "![A terrace](/uploads/spots/x.webp)",
    react: [/<img class="[^"]*" src="\/uploads\/spots\/x.webp" alt="A terrace" loading="lazy" decoding="async"\/>/],
    text: "A terrace",
  },
  {
    name: "headings move under the page's h1",
    source: "# Title\n\n## Part\n\n###### Deep",
    react: [/<h2[^>]*>Title<\/h2>/, /<h3[^>]*>Part<\/h3>/, /<h6[^>]*>Deep<\/h6>/],
    not: [/<h1/],
    text: "Title\n\nPart\n\nDeep",
  },
  {
    name: "nested lists",
    source: "- one\n  - nested\n- two\n\n2. b\n3. c",
    react: [/<ul[^>]*><li>one<ul[^>]*><li>nested<\/li><\/ul><\/li><li>two<\/li><\/ul>/, /<ol [^>]*start="2"[^>]*><li>b<\/li><li>c<\/li><\/ol>/],
    text: "- one\n  - nested\n- two\n\n2. b\n3. c",
  },
  {
    name: "emphasis and code",
    source: "Some **bold**, *soft* and `co*de*`.",
    react: [/<strong>bold<\/strong>/, /<em>soft<\/em>/, /<code[^>]*>co\*de\*<\/code>/],
    text: "Some bold, soft and co*de*.",
  },
  {
    name: "external links are nofollow ugc noopener; site links are not",
    source: "[x](https://example.com) [Maps](/maps)",
    react: [/<a class="[^"]*" href="https:\/\/example.com\/" rel="nofollow ugc noopener">x<\/a>/, /<a class="[^"]*" href="\/maps">Maps<\/a>/],
    text: "x (https://example.com/) Maps (/maps)",
  },
  {
    name: "bare addresses are links (GFM)",
    source: "See www.example.com",
    react: [/<a class="[^"]*" href="http:\/\/www.example.com\/" rel="nofollow ugc noopener">www.example.com<\/a>/],
    text: "See www.example.com",
  },
  {
    name: "a line break is a line break",
    source: "Open 9-17\nclosed Mondays",
    react: [/Open 9-17<br\/>closed Mondays/],
    text: "Open 9-17\nclosed Mondays",
  },
];

describe("Markdown: the allow-list in every output", () => {
  for (const c of CASES) {
    it(c.name, () => {
      const page = react(c.source);
      const email = renderMarkdownHtml(c.source);
      for (const pattern of c.react) expect(page).toMatch(pattern);
      for (const pattern of c.not ?? []) {
        expect(page).not.toMatch(pattern);
        expect(email).not.toMatch(pattern);
      }
      // The page and the email show the same elements and the same text.
      expect(shape(page)).toEqual(shape(email));
      expect(markdownToText(c.source)).toBe(c.text);
    });
  }
});

describe("Markdown", () => {
  it("renders a whole text as styled elements, headings below the page's h1", () => {
    const out = react("# Title\n\n## Part\n\nSome **bold**, *soft* and `code`.\n\n- one\n- two\n\n2. b\n3. c\n\n> quoted\n\n[Maps](/maps)");
    expect(out).toMatch(/^<div><h2 class="[^"]+">Title<\/h2><h3 class="[^"]+">Part<\/h3><p class="mt-4 leading-relaxed">/);
    expect(out).toMatch(/<blockquote class="[^"]+"><p[^>]*>quoted<\/p><\/blockquote>/);
    expect(out).not.toContain("<h1");
  });

  it("takes the page's heading level", () => {
    expect(react("## Why go", 3)).toMatch(/<h3[^>]*>Why go<\/h3>/);
  });

  it("escapes raw HTML and drops script links (XSS attempts render as inert text)", () => {
    const out = react(
      [
        "<script>alert(1)</script>",
        "",
        '<img src=x onerror="alert(1)">',
        "",
        "[click me](javascript:alert(document.cookie)) and [again](<JAVASCRIPT:alert(1)>)",
        "",
        '[attr](/ok"onmouseover="alert(1))',
        "",
        "- <b>**bold**</b>",
        "## <iframe src=//evil>",
      ].join("\n"),
    );
    expect(out).not.toMatch(/<script|<img|<iframe|<b>/i);
    expect(out).not.toMatch(/javascript:/i);
    // Handlers only ever appear as escaped text, never as an attribute of a tag.
    expect(out).not.toMatch(/<[^>]*\son\w+=/i);
    expect(out).toContain('<a class="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-600" href="/ok%22onmouseover=%22alert(1)">');
    expect(out).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(out).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    expect(out).toContain("click me and again");
    expect(out).toContain("&lt;b&gt;<strong>bold</strong>&lt;/b&gt;");
    expect(out).toMatch(/&lt;iframe src=\/\/evil&gt;<\/h2>/);
  });

  it("renders only the allow-list from any tree it is given", () => {
    const tree = {
      type: "root" as const,
      children: [
        {
          type: "element" as const,
          tagName: "script",
          properties: {},
          children: [{ type: "text" as const, value: "alert(1)" }],
        },
        {
          type: "element" as const,
          tagName: "a",
          properties: { href: "/x", onClick: "alert(1)", style: "color:red", id: "clobber" },
          children: [{ type: "text" as const, value: "x" }],
        },
      ],
    };
    const out = renderToStaticMarkup(<Markdown tree={tree} />);
    expect(out).toBe('<div>alert(1)<a class="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-600" href="/x">x</a></div>');
  });
});
