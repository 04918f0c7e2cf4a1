import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { markdownTree } from "~/lib/markdown/parse";
import { cardMarkdown, imageMarkdown, renderPostBlocks, type PostCards } from "~/modules/posts/post-body";
import { PostBody } from "./post-body";

const html = (markdown: string, cards: PostCards = {}) => {
  const router = createMemoryRouter([{ path: "/", element: <PostBody blocks={renderPostBlocks(markdown, markdownTree)} cards={cards} /> }]);
  return renderToStaticMarkup(<RouterProvider router={router} />);
};

const body = [
  "Some **bold** words.",
  "",
  cardMarkdown("Rome, slow", "/maps/rome-slow"),
  "",
  cardMarkdown("Bar Calisto", "/maps/rome-slow/spots/bar-calisto"),
  "",
  cardMarkdown("Secret cove", "/maps/rome-slow/spots/secret-cove"),
  "",
  imageMarkdown("The terrace", "/uploads/post-images/ab/0123abcd-0123-4123-8123-0123456789ab-800.webp"),
].join("\n");

const cards: PostCards = {
  "/maps/rome-slow": {
    kind: "map",
    href: "/maps/rome-slow",
    mapId: "m1",
    title: "Rome, slow and eternal",
    coverImageUrl: null,
    creatorName: "Giulia",
    spotCount: 33,
  },
  "/maps/rome-slow/spots/bar-calisto": {
    kind: "spot",
    access: "full",
    href: "/maps/rome-slow/spots/bar-calisto",
    spotId: "s1",
    name: "Bar Calisto",
    mapTitle: "Rome, slow and eternal",
    categoryName: "Bars",
    imageUrl: null,
  },
  "/maps/rome-slow/spots/secret-cove": {
    kind: "spot",
    access: "locked",
    href: "/maps/rome-slow/spots/secret-cove",
    spotId: "s2",
    name: "Secret cove",
    mapTitle: "Rome, slow and eternal",
    categoryName: "Beaches",
    visibility: "supporters",
  },
};

describe("PostBody", () => {
  it("renders markdown, the cards the viewer may see and the figures", () => {
    const out = html(body, cards);
    expect(out).toContain("<strong>bold</strong>");
    expect(out).toMatch(/<a[^>]*data-kind="map" href="\/maps\/rome-slow"/);
    expect(out).toContain("Rome, slow and eternal");
    expect(out).toContain("by Giulia · 33 spots");
    expect(out).toMatch(/data-kind="spot"[^>]*>/);
    expect(out).toContain("Bars · on Rome, slow and eternal");
    expect(out).toMatch(/data-locked="true"/);
    expect(out).toContain("Supporters only");
    expect(out).toMatch(
      /<img src="\/uploads\/post-images\/ab\/0123abcd-0123-4123-8123-0123456789ab-800.webp" srcSet="[^"]*-160.webp 160w, [^"]*-400.webp 400w, [^"]*-800.webp 800w"/,
    );
    expect(out).toContain('alt="The terrace"');
  });

  it("keeps a link without a card (a map the viewer may not see) as the plain link written", () => {
    const out = html(body, {});
    expect(out).not.toContain('data-testid="post-card"');
    expect(out).toMatch(/<a [^>]*href="\/maps\/rome-slow"[^>]*>Rome, slow<\/a>/);
    expect(out).toMatch(/<a [^>]*href="\/maps\/rome-slow\/spots\/secret-cove"[^>]*>Secret cove<\/a>/);
  });

  it("renders raw HTML and script links inert", () => {
    const out = html('<script>alert(1)</script>\n\n[x](javascript:alert(1))\n\n<img src=x onerror="alert(1)">\n\n![x](javascript:alert(1))');
    expect(out).not.toMatch(/<script|<img src="x"|href="javascript/);
    expect(out).toContain("&lt;script&gt;");
  });
});
