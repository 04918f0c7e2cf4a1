/**
 * A GET (or HEAD) to a route that only takes posts, such as `/api/follows` or `/sign-out`'s
 * form target: React Router answers 400 and reports it to the error log as if the app had failed,
 * and crawlers following form actions wrote thousands of such lines. It is the client's mistake:
 * answered here, before React Router, with 405 and the methods the route does take (RFC 9110
 * §15.5.6), and logged by the access log at info like any other request.
 *
 * "Takes only posts" is read from the build: the route that matches the path is a resource route
 * (no component) with an action and no loader. New routes are covered as they are added.
 */
import { type RouteObject, type ServerBuild, matchPath, matchRoutes } from "react-router";
import { routeTree } from "./route-matching";

type Manifest = ServerBuild["routes"];

// A page's data request (/x.data, /_root.data for "/") is answered by the same routes.
function pagePath(pathname: string): string {
  if (pathname === "/_root.data") return "/";
  return pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
}

type Route = NonNullable<Manifest[string]>;

function postOnly(route: Route | undefined): boolean {
  const module = route?.module;
  return Boolean(module && !module.default && !module.ErrorBoundary && !module.loader && module.action);
}

/** The whole path patterns of the post-only routes (a route's path is relative to its parents'). */
function postOnlyPatterns(manifest: Manifest): string[] {
  const fullPath = (route: Route): string => {
    const parent = route.parentId ? manifest[route.parentId] : undefined;
    const own = route.path ?? "";
    return parent ? `${fullPath(parent)}/${own}` : own;
  };
  return Object.values(manifest)
    .filter(postOnly)
    .map((route) => `/${fullPath(route!)}`.replace(/\/+/g, "/"));
}

/** For a GET or HEAD: the methods the matched route takes when it takes no reads, else undefined. */
export function methodNotAllowed(build: ServerBuild): (method: string, pathname: string) => string | undefined {
  let routes: RouteObject[] | undefined;
  let patterns: string[] | undefined;
  // matchPath compiles its pattern on every call (a profile of a cached page's answer showed it at
  // 5%): the verdict per path is kept, for a bounded number of paths.
  const verdicts = new Map<string, string | undefined>();
  const verdict = (pathname: string) => {
    if (verdicts.has(pathname)) return verdicts.get(pathname);
    const found = decide(pathname);
    if (verdicts.size >= MAX_REMEMBERED_PATHS) verdicts.clear();
    verdicts.set(pathname, found);
    return found;
  };
  const decide = (pathname: string): string | undefined => {
    // Every GET passes here: matching the whole route table (React Router flattens and ranks it on
    // each call) cost more than a cached page's whole answer. Only a path that one of the few
    // post-only routes could match goes on to the full, ranked match below.
    patterns ??= postOnlyPatterns(build.routes ?? {});
    const path = pagePath(pathname);
    // (A pattern with an optional segment is left to the full match: matchPath does not expand them.)
    if (!patterns.some((pattern) => pattern.includes("?") || matchPath({ path: pattern, end: true }, path))) return undefined;
    routes ??= routeTree(Object.values(build.routes ?? {}));
    let matches;
    try {
      matches = matchRoutes(routes, path);
    } catch {
      return undefined;
    }
    const id = matches?.at(-1)?.route.id;
    return id && postOnly(build.routes?.[id]) ? "POST" : undefined;
  };
  return (method, pathname) => (method === "GET" || method === "HEAD" ? verdict(pathname) : undefined);
}

/** Paths whose verdict is remembered (the build's routes never change while it runs). */
const MAX_REMEMBERED_PATHS = 5_000;
