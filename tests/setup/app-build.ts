/**
 * The whole app as a React Router server build, made from `app/routes.ts` and the route modules
 * themselves (no Vite build): for tests that drive every route through the real request handler
 * and the Hono server in-process. Routes added to routes.ts are included automatically.
 * Documents are not rendered: the entry answers with the status React Router decided.
 */
import type { ServerBuild } from "react-router";
import routes from "../../app/routes";

export interface AppRoute {
  id: string;
  parentId: string;
  path?: string;
  index?: boolean;
  file: string;
}

interface ConfigEntry {
  id?: string;
  file: string;
  path?: string;
  index?: boolean;
  children?: ConfigEntry[];
}

/** Every route of app/routes.ts, flattened, with React Router's ids (the file without its extension unless given). */
export function appRoutes(): AppRoute[] {
  const out: AppRoute[] = [];
  const walk = (entries: ConfigEntry[], parentId: string) => {
    for (const entry of entries) {
      const id = entry.id ?? entry.file.replace(/\.[tj]sx?$/, "");
      out.push({ id, parentId, path: entry.path, index: entry.index, file: entry.file });
      if (entry.children) walk(entry.children, id);
    }
  };
  walk(routes as ConfigEntry[], "root");
  return out;
}

const modules = import.meta.glob<Record<string, unknown>>(["../../app/routes/**/*.{ts,tsx}", "!../../app/routes/**/*.test.{ts,tsx}"]);

export async function appServerBuild(): Promise<ServerBuild> {
  const root = await import("../../app/root");
  const entries = await Promise.all(
    appRoutes().map(async (route) => {
      const load = modules[`../../app/${route.file}`];
      if (!load) throw new Error(`no module for ${route.file}`);
      return [route.id, { id: route.id, parentId: route.parentId, path: route.path, index: route.index, module: await load() }] as const;
    }),
  );
  return {
    entry: { module: { default: (_request: Request, status: number, headers: Headers) => new Response(`document ${status}`, { status, headers }) } },
    routes: { root: { id: "root", path: "", module: root }, ...Object.fromEntries(entries) },
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
