import { describe, expect, it } from "vitest";
import { renderMarkdownHtml } from "~/lib/markdown/index.server";
import { decodeEntities, htmlToNote, looksLikeHtml } from "./html-note";

describe("htmlToNote", () => {
  it("turns a My Maps description into markdown: links kept, <br> as line breaks, images out to photos", () => {
    const html =
      'Best ramen &amp; gyoza<br>Open till 2am&nbsp;— <a href="https://example.com/menu?a=1&amp;b=2" target="_blank">the menu</a><br><br><br>' +
      '<img src="https://mymaps.usercontent.google.com/hostedimage/m/*/1A?fife" height="200" width="auto" />Caf&eacute; next door';
    expect(htmlToNote(html)).toEqual({
      note: "Best ramen & gyoza\nOpen till 2am — [the menu](https://example.com/menu?a=1&b=2)\n\nCafé next door",
      images: ["https://mymaps.usercontent.google.com/hostedimage/m/*/1A?fife"],
    });
  });

  it("leaves no HTML: scripts and styles go with their content, other tags become their text", () => {
    const { note, images } = htmlToNote(
      '<div><b>Bold</b> <i>and</i> <span style="color:red">red</span></div><script>alert("x")</script><style>p{}</style>' +
        '<p onclick="steal()">Para<ul><li>one<li>two</ul><!-- hidden --><iframe src="https://evil.example">x</iframe>end',
    );
    expect(note).toBe("Bold and red\n\nPara\n\n- one\n- two\n\nend");
    expect(note).not.toMatch(/<|>/);
    expect(images).toEqual([]);
  });

  it("keeps only http(s) and mailto links; others are reduced to their text", () => {
    expect(htmlToNote('<a href="javascript:alert(1)">click</a> <a href="mailto:a@example.com">mail</a> <a href="/local">here</a>').note).toBe(
      "click [mail](mailto:a@example.com) here",
    );
  });

  it("a link without text shows its address; brackets and parentheses cannot break out of the link", () => {
    expect(htmlToNote('<a href="https://example.com/a b(c)"></a>').note).toBe("[https://example.com/a%20b(c)](https://example.com/a%20b%28c%29)");
    expect(htmlToNote('<a href="https://example.com/">[x](javascript:y)</a>').note).toBe("[\\[x\\](javascript:y)](https://example.com/)");
  });

  it("drops images that are not http(s) and repeats", () => {
    expect(htmlToNote('<img src="data:image/png;base64,AAA"><img src="https://a.example/1.jpg"><img src=\'https://a.example/1.jpg\'>').images).toEqual([
      "https://a.example/1.jpg",
    ]);
  });

  it("as plain text (a map's summary), keeps links as their text only", () => {
    expect(htmlToNote('Our <a href="https://example.com/blog">blog</a><br>and more', { plain: true }).note).toBe("Our blog\nand more");
  });

  it("writes markdown the renderer shows as the description looked: line breaks, links, lists, paragraphs; written tags as text", () => {
    const { note } = htmlToNote(
      'Best ramen &amp; gyoza<br>Open till 2am — <a href="https://example.com/menu">the menu</a><br><br>Ask for:<ul><li>the <b>tonkotsu</b><li>gyoza</ul>' +
        "Cash only &lt;script&gt;alert(1)&lt;/script&gt;",
    );
    expect(renderMarkdownHtml(note!)).toBe(
      '<p>Best ramen &amp; gyoza<br>Open till 2am — <a href="https://example.com/menu" rel="nofollow ugc noopener">the menu</a></p>' +
        "<p>Ask for:</p><ul><li>the tonkotsu</li><li>gyoza</li></ul><p>Cash only &lt;script>alert(1)&lt;/script></p>",
    );
  });

  it("an empty description is no note", () => {
    expect(htmlToNote("<br><br> &nbsp; ").note).toBeNull();
  });
});

describe("decodeEntities and looksLikeHtml", () => {
  it("decodes named and numeric references and leaves unknown ones", () => {
    expect(decodeEntities("&lt;a&gt; &#x1F600; &#233; &ouml; &bogus; a < b")).toBe("<a> 😀 é ö &bogus; a < b");
  });
  it("tells HTML from plain text", () => {
    expect(looksLikeHtml("a<br>b")).toBe(true);
    expect(looksLikeHtml("fish &amp; chips")).toBe(true);
    expect(looksLikeHtml("2 < 3 and 5 > 4, fish & chips")).toBe(false);
    expect(looksLikeHtml("S & <b>")).toBe(false);
    expect(looksLikeHtml("<b>Bold</b>")).toBe(true);
  });
});
