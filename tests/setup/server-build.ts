/**
 * A minimal React Router server build of hand-picked route modules, for tests
 * that drive the real request handler (React Router's own checks included)
 * without building the app. The routes hang under a root route.
 */
import type { ServerBuild } from "react-router";

export interface TestRoute {
  path: string;
  module: Record<string, unknown>;
}

export function testServerBuild(rootModule: Record<string, unknown>, routes: Record<string, TestRoute>): ServerBuild {
  return {
    entry: { module: { default: () => new Response("document") } },
    routes: {
      root: { id: "root", path: "", module: rootModule },
      ...Object.fromEntries(Object.entries(routes).map(([id, route]) => [id, { id, parentId: "root", ...route }])),
    },
    assets: { entry: { module: "/entry.js", imports: [] }, routes: {}, url: "/manifest.js", version: "test" },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
}
