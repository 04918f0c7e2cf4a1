/**
 * A spot's description is the creator's markdown: the public spot page shows it formatted (as the
 * Studio's preview does), never its markup, through the real loader and the page's component.
 */
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/setup/database";
import { runRoute, visitorAs } from "../../../tests/setup/visitor";
import { createMap } from "#db/seed/factories";
import { AuthDialogProvider } from "~/components/auth/auth-dialog";
import { PricingDialogProvider } from "~/components/memberships/pricing-dialog";
import SpotPage, { loader } from "./spot-page";
import type { Route } from "./+types/spot-page";

const db = await setupTestDatabase();

/** The page as the server renders it for `path`, from what its loader answered. */
async function spotPage(mapSlug: string, spotSlug: string): Promise<string> {
  const path = `/maps/${mapSlug}/spots/${spotSlug}`;
  const outcome = await runRoute(await visitorAs(db), path, loader as (args: unknown) => Promise<unknown>, { params: { mapId: mapSlug, spotId: spotSlug } });
  expect(outcome.status).toBe(200);
  const props = { loaderData: outcome.data } as unknown as Route.ComponentProps;
  // The page inside the providers the root gives every page (the save and unlock buttons use them).
  const Page = () => (
    <AuthDialogProvider productName="Spotfolio" socialProviders={[]}>
      <PricingDialogProvider>
        <SpotPage {...props} />
      </PricingDialogProvider>
    </AuthDialogProvider>
  );
  const Stub = createRoutesStub([{ path: "/maps/:mapId/spots/:spotId", Component: Page }]);
  return renderToString(<Stub initialEntries={[path]} />).replace(/<!-- -->/g, "");
}

/** What a reader sees: the markup's text, tags gone and characters decoded. */
const visibleText = (html: string) =>
  html
    .replace(/<[^>]*>/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&");

describe("the public spot page", () => {
  it("renders a markdown description formatted: a heading under the spot's name, bold text, no markup showing", async () => {
    const { map } = await createMap(
      db,
      { currentSlug: "lisbon-at-dawn" },
      {
        spots: 2,
        spotOverrides: (position) =>
          position === 0
            ? { description: "## Why go\n\n**Best** at dawn, before the [trams](https://example.com/trams).\nBring a jacket.\n\n<script>alert(1)</script>" }
            : { description: "Opening hours\n- Mon to Fri\n- *not* Sundays" },
      },
    );

    const html = await spotPage(map.currentSlug, "spot-1");
    expect(html).toMatch(/<h1[^>]*>Spot 1 of [^<]*<\/h1>/);
    expect(html).toMatch(/<h2[^>]*>Why go<\/h2>/);
    expect(html).toContain("<strong>Best</strong> at dawn");
    expect(html).toMatch(/<a [^>]*href="https:\/\/example.com\/trams" rel="nofollow ugc noopener">trams<\/a>\.<br\/>Bring a jacket\./);
    expect(html).not.toMatch(/<script/);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    const text = visibleText(html);
    expect(text).toContain("Why go");
    expect(text).not.toContain("##");
    expect(text).not.toContain("**");
    expect(text).not.toContain("](");

    const other = await spotPage(map.currentSlug, "spot-2");
    expect(other).toMatch(/Opening hours<\/p><ul[^>]*><li>Mon to Fri<\/li><li><em>not<\/em> Sundays<\/li><\/ul>/);
  });
});
