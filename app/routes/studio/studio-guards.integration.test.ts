import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/setup/database";
import { runRoute, TestVisitor } from "../../../tests/setup/visitor";
import { createCreator, createProfile } from "#db/seed/factories";
import routes from "~/routes";
import * as layout from "./studio-layout";

const db = await setupTestDatabase();

type Handler = (args: never) => unknown;
interface RouteEntry {
  path?: string;
  file: string;
  children?: RouteEntry[];
}

/** Every route of app/routes.ts under /studio, with its module's file (children joined to their parent's path). */
function studioRoutes(entries: RouteEntry[], prefix = ""): { path: string; file: string }[] {
  return entries.flatMap((entry) => {
    const path = entry.path === undefined ? prefix : `${prefix}/${entry.path}`.replace(/\/+/g, "/");
    // Registered redirects (/studio/bank) are not Studio pages: routes/redirects.ts guards nothing.
    const own = path.startsWith("/studio") && entry.file.startsWith("routes/studio/") ? [{ path, file: entry.file }] : [];
    return [...own, ...studioRoutes(entry.children ?? [], path)];
  });
}

// Route modules by file, as app/routes.ts names them: a new Studio route is covered by this test without a line here.
const modules = import.meta.glob<Record<string, unknown>>("./*.{ts,tsx}");
const someId = "00000000-0000-4000-8000-000000000000";

/** Every Studio route's loader and action: each guards itself (a child runs apart from the layout's loader). */
const ROUTES = await Promise.all(
  studioRoutes(routes as RouteEntry[]).map(async ({ path, file }) => {
    const load = modules[`./${file.replace(/^routes\/studio\//, "")}`];
    if (!load) throw new Error(`${file} (${path}) is not a module of routes/studio`);
    const mod = await load();
    const handlers: Record<string, Handler> = {};
    if (typeof mod.loader === "function") handlers[file.endsWith("studio-layout.tsx") ? "layout loader" : "loader"] = mod.loader as Handler;
    if (typeof mod.action === "function") handlers.action = mod.action as Handler;
    // Only /studio itself (where a new creator chooses a handle, and its layout) opens without one.
    return { path: path.replace(/:[a-zA-Z]+/g, someId), handlers, needsHandle: path !== "/studio" };
  }),
);

it("finds the Studio's routes in app/routes.ts", () => {
  expect(ROUTES.map((r) => r.path)).toEqual(
    expect.arrayContaining(["/studio", "/studio/profile", `/studio/maps/${someId}/cover`, `/studio/maps/${someId}/spots/${someId}/photos`]),
  );
  expect(ROUTES.every((r) => Object.keys(r.handlers).length > 0)).toBe(true);
});

const run = (visitor: TestVisitor, path: string, handle: Handler, isAction: boolean) =>
  runRoute(visitor, path, handle as (args: unknown) => Promise<unknown>, isAction ? { form: {} } : {});

describe("who may open the Studio", () => {
  for (const { path, handlers, needsHandle } of ROUTES) {
    for (const [name, handle] of Object.entries(handlers)) {
      const isAction = name.includes("action");
      it(`${path} ${name}: anonymous visitors log in first, then come back`, async () => {
        const outcome = await run(new TestVisitor(), path, handle, isAction);
        expect(outcome.status).toBe(302);
        expect(outcome.location).toBe(`/auth?step=login&redirectTo=${encodeURIComponent(path)}`);
      });

      it(`${path} ${name}: a signed-in user who is not a creator gets 403`, async () => {
        const { user } = await createProfile(db);
        const visitor = new TestVisitor();
        await visitor.signIn(db, user.id);
        expect(await run(visitor, path, handle, isAction)).toMatchObject({ status: 403 });
      });

      if (needsHandle) {
        it(`${path} ${name}: a creator without a handle chooses one on /studio first`, async () => {
          const { user } = await createCreator(db, { handle: null });
          const visitor = new TestVisitor();
          await visitor.signIn(db, user.id);
          expect(await run(visitor, path, handle, isAction)).toEqual({ status: 302, location: "/studio" });
        });
      }
    }
  }

  it("the layout opens for a creator, with the navigation once they have a handle", async () => {
    const { user: withHandle } = await createCreator(db);
    const { user: without } = await createCreator(db, { handle: null });
    const visitor = new TestVisitor();
    await visitor.signIn(db, withHandle.id);
    expect(await run(visitor, "/studio", layout.loader, false)).toEqual({ status: 200, data: { hasHandle: true } });
    await visitor.signIn(db, without.id);
    expect(await run(visitor, "/studio", layout.loader, false)).toEqual({ status: 200, data: { hasHandle: false } });
  });
});
