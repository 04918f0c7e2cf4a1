import { describe, expect, it } from "vitest";
import { safeImageSrc } from "~/lib/markdown";
import { cardLinkOf, cardLinksIn, cardMarkdown, imageMarkdown, splitPostBody } from "./post-body";

describe("a post body's blocks", () => {
  it("makes a map or spot link alone in its paragraph a card, and keeps the rest as markdown", () => {
    const body = [
      "## Where to start",
      "",
      "Three days are enough.",
      "",
      cardMarkdown("Rome, slow and eternal", "/maps/rome-slow"),
      "",
      "- one",
      "- two",
      "",
      cardMarkdown("Bar [San] Calisto", "/maps/rome-slow/spots/bar-san-calisto"),
    ].join("\n");
    expect(splitPostBody(body)).toEqual([
      { type: "markdown", source: "## Where to start\n\nThree days are enough." },
      { type: "card", link: { kind: "map", href: "/maps/rome-slow", mapSlug: "rome-slow" }, text: "Rome, slow and eternal" },
      { type: "markdown", source: "- one\n- two" },
      {
        type: "card",
        link: { kind: "spot", href: "/maps/rome-slow/spots/bar-san-calisto", mapSlug: "rome-slow", spotSlug: "bar-san-calisto" },
        text: "Bar [San] Calisto",
      },
    ]);
  });

  it("leaves a link inside a sentence, an indented one and one to anywhere else as markdown", () => {
    for (const body of [
      "See [the map](/maps/rome-slow) first.",
      "[Rome](/maps/rome-slow)\nand more on the next line",
      "- item\n\n  [Rome](/maps/rome-slow)",
      "[Elsewhere](https://example.com/maps/rome)",
      "[Upper](/maps/Rome)",
      "[Deeper](/maps/rome/spots/bar/photos)",
    ])
      expect(
        splitPostBody(body).every((b) => b.type === "markdown"),
        body,
      ).toBe(true);
  });

  it("makes an image alone in its paragraph a figure, from our uploads or https only", () => {
    expect(splitPostBody(imageMarkdown("The cove at dawn", "/uploads/post-images/ab/x-800.webp"))).toEqual([
      { type: "image", src: "/uploads/post-images/ab/x-800.webp", alt: "The cove at dawn" },
    ]);
    expect(splitPostBody("![x](https://example.com/a.jpg)")).toEqual([{ type: "image", src: "https://example.com/a.jpg", alt: "x" }]);
    for (const src of ["javascript:alert(1)", "http://example.com/a.jpg", "/uploads/../etc/passwd", "data:image/png;base64,AAAA", "//evil.example/a.png"]) {
      expect(safeImageSrc(src), src).toBeNull();
      expect(splitPostBody(`![x](${src})`)[0]?.type, src).not.toBe("image");
    }
  });

  it("finds each card link once, in order", () => {
    const body = [cardMarkdown("A", "/maps/a"), "", cardMarkdown("B", "/maps/a/spots/b"), "", cardMarkdown("A again", "/maps/a")].join("\n");
    expect(cardLinksIn(body).map((l) => l.href)).toEqual(["/maps/a", "/maps/a/spots/b"]);
    expect(cardLinkOf("/maps/a/spots/b")).toEqual({ kind: "spot", href: "/maps/a/spots/b", mapSlug: "a", spotSlug: "b" });
    expect(cardLinkOf("/studio/maps/a")).toBeNull();
  });
});
