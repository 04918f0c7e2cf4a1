import { describe, expect, it } from "vitest";
import { plainText, postTeaser, TEASER_MAX } from "./teaser";

describe("a post's teaser", () => {
  it("is the plain text of the first paragraph", () => {
    expect(postTeaser("Low tide opens **five** coves.\nBring _water_.\n\nThe path starts behind the chapel.")).toBe("Low tide opens five coves. Bring water.");
  });

  it("passes over headings, lists, quotes, code, images, rules and a paragraph that is a card", () => {
    const body = [
      "# The coves",
      "![A cove](/uploads/post-images/ab/x.webp)",
      "[Five coves](/maps/five-coves)",
      "- a list item",
      "> a quote",
      "```\ncode\n\nstill code\n```",
      "---",
      "    indented code",
      "<div>raw html</div>",
      "Here the words begin.",
      "And here the secret.",
    ].join("\n\n");
    expect(postTeaser(body)).toBe("Here the words begin.");
  });

  it("takes the paragraph under a heading on the next line, and a setext heading's too", () => {
    expect(postTeaser("## Why go\nBecause the light is kind.\n\nMore.")).toBe("Because the light is kind.");
    expect(postTeaser("Why go\n======\nBecause.\n\nMore.")).toBe("Because.");
  });

  it("keeps a link's words, drops its address and escapes", () => {
    expect(plainText("See [the map](https://example.com/m) and <https://example.com>, \\*not bold\\*, `code`, snake_case_word.")).toBe(
      "See the map and https://example.com, *not bold*, code, snake_case_word.",
    );
  });

  it("is cut at a word, with an ellipsis, past its length", () => {
    const long = Array.from({ length: 100 }, (_, i) => `word${i}`).join(" ");
    const teaser = postTeaser(long);
    expect(teaser.length).toBeLessThanOrEqual(TEASER_MAX);
    expect(teaser.endsWith("…")).toBe(true);
    expect(long.startsWith(teaser.slice(0, -1))).toBe(true);
  });

  it("is empty for a body without a paragraph of words", () => {
    expect(postTeaser("")).toBe("");
    expect(postTeaser("# Only a title\n\n- and a list")).toBe("");
  });

  it("never reaches past the first paragraph", () => {
    expect(postTeaser("First.\r\n\r\nSECRET")).toBe("First.");
    expect(postTeaser("First.\n   \nSECRET")).toBe("First.");
  });
});
