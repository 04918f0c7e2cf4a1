/**
 * The public map page through its loader and its component: pins coloured and iconed by category
 * (a site category's default, a My Maps layer's own colour and icon), the category filter
 * (`?category=`) on the list and the pins together, and the creator's Follow and Support buttons.
 */
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/setup/database";
import { runRoute, visitorAs } from "../../../tests/setup/visitor";
import { createCategory, createMap } from "#db/seed/factories";
import { AuthDialogProvider } from "~/components/auth/auth-dialog";
import { PricingDialogProvider } from "~/components/memberships/pricing-dialog";
import type { MapPage as MapPageData } from "~/modules/maps/map-page.server";
import MapPage, { loader } from "./map-page";
import type { Route } from "./+types/map-page";

const db = await setupTestDatabase();

async function load(path: string, mapId: string) {
  const outcome = await runRoute(await visitorAs(db), path, loader as (args: unknown) => Promise<unknown>, { params: { mapId } });
  expect(outcome.status).toBe(200);
  return outcome.data as MapPageData & { site: string };
}

async function render(path: string, data: unknown): Promise<string> {
  const props = { loaderData: data } as unknown as Route.ComponentProps;
  const Page = () => (
    <AuthDialogProvider productName="Spotfolio" socialProviders={[]}>
      <PricingDialogProvider>
        <MapPage {...props} />
      </PricingDialogProvider>
    </AuthDialogProvider>
  );
  const Stub = createRoutesStub([{ path: "/maps/:mapId", Component: Page }]);
  return renderToString(<Stub initialEntries={[path]} />).replace(/<!-- -->/g, "");
}

/** A map of 6 spots: 3 in the site's "food", 2 in a My Maps layer with its own colour and icon, 1 without a category. */
async function mapInThreeCategories() {
  const food = await createCategory(db, { slug: "food", name: "Food" });
  const views = await createCategory(db, { slug: "views-1a2b3c4d", name: "Views", color: "#0288D1", icon: "1534" });
  const { map } = await createMap(
    db,
    { currentSlug: "lisbon-in-colour" },
    { spots: 6, spotOverrides: (position) => ({ categoryId: position < 3 ? food.id : position < 5 ? views.id : null }) },
  );
  return map;
}

describe("the map page's categories", () => {
  it("gives each category its pins' colour and icon: a site category's default, an import's own", async () => {
    const map = await mapInThreeCategories();
    const page = await load(`/maps/${map.currentSlug}`, map.currentSlug);
    expect(page.total).toBe(6);
    expect(page.spots).toHaveLength(6);
    expect(page.category).toBeNull();
    expect(page.categories).toEqual([
      { slug: "food", name: "Food", count: 3, pin: { color: "#D9480F", icon: "utensils" } },
      { slug: "views-1a2b3c4d", name: "Views", count: 2, pin: { color: "#0288D1", icon: "coffee" } },
    ]);

    // The preview draws each pin in its category's colour, the uncategorised one in the brand's.
    const html = await render(`/maps/${map.currentSlug}`, page);
    const colours = [...html.matchAll(/data-color="([^"]+)"/g)].map((m) => m[1]);
    expect(colours.sort()).toEqual(["#0288D1", "#0288D1", "#D9480F", "#D9480F", "#D9480F", "#157F5D"].sort());
    expect(html).toContain('id="pin-icon-utensils"');
    expect(html).toContain('id="pin-icon-coffee"');
    // The filter: All and one chip per category, links that work without script.
    expect(html).toMatch(/href="\/maps\/lisbon-in-colour\?category=food"/);
    expect(html).toMatch(/href="\/maps\/lisbon-in-colour\?category=views-1a2b3c4d"/);
  });

  it("filters the list and the pins by ?category=, keeps the counts of the whole map, and ignores an unknown category", async () => {
    const map = await mapInThreeCategories();
    const page = await load(`/maps/${map.currentSlug}?category=views-1a2b3c4d`, map.currentSlug);
    expect(page.category).toBe("views-1a2b3c4d");
    expect(page.spots.map((s) => s.name)).toEqual([`Spot 4 of ${map.title}`, `Spot 5 of ${map.title}`]);
    expect(page.total).toBe(6);
    expect(page.categories.map((c) => c.count)).toEqual([3, 2]);

    const html = await render(`/maps/${map.currentSlug}?category=views-1a2b3c4d`, page);
    expect(html.match(/data-testid="spot-row"/g)).toHaveLength(2);
    expect(html.match(/<circle[^>]*data-spot-id/g)).toHaveLength(2);
    expect(html).toMatch(/aria-current="true"[^>]*data-category="views-1a2b3c4d"/);

    const unknown = await load(`/maps/${map.currentSlug}?category=nope`, map.currentSlug);
    expect(unknown.category).toBeNull();
    expect(unknown.spots).toHaveLength(6);
  });

  it("shows the creator's Follow and Support buttons", async () => {
    const map = await mapInThreeCategories();
    const html = await render(`/maps/${map.currentSlug}`, await load(`/maps/${map.currentSlug}`, map.currentSlug));
    expect(html).toContain('data-testid="follow-button"');
    expect(html).toContain('data-testid="support-button"');
  });
});
