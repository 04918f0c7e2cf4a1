import { describe, expect, it } from "vitest";
import { demoArticles } from "#db/seed/demo-content";
import { parseInline, parseMarkdown, safeHref } from "./markdown";

const text = (t: string) => ({ type: "text", text: t });

describe("parseMarkdown blocks", () => {
  it("reads headings, paragraphs and both kinds of list", () => {
    const blocks = parseMarkdown("Intro line one\nline two.\n\n## The rules ##\n\n- first\n- **second**\n  continued\n\n1. one\n2. two\n\n### C#\nAfter.");
    expect(blocks).toEqual([
      { type: "paragraph", children: [text("Intro line one\nline two.")] },
      { type: "heading", level: 2, children: [text("The rules")] },
      { type: "list", ordered: false, start: 1, items: [[text("first")], [{ type: "strong", children: [text("second")] }, text("\ncontinued")]] },
      { type: "list", ordered: true, start: 1, items: [[text("one")], [text("two")]] },
      { type: "heading", level: 3, children: [text("C#")] },
      { type: "paragraph", children: [text("After.")] },
    ]);
  });

  it("keeps a loose list together and starts a numbered list where the author did", () => {
    expect(parseMarkdown("3. c\n\n4. d\n\nAfter")).toEqual([
      { type: "list", ordered: true, start: 3, items: [[text("c")], [text("d")]] },
      { type: "paragraph", children: [text("After")] },
    ]);
  });

  it("lets only a bullet or a list from 1 interrupt a paragraph", () => {
    expect(parseMarkdown("In\n1999. a year").map((b) => b.type)).toEqual(["paragraph"]);
    expect(parseMarkdown("Items:\n- a\n- b").map((b) => b.type)).toEqual(["paragraph", "list"]);
  });

  it("treats '#hashtag' and '* * *' as text, not as a heading or a list", () => {
    expect(parseMarkdown("#hashtag")).toEqual([{ type: "paragraph", children: [text("#hashtag")] }]);
    expect(parseMarkdown("* * *")[0].type).toBe("paragraph");
  });

  it("parses every demo article into headings, paragraphs and lists only", () => {
    for (const article of demoArticles) {
      const blocks = parseMarkdown(article.body);
      expect(blocks.length).toBeGreaterThan(3);
      expect(blocks.some((b) => b.type === "heading")).toBe(true);
      // No stray markers left in the text: every * pair became emphasis.
      expect(JSON.stringify(blocks)).not.toMatch(/\*\*|"\*[^\s]/);
    }
  });
});

describe("parseInline", () => {
  it("reads strong, emphasis (nested), code and escapes", () => {
    expect(parseInline("a **b** *c **d** e* `x*y*` \\*lit\\*")).toEqual([
      text("a "),
      { type: "strong", children: [text("b")] },
      text(" "),
      { type: "em", children: [text("c "), { type: "strong", children: [text("d")] }, text(" e")] },
      text(" "),
      { type: "code", text: "x*y*" },
      text(" *lit*"),
    ]);
  });

  it("leaves unmatched or spaced markers and snake_case alone", () => {
    expect(parseInline("5 * 3 * 2, snake_case_name, **open")).toEqual([text("5 * 3 * 2, snake_case_name, **open")]);
    expect(parseInline("_em_ here")).toEqual([{ type: "em", children: [text("em")] }, text(" here")]);
  });

  it("reads links with safe destinations, titles and nested emphasis", () => {
    expect(parseInline('See [the *map*](/maps/lisbon "Lisbon") and [site](https://example.com/a_(b)).')).toEqual([
      text("See "),
      { type: "link", href: "/maps/lisbon", children: [text("the "), { type: "em", children: [text("map")] }] },
      text(" and "),
      { type: "link", href: "https://example.com/a_(b)", children: [text("site")] },
      text("."),
    ]);
    expect(parseInline("[mail](mailto:info@example.com)")).toEqual([{ type: "link", href: "mailto:info@example.com", children: [text("mail")] }]);
    expect(parseInline("[not a link] (x)")).toEqual([text("[not a link] (x)")]);
  });

  it("reduces a link with an unsafe destination to its text", () => {
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
      const nodes = parseInline(`[click](<${href}>)`);
      expect(nodes, href).toEqual([text("click")]);
    }
  });
});

describe("safeHref", () => {
  it("allows http, https, mailto, paths and fragments only", () => {
    expect(safeHref("https://example.com")).toBe("https://example.com/");
    expect(safeHref("HTTP://EXAMPLE.com/x")).toBe("http://example.com/x");
    expect(safeHref("/discover")).toBe("/discover");
    expect(safeHref("#top")).toBe("#top");
    expect(safeHref("javascript:alert(1)")).toBeNull();
    expect(safeHref("\u0000javascript:alert(1)")).toBeNull();
    expect(safeHref("relative/path")).toBeNull();
    expect(safeHref("")).toBeNull();
  });
});
