/**
 * Every admin route, read from app/routes.ts (a new one is covered without a line here): each
 * loader and action sends an anonymous visitor to log in, answers 403 to a plain user and to a
 * creator, and a refused post writes no audit entry.
 */
import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/setup/database";
import { runRoute, TestVisitor } from "../../../tests/setup/visitor";
import { adminAuditLog } from "#db/schema/audit";
import { createCreator, createProfile } from "#db/seed/factories";
import routes from "~/routes";

const db = await setupTestDatabase();

type Handler = (args: never) => unknown;
interface RouteEntry {
  path?: string;
  file: string;
  children?: RouteEntry[];
}

/** Every route under /admin with its module's file (children joined to their parent's path). */
function adminRoutes(entries: RouteEntry[], prefix = ""): { path: string; file: string }[] {
  return entries.flatMap((entry) => {
    const path = entry.path === undefined ? prefix : `${prefix}/${entry.path}`.replace(/\/+/g, "/");
    const own = path.startsWith("/admin") && entry.file.startsWith("routes/admin/") ? [{ path, file: entry.file }] : [];
    return [...own, ...adminRoutes(entry.children ?? [], path)];
  });
}

const modules = import.meta.glob<Record<string, unknown>>("./*.{ts,tsx}");
const someId = "00000000-0000-4000-8000-000000000000";

const ROUTES = await Promise.all(
  adminRoutes(routes as RouteEntry[]).map(async ({ path, file }) => {
    const load = modules[`./${file.replace(/^routes\/admin\//, "")}`];
    if (!load) throw new Error(`${file} (${path}) is not a module of routes/admin`);
    const mod = await load();
    const handlers: Record<string, Handler> = {};
    if (typeof mod.loader === "function") handlers.loader = mod.loader as Handler;
    if (typeof mod.action === "function") handlers.action = mod.action as Handler;
    return { path: path.replace(/:[a-zA-Z]+/g, someId), handlers };
  }),
);

it("finds the back office's routes in app/routes.ts", () => {
  expect(ROUTES.map((r) => r.path)).toEqual(expect.arrayContaining(["/admin", "/admin/moderation", "/admin/reports", "/admin/audit"]));
  expect(ROUTES.every((r) => Object.keys(r.handlers).length > 0)).toBe(true);
});

const run = (visitor: TestVisitor, path: string, handle: Handler, isAction: boolean) =>
  runRoute(visitor, path, handle as (args: unknown) => Promise<unknown>, {
    params: { id: someId, articleId: someId, runId: someId },
    ...(isAction ? { form: { intent: "takedown", type: "map", id: someId, ground: "not-genuine", facts: "x" } } : {}),
  });

describe("who may open the back office", () => {
  for (const { path, handlers } of ROUTES) {
    for (const [name, handle] of Object.entries(handlers)) {
      const isAction = name === "action";
      it(`${path} ${name}: anonymous visitors log in first; members and creators get 403; nothing is logged`, async () => {
        const anonymous = await run(new TestVisitor(), path, handle, isAction);
        expect(anonymous.status).toBe(302);
        expect(anonymous.location).toContain("/auth?step=login");
        for (const make of [() => createProfile(db), () => createCreator(db)]) {
          const visitor = new TestVisitor();
          await visitor.signIn(db, (await make()).user.id);
          expect(await run(visitor, path, handle, isAction)).toMatchObject({ status: 403 });
        }
        expect(await db.select().from(adminAuditLog)).toEqual([]);
      });
    }
  }
});
