import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/setup/database";
import { runRoute, TestVisitor } from "../../../tests/setup/visitor";
import { createCreator, createProfile } from "#db/seed/factories";
import * as layout from "./studio-layout";
import * as home from "./studio-home";
import * as faq from "./studio-creator-faq";
import * as profile from "./studio-profile";
import * as accountManagement from "./studio-account-management";
import * as mapsZip from "./studio-maps-zip";

const db = await setupTestDatabase();

type Handler = (args: never) => unknown;

/** Every Studio route's loader and action: each guards itself (a child runs apart from the layout's loader). */
const ROUTES: { path: string; handlers: Record<string, Handler>; needsHandle: boolean }[] = [
  { path: "/studio", handlers: { "layout loader": layout.loader, loader: home.loader, action: home.action }, needsHandle: false },
  { path: "/studio/creator-faq", handlers: { loader: faq.loader }, needsHandle: true },
  { path: "/studio/profile", handlers: { loader: profile.loader, action: profile.action }, needsHandle: true },
  { path: "/studio/account-management", handlers: { loader: accountManagement.loader, action: accountManagement.action }, needsHandle: true },
  { path: "/studio/account-management/maps.zip", handlers: { loader: mapsZip.loader }, needsHandle: true },
];

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
