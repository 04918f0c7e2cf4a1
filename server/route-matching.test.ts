/**
 * The server matches paths with React Router's trie matcher (route-matching.ts, ADR 0063), the
 * browser with its default one. Over every route of app/routes.ts, with each parameter filled by
 * plain values and by every fixed segment the app's routes use (where two routes could claim one
 * path), both must open the same routes with the same parameters, but where the default one
 * took a creator's tab for an address of its own (expectedDifference). A React Router upgrade
 * that changes either matcher fails this test.
 */
import { createStaticHandler, type ServerBuild, type StaticHandler } from "react-router";
import { unstable_preloadRoutePattern } from "react-router/route-pattern";
import { describe, expect, it } from "vitest";
import { type AppRoute, appRoutes } from "../tests/setup/app-build";
import { ROUTE_MATCHING_FUTURE, routeTree, withRoutePatternMatching } from "./route-matching";

const routes = appRoutes();

// The root route (path "") above every route of app/routes.ts, as in the server build.
const root = routeTree([{ id: "root", path: "" }, ...routes]);

function fullPath(route: AppRoute): string {
  const parts: string[] = [];
  for (let r: AppRoute | undefined = route; r; r = routes.find((p) => p.id === r!.parentId)) if (r.path) parts.unshift(r.path);
  return `/${parts.join("/")}`;
}

/** Every fixed segment of the app's routes ("maps", "spots", "export.gpx"...). */
const fixedSegments = [...new Set(routes.flatMap((r) => (r.path ?? "").split("/")).filter((s) => s && !s.startsWith(":") && s !== "*"))];
const values = ["x", "@hannah_weber", "a.b", "caf%C3%A9", "123", ...fixedSegments];

function samplePaths(): string[] {
  const paths = new Set(["/", "//", "/nope/nope/nope", "/_root.data"]);
  for (const route of routes) {
    const pattern = fullPath(route);
    for (const value of values) {
      const all = pattern.replace(/:[A-Za-z0-9_]+\??/g, value).replace(/\*$/, "a/b");
      const withoutOptional = pattern
        .replace(/\/[^/]+\?/g, "")
        .replace(/:[A-Za-z0-9_]+/g, value)
        .replace(/\*$/, "");
      for (const path of [all, `${all}/`, `${all}/more`, all.toUpperCase(), withoutOptional || "/"]) paths.add(path);
    }
  }
  return [...paths];
}

/** What `handler` opens for `path`: each matched route with its parameters, or a Response's status. */
async function opened(handler: StaticHandler, path: string): Promise<string> {
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) return `response ${context.status}`;
  return context.matches.map((m) => `${m.route.id}${JSON.stringify(m.params)}`).join(" > ");
}

/**
 * Where the two differ, the default matcher has ranked `/:atHandle/maps` (a creator's tab) and a
 * route of two segments whose first one is fixed (`/app/*`, `/info/:slug`, `/uploads/:bucket/*`)
 * alike, and taken the creator's, defined first; the trie takes the fixed segment. A creator's
 * handle starts with "@", so the creator's route was never a page there: the trie opens the
 * address's own route (`/app/maps` now redirects to `/maps` as every other `/app/` address does).
 * "//" is the home page for the default matcher and not found for the trie: a proxy merges the
 * slashes before it comes here.
 */
function expectedDifference(path: string, byDefault: string, byTrie: string): boolean {
  if (path === "//") return byDefault.endsWith("routes/public/home{}") && byTrie.endsWith('routes/not-found{"*":"/"}');
  const first = path.split("/")[1];
  const leaf = (opened: string) => routes.find((r) => r.id === opened.split(" > ").at(-1)!.replace(/\{.*$/, ""));
  const [creatorRoute, ownRoute] = [leaf(byDefault), leaf(byTrie)];
  const tabOfCreator =
    byDefault.startsWith(`root{"atHandle":"${first}"`) &&
    !first.startsWith("@") &&
    creatorRoute !== undefined &&
    fullPath(creatorRoute).startsWith("/:atHandle");
  const fixedFirst = ownRoute !== undefined && fullPath(ownRoute).split("/")[1].toLowerCase() === first.toLowerCase();
  return tabOfCreator && fixedFirst;
}

describe("the server's route matching (trie) and the browser's (default)", () => {
  unstable_preloadRoutePattern();
  const byDefault = createStaticHandler(root);
  const byTrie = createStaticHandler(root, { future: ROUTE_MATCHING_FUTURE });

  it("open the same routes with the same parameters for every route's paths", async () => {
    const paths = samplePaths();
    expect(paths.length).toBeGreaterThan(1000);
    const unexpected: string[] = [];
    let differing = 0;
    for (const path of paths) {
      const [a, b] = [await opened(byDefault, path), await opened(byTrie, path)];
      if (a === b) continue;
      differing++;
      if (!expectedDifference(path, a, b)) unexpected.push(`${path}\n  default: ${a}\n  trie:    ${b}`);
    }
    expect(unexpected).toEqual([]);
    // The rule above is not what made every path pass: most paths open the same routes.
    expect(differing).toBeLessThan(paths.length / 10);
  });

  it("open a page's routes with its parameters", async () => {
    expect(await opened(byTrie, "/maps/barcelona-tapas/spots/el-xampanyet")).toBe(
      'root{"mapId":"barcelona-tapas","spotId":"el-xampanyet"} > routes/public/spot-page{"mapId":"barcelona-tapas","spotId":"el-xampanyet"}',
    );
    expect(await opened(byTrie, "/@hannah_weber")).toMatch(
      /^root\{"atHandle":"@hannah_weber"\} > routes\/creators\/creator-page.* > routes\/creators\/creator-overview/,
    );
  });
});

describe("the build handed to the request handler", () => {
  const build = { future: { unstable_optimizeDeps: false } } as unknown as ServerBuild;
  const handed = withRoutePatternMatching(build);

  it("gives the static handler the trie's flag (it copies the flags with a spread)", () => {
    expect({ ...handed.future }).toEqual({ unstable_optimizeDeps: false, unstable_routePatternMatching: true });
  });

  it("writes the build's own flags into the page for the browser, whose router has not loaded the trie", () => {
    expect(JSON.stringify({ future: handed.future })).toBe('{"future":{"unstable_optimizeDeps":false}}');
    expect(build.future).toEqual({ unstable_optimizeDeps: false });
  });
});
