/**
 * How the server finds the routes a path opens (ADR 0063).
 *
 * React Router's default matcher tries the route table branch by branch, with regular expressions
 * and a `joinPaths` per route of each branch, and it runs five or more times for one page: the
 * request handler's match, the static handler's query, and one more for each parent path of the
 * page when the manifest is cut for lazy route discovery (`/studio/maps/{id}` matches `/`,
 * `/studio` and `/studio/maps` too). Over this app's 140 routes one match took 140 µs, and a
 * profile of signed-in pages put matching at about 15 % of the server's time.
 *
 * React Router 8.4 ships a second matcher, a trie over the same patterns (`@remix-run/route-pattern`),
 * behind `future.unstable_routePatternMatching`. One match takes 23 µs. The framework's config
 * does not take the flag, so the server build is handed to the request handler with it set.
 *
 * The two matchers choose the same route for every path of the app's routes, except where the
 * default one took a creator's tab (`/:atHandle/maps`, a 404 there: handles start with "@") for an
 * address of its own (`/app/maps`, `/info/spots`); route-matching.test.ts holds them to that.
 */
import type { RouteObject, ServerBuild } from "react-router";
import { unstable_preloadRoutePattern } from "react-router/route-pattern";

/** The future flags the server's route matching runs with. */
export const ROUTE_MATCHING_FUTURE = { unstable_routePatternMatching: true } as const;

/** `build` as the request handler is given it: matched by the trie. */
export function withRoutePatternMatching(build: ServerBuild): ServerBuild {
  // The matcher is loaded once, before the first handler that asks for it (it throws otherwise).
  unstable_preloadRoutePattern();
  const future = { ...build.future, ...ROUTE_MATCHING_FUTURE };
  // The handler also writes the build's flags into every page for the browser's router, which
  // has not loaded the trie and would throw on the flag: the flags serialize as the build's own.
  // (The static handler copies them with a spread, which leaves this non-enumerable method out.)
  Object.defineProperty(future, "toJSON", { value: () => build.future, enumerable: false });
  // The framework types a build's flags as none at all; the request handler hands them to the
  // static handler it creates (server-runtime/server.js), whose own flags include this one.
  return { ...build, future: future as unknown as ServerBuild["future"] };
}

/** A route as a build's manifest (or app/routes.ts, flattened) lists it: its parent by id. */
export interface FlatRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
}

/** Flat routes as the tree React Router's matchers take (an index route has no children). */
export function routeTree(routes: readonly (FlatRoute | undefined)[]): RouteObject[] {
  const children = new Map<string | undefined, FlatRoute[]>();
  for (const route of routes) {
    if (!route) continue;
    const siblings = children.get(route.parentId) ?? [];
    siblings.push(route);
    children.set(route.parentId, siblings);
  }
  const node = (route: FlatRoute): RouteObject =>
    route.index
      ? { id: route.id, path: route.path, index: true, caseSensitive: route.caseSensitive }
      : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: (children.get(route.id) ?? []).map(node) };
  return (children.get(undefined) ?? []).map(node);
}
