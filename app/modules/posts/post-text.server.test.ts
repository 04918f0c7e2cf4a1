import { describe, expect, it } from "vitest";
import { postTeaser, TEASER_LENGTH } from "./post-text.server";

describe("a post's teaser", () => {
  it("is the plain text of the first paragraph, and never reaches past it", () => {
    expect(postTeaser("Low tide opens **five** coves.\nBring _water_.\n\nThe path starts behind the chapel.")).toBe("Low tide opens five coves. Bring water.");
    expect(postTeaser("First.\r\n\r\nSECRET")).toBe("First.");
  });

  it("passes over headings, lists, images and a map or spot card on a line of its own", () => {
    const body = [
      "# The coves",
      "![A cove](/uploads/post-images/ab/x.webp)",
      "[Five coves](/maps/five-coves)",
      "- a list item",
      "Here the words begin.",
      "And here the secret.",
    ].join("\n\n");
    expect(postTeaser(body)).toBe("Here the words begin.");
  });

  it("keeps a link's words, not its address", () => {
    expect(postTeaser("See [the map](https://example.com/m).")).toBe("See the map.");
  });

  it("is cut at a word, with an ellipsis, past its length", () => {
    const long = Array.from({ length: 100 }, (_, i) => `word${i}`).join(" ");
    const teaser = postTeaser(long);
    expect(teaser.length).toBeLessThanOrEqual(TEASER_LENGTH);
    expect(teaser.endsWith("…")).toBe(true);
    expect(long.startsWith(teaser.slice(0, -1))).toBe(true);
  });

  it("is empty for a body without a paragraph of words", () => {
    expect(postTeaser("")).toBe("");
    expect(postTeaser("# Only a title\n\n- and a list")).toBe("");
  });
});
