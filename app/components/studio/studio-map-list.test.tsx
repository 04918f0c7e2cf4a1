import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { expect, it } from "vitest";
import { StudioMapList } from "./studio-map-list";

const row = (id: string, title: string, isPublished: boolean) => ({
  id,
  title,
  coverImageUrl: null,
  currentSlug: title.toLowerCase().replace(/\s+/g, "-"),
  isPublished,
  spotCount: 30,
  publishedSpotCount: 30,
  views: 0,
  saves: 0,
  updatedAt: new Date("2026-11-20T10:00:00Z"),
});

/** The part of the list that belongs to one map: from its title to the next map's. */
function rowOf(html: string, title: string): string {
  const start = html.indexOf(`>${title}</a>`);
  const next = html.indexOf("<h2", start);
  return html.slice(start, next < 0 ? undefined : next);
}

it("shows a taken-down map as such, with neither Duplicate nor Publish (the server refuses both)", () => {
  const maps = [row("11111111-1111-4111-8111-111111111111", "Tapas in Seville", false), row("22222222-2222-4222-8222-222222222222", "Cafes of Rome", false)];
  const Stub = createRoutesStub([{ path: "/studio/maps", Component: () => <StudioMapList maps={maps} takenDownIds={[maps[0]!.id]} /> }]);
  const html = renderToString(<Stub initialEntries={["/studio/maps"]} />).replace(/<!-- -->/g, "");
  const taken = rowOf(html, "Tapas in Seville");
  expect(taken).toContain("Taken down");
  expect(taken).not.toContain('value="duplicate"');
  expect(taken).not.toContain('value="publish"');
  expect(taken).toContain("Edit");
  const other = rowOf(html, "Cafes of Rome");
  expect(other).toContain("Draft");
  expect(other).toContain('value="duplicate"');
  expect(other).toContain('value="publish"');
});
