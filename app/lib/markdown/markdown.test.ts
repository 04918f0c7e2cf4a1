import { describe, expect, it } from "vitest";
import { demoArticles } from "#db/seed/demo-content";
import { safeHref, safeImageSrc, shiftHeadings } from "./index";
import { firstParagraph, markdownToText, markdownTree, renderMarkdownHtml } from "./index.server";

const html = (source: string, options?: Parameters<typeof renderMarkdownHtml>[1]) => renderMarkdownHtml(source, options);

describe("safeHref", () => {
  it("allows http, https, mailto, paths and fragments only", () => {
    expect(safeHref("https://example.com")).toBe("https://example.com/");
    expect(safeHref("HTTP://EXAMPLE.com/x")).toBe("http://example.com/x");
    expect(safeHref("mailto:info@example.com")).toBe("mailto:info@example.com");
    expect(safeHref("/discover")).toBe("/discover");
    expect(safeHref("#top")).toBe("#top");
    expect(safeHref("javascript:alert(1)")).toBeNull();
    expect(safeHref("\u0000javascript:alert(1)")).toBeNull();
    expect(safeHref("relative/path")).toBeNull();
    expect(safeHref("")).toBeNull();
  });

  it("refuses scripts however they are written, and other hosts dressed as paths", () => {
    for (const href of [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      "java\tscript:alert(1)",
      " javascript:alert(1)",
      "data:text/html,x",
      "vbscript:x",
      "//evil.example",
      "/\\evil.example",
    ]) {
      expect(safeHref(href), href).toBeNull();
    }
  });
});

describe("safeImageSrc", () => {
  it("allows our uploads and https images only", () => {
    expect(safeImageSrc("/uploads/spots/x.webp")).toBe("/uploads/spots/x.webp");
    expect(safeImageSrc("https://cdn.example/x.png")).toBe("https://cdn.example/x.png");
    for (const src of [
      "http://insecure.example/x.png",
      "/maps/x.png",
      "/uploads/../admin",
      "/uploads/%2e%2e/admin",
      "/uploads\\..\\x",
      "//evil.example/x.png",
      "x.png",
      "data:image/png;base64,AAA",
      "javascript:alert(1)",
      "",
    ]) {
      expect(safeImageSrc(src), src).toBeNull();
    }
  });
});

describe("renderMarkdownHtml", () => {
  it("renders headings, paragraphs, nested lists, emphasis, code, links and quotes", () => {
    expect(html("Intro line one\nline two.\n\n## The rules ##\n\n- first\n- **second**\n  - nested\n\n3. c\n4. d\n\n### C#\n\n> *quoted* `x*y*`")).toBe(
      "<p>Intro line one<br>line two.</p>" +
        "<h2>The rules</h2>" +
        "<ul><li>first</li><li><strong>second</strong><ul><li>nested</li></ul></li></ul>" +
        '<ol start="3"><li>c</li><li>d</li></ol>' +
        "<h3>C#</h3>" +
        "<blockquote><p><em>quoted</em> <code>x*y*</code></p></blockquote>",
    );
  });

  it("reads emphasis as CommonMark does: nested, escaped, never inside words with _ or around spaces", () => {
    expect(html("a **b** *c **d** e* \\*lit\\*")).toBe("<p>a <strong>b</strong> <em>c <strong>d</strong> e</em> *lit*</p>");
    expect(html("5 * 3 * 2, snake_case_name, **open")).toBe("<p>5 * 3 * 2, snake_case_name, **open</p>");
    expect(html("#hashtag")).toBe("<p>#hashtag</p>");
  });

  it("shows raw HTML as text and never as elements", () => {
    // In text only "<" and "&" need escaping: no tag can start without a "<".
    expect(html("<script>alert(1)</script>")).toBe("<p>&lt;script>alert(1)&lt;/script></p>");
    expect(html('<img src=x onerror="alert(1)">')).toBe('<p>&lt;img src=x onerror="alert(1)"></p>');
    expect(html('<iframe src="https://evil.example"></iframe>')).toBe('<p>&lt;iframe src="https://evil.example">&lt;/iframe></p>');
    expect(html("- <b>**bold**</b>\n## <iframe src=//evil>")).toBe("<ul><li>&lt;b><strong>bold</strong>&lt;/b></li></ul><h2>&lt;iframe src=//evil></h2>");
    for (const source of ["<script>alert(1)</script>", "<img src=x onerror=alert(1)>", "<iframe src=x></iframe>", "<a href='javascript:x'>y</a>"]) {
      expect(html(source), source).not.toMatch(/<(script|img|iframe|a)\b/);
    }
  });

  it("keeps safe links (external ones nofollow ugc noopener) and turns unsafe ones into their text", () => {
    expect(html('See [the *map*](/maps/lisbon "Lisbon") and [site](https://example.com/a_(b)).')).toBe(
      '<p>See <a href="/maps/lisbon" title="Lisbon">the <em>map</em></a> and <a href="https://example.com/a_(b)" rel="nofollow ugc noopener">site</a>.</p>',
    );
    expect(html("[mail](mailto:info@example.com) [top](#top)")).toBe('<p><a href="mailto:info@example.com">mail</a> <a href="#top">top</a></p>');
    for (const href of ["javascript:alert(1)", "JAVASCRIPT:alert(1)", "java\tscript:alert(1)", "data:text/html,x", "//evil.example", "/\\evil.example"]) {
      expect(html(`[click](<${href}>) after`), href).toBe("<p>click after</p>");
    }
    // A reference link is checked against its definition's destination.
    expect(html("[click][x]\n\n[x]: javascript:alert(1)")).toBe("<p>click</p>");
    expect(html("[not a link] (x)")).toBe("<p>[not a link] (x)</p>");
  });

  it("links bare addresses (GFM) with the same rules", () => {
    expect(html("www.example.com and https://example.org/x and a@example.com")).toBe(
      '<p><a href="http://www.example.com/" rel="nofollow ugc noopener">www.example.com</a> and ' +
        '<a href="https://example.org/x" rel="nofollow ugc noopener">https://example.org/x</a> and <a href="mailto:a@example.com">a@example.com</a></p>',
    );
  });

  it("keeps images from our uploads or https, with alt text and lazy loading; any other image becomes its alt text", () => {
    expect(html("![A terrace](/uploads/spots/x.webp)")).toBe('<p><img src="/uploads/spots/x.webp" alt="A terrace" loading="lazy" decoding="async"></p>');
    expect(html('![Cdn](https://cdn.example/x.png "T")')).toBe(
      '<p><img src="https://cdn.example/x.png" alt="Cdn" title="T" loading="lazy" decoding="async"></p>',
    );
    expect(html("![a](http://insecure/x.png) ![b](/etc/x.png) ![](x.png) ![c][i]\n\n[i]: javascript:x")).toBe("<p>a b  c</p>");
  });

  it("moves headings under the page's own: the text's highest becomes topLevel, never below h6", () => {
    expect(html("# A\n\n## B\n\n###### F")).toBe("<h2>A</h2><h3>B</h3><h6>F</h6>");
    expect(html("## A\n\n### B")).toBe("<h2>A</h2><h3>B</h3>");
    expect(html("# A\n\n## B", { topLevel: 3 })).toBe("<h3>A</h3><h4>B</h4>");
    expect(html("# A\n\n##### E\n\n###### F", { topLevel: 3 })).toBe("<h3>A</h3><h6>E</h6><h6>F</h6>");
    expect(html("# A", { topLevel: 1 })).toBe("<h1>A</h1>");
  });

  it("renders GFM tables, strikethrough and task lists, and footnotes as the text written", () => {
    expect(html("| a | b |\n|:-|-:|\n| 1 | 2 |")).toBe(
      "<table><thead><tr><th>a</th><th>b</th></tr></thead><tbody><tr><td>1</td><td>2</td></tr></tbody></table>",
    );
    expect(html("~~gone~~")).toBe("<p><del>gone</del></p>");
    expect(html("- [x] done\n- [ ] todo")).toBe(
      '<ul><li><input type="checkbox" checked disabled> done</li><li><input type="checkbox" disabled> todo</li></ul>',
    );
    expect(html("Text[^1]\n\n[^1]: The note.")).toBe("<p>Text[^1]</p><p>[^1]: The note.</p>");
  });

  it("makes site paths absolute for emails and feeds when given the site's address", () => {
    expect(html("[Map](/maps/x) ![P](/uploads/p.webp) [Out](https://example.com/)", { baseUrl: "https://spotfolio.example" })).toBe(
      '<p><a href="https://spotfolio.example/maps/x">Map</a> <img src="https://spotfolio.example/uploads/p.webp" alt="P" loading="lazy" decoding="async"> ' +
        '<a href="https://example.com/" rel="nofollow ugc noopener">Out</a></p>',
    );
  });

  it("renders every demo article into headings, paragraphs and lists with no markers left", () => {
    for (const article of demoArticles) {
      const out = html(article.body);
      expect(out).toMatch(/<h2>/);
      expect(out).not.toMatch(/\*\*|\s\*[^\s]|##/);
    }
  });
});

describe("markdownToText", () => {
  it("says what the markup said in words: blocks a blank line apart, bullets, numbers, addresses", () => {
    expect(
      markdownToText(
        "# Title\n\nSome **bold** and [a link](https://example.com/x), [home](/) www.example.com\n\n- one\n  - nested\n- two\n\n2. b\n3. c\n\n- [x] done\n\n---\n\nline\nbreak",
        {
          baseUrl: "https://spotfolio.example",
        },
      ),
    ).toBe(
      "Title\n\nSome bold and a link (https://example.com/x), home (https://spotfolio.example/) www.example.com\n\n- one\n  - nested\n- two\n\n2. b\n3. c\n\n- [x] done\n\n---\n\nline\nbreak",
    );
  });

  it("keeps raw HTML as the inert text it is and leaves out unsafe links and images", () => {
    expect(markdownToText("<script>alert(1)</script>\n\n[x](javascript:alert(1)) ![a](http://insecure/x.png) <img src=x onerror=alert(1)>")).toBe(
      "<script>alert(1)</script>\n\nx a <img src=x onerror=alert(1)>",
    );
    expect(markdownToText("[x](javascript:alert(1))")).not.toMatch(/javascript/);
  });
});

describe("firstParagraph", () => {
  it("is the first paragraph as one line of text, after any heading", () => {
    expect(firstParagraph("## Why go\n\n**Best** at [dawn](https://example.com),\nbefore the crowds.\n\nMore.")).toBe("Best at dawn, before the crowds.");
    expect(firstParagraph("## Only a heading\n\n- and a list")).toBeNull();
    expect(firstParagraph("")).toBeNull();
  });

  it("is cut at a word, with an ellipsis, when asked for a length", () => {
    expect(firstParagraph("The light inside still stops me every single time.", { maxLength: 30 })).toBe("The light inside still stops…");
    expect(firstParagraph("Short.", { maxLength: 30 })).toBe("Short.");
  });
});

describe("markdownTree", () => {
  it("is plain data: no positions, no layout whitespace between blocks", () => {
    const tree = markdownTree("## A\n\n- x\n- y");
    expect(JSON.stringify(tree)).not.toMatch(/position|"\\n"/);
    expect(JSON.parse(JSON.stringify(tree))).toEqual(tree);
  });

  it("is shifted without changing the original", () => {
    const tree = markdownTree("# A");
    const shifted = shiftHeadings(tree, 3);
    expect(shifted.children[0]).toMatchObject({ tagName: "h3" });
    expect(tree.children[0]).toMatchObject({ tagName: "h1" });
  });
});
