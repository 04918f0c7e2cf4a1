import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Markdown } from "./markdown";

const html = (source: string) => renderToStaticMarkup(<Markdown source={source} />);

describe("Markdown", () => {
  it("renders the supported subset as HTML elements, headings below the page's h1", () => {
    const out = html("# Title\n\n## Part\n\nSome **bold**, *soft* and `code`.\n\n- one\n- two\n\n2. b\n3. c\n\n[Maps](/maps)");
    expect(out).toContain('<h2 class="');
    expect(out).not.toContain("<h1");
    expect(out).toContain(">Title</h2>");
    expect(out).toContain(">Part</h2>");
    expect(out).toContain("<strong>bold</strong>");
    expect(out).toContain("<em>soft</em>");
    expect(out).toMatch(/<code[^>]*>code<\/code>/);
    expect(out).toMatch(/<ul[^>]*><li>one<\/li><li>two<\/li><\/ul>/);
    expect(out).toMatch(/<ol start="2"[^>]*><li>b<\/li><li>c<\/li><\/ol>/);
    expect(out).toMatch(/<a href="\/maps"[^>]*>Maps<\/a>/);
  });

  it("marks external links nofollow and noopener", () => {
    expect(html("[x](https://example.com)")).toMatch(/<a href="https:\/\/example.com\/" rel="nofollow noopener noreferrer"/);
  });

  it("escapes raw HTML and drops script links (XSS attempts render as inert text)", () => {
    const out = html(
      [
        "<script>alert(1)</script>",
        "",
        '<img src=x onerror="alert(1)">',
        "",
        "[click me](javascript:alert(document.cookie)) and [again](<JAVASCRIPT:alert(1)>)",
        "",
        '[quote](/ok" onmouseover="alert(1)) [attr](/ok"onmouseover="alert(1))',
        "",
        "- <b>**bold**</b>",
        "## <iframe src=//evil>",
      ].join("\n"),
    );
    expect(out).not.toMatch(/<script|<img|<iframe|<b>/i);
    expect(out).not.toMatch(/javascript:/i);
    // Handlers only ever appear as escaped text, never as an attribute of a tag.
    expect(out).not.toMatch(/<[^>]*\son\w+=/i);
    expect(out).toContain('<a href="/ok&quot;onmouseover=&quot;alert(1)"');
    expect(out).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(out).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    expect(out).toContain("click me and again");
    expect(out).toContain("&lt;b&gt;<strong>bold</strong>&lt;/b&gt;");
    expect(out).toContain("&lt;iframe src=//evil&gt;</h2>");
  });
});
