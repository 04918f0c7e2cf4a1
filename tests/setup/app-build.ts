/**
 * The whole app as a React Router server build, made from `app/routes.ts` and the route modules
 * themselves (no Vite build): for tests that drive every route through the real request handler
 * and the Hono server in-process. Routes added to routes.ts are included automatically.
 * Documents are not rendered (the entry answers with the status React Router decided) unless
 * asked: `appServerBuild({ documents: true })` renders them with the app's own entry.server.tsx
 * and a manifest of every route, so a test can read a page's whole HTML (its meta tags, JSON-LD
 * and the hydration data) as a browser gets it.
 */
import { UNSAFE_withComponentProps, UNSAFE_withErrorBoundaryProps, UNSAFE_withHydrateFallbackProps, type ServerBuild } from "react-router";
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

/** What the browser's manifest says of a route: enough for the server to render it (its scripts are never loaded). */
function manifestEntry(id: string, parentId: string | undefined, route: { path?: string; index?: boolean }, module: Record<string, unknown>) {
  return {
    id,
    parentId,
    path: route.path,
    index: route.index,
    module: `/assets/${id.replace(/[^\w-]/g, "_")}.js`,
    hasAction: "action" in module,
    hasLoader: "loader" in module,
    hasClientAction: "clientAction" in module,
    hasClientLoader: "clientLoader" in module,
    hasClientMiddleware: "clientMiddleware" in module,
    hasErrorBoundary: "ErrorBoundary" in module,
    imports: [],
    css: [],
    clientActionModule: undefined,
    clientLoaderModule: undefined,
    clientMiddlewareModule: undefined,
    hydrateFallbackModule: undefined,
  };
}

type Wrap = (component: never) => unknown;

/** A route module as React Router's Vite plugin hands it to the renderer: its components given their props (loaderData, params, …). */
function withProps(module: Record<string, unknown>): Record<string, unknown> {
  const wrapped = { ...module };
  const wraps: [string, Wrap][] = [
    ["default", UNSAFE_withComponentProps],
    ["ErrorBoundary", UNSAFE_withErrorBoundaryProps],
    ["HydrateFallback", UNSAFE_withHydrateFallbackProps],
  ];
  for (const [name, wrap] of wraps) if (typeof module[name] === "function") wrapped[name] = wrap(module[name] as never);
  return wrapped;
}

export async function appServerBuild(opts: { documents?: boolean } = {}): Promise<ServerBuild> {
  const prepare = (module: Record<string, unknown>) => (opts.documents ? withProps(module) : module);
  const root = prepare(await import("../../app/root"));
  const entries = await Promise.all(
    appRoutes().map(async (route) => {
      const load = modules[`../../app/${route.file}`];
      if (!load) throw new Error(`no module for ${route.file}`);
      return [route.id, { id: route.id, parentId: route.parentId, path: route.path, index: route.index, module: prepare(await load()) }] as const;
    }),
  );
  const entry = opts.documents
    ? await import("../../app/entry.server")
    : { default: (_request: Request, status: number, headers: Headers) => new Response(`document ${status}`, { status, headers }) };
  const manifest = opts.documents
    ? {
        root: manifestEntry("root", undefined, { path: "" }, root),
        ...Object.fromEntries(entries.map(([id, route]) => [id, manifestEntry(id, route.parentId, route, route.module)])),
      }
    : {};
  return {
    entry: { module: entry },
    routes: { root: { id: "root", path: "", module: root }, ...Object.fromEntries(entries) },
    assets: { entry: { module: "/entry.js", imports: [] }, routes: manifest, url: "/manifest.js", version: "test" },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
}
