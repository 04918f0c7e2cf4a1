import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/setup/database";
import { runRoute, TestVisitor } from "../../../tests/setup/visitor";
import { profiles } from "#db/schema";
import { createCreator } from "#db/seed/factories";
import { ACCOUNT_MESSAGES } from "~/modules/account/validation";
import { LINK_MESSAGES } from "~/modules/creators/profile-links";
import { loadCreator } from "~/modules/creators/creator-page.server";
import { NO_ENTITLEMENTS } from "~/modules/gate";
import { action, loader } from "./studio-profile";

const db = await setupTestDatabase();

type Form = Record<string, string | string[]>;

/** A profile form post: repeated fields (the link rows) as the browser sends them. */
async function post(visitor: TestVisitor, form: Form) {
  let outcome: { status: number; data?: unknown } | undefined;
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(form)) for (const v of [value].flat()) body.append(name, v);
  await visitor.request(
    "/studio/profile",
    async (request, context) => {
      const result = (await action({ request, context, params: {} } as never)) as { init?: ResponseInit; data: unknown };
      outcome = { status: result.init?.status ?? 200, data: result.data };
      return outcome;
    },
    { method: "POST", body },
  );
  return outcome!;
}

describe("/studio/profile", () => {
  async function signedInCreator(overrides = {}) {
    const { user, profile } = await createCreator(db, { handle: "ana.maps", displayName: "Ana", ...overrides });
    const visitor = new TestVisitor();
    await visitor.signIn(db, user.id);
    return { visitor, profile };
  }

  it("saves handle, name, bio and links in the creator's order, and the public page shows them", async () => {
    const { visitor, profile } = await signedInCreator();
    const outcome = await post(visitor, {
      intent: "profile",
      handle: " Ana.Travels ",
      displayName: "Ana Lima",
      bio: "Bakeries and viewpoints.",
      linkLabel: ["Website", "", "Instagram"],
      linkUrl: ["https://ana.example", "", "https://instagram.com/ana"],
    });
    expect(outcome).toEqual({ status: 200, data: { intent: "profile", ok: true, message: "Your profile has been saved" } });
    const creator = await loadCreator(db, "ana.travels", NO_ENTITLEMENTS);
    expect(creator).toMatchObject({
      id: profile.id,
      handle: "ana.travels",
      displayName: "Ana Lima",
      bioText: "Bakeries and viewpoints.",
      links: [
        { label: "Website", url: "https://ana.example" },
        { label: "Instagram", url: "https://instagram.com/ana" },
      ],
    });
    expect(await runRoute(visitor, "/studio/profile", loader)).toMatchObject({ status: 200, data: { profile: { handle: "ana.travels" } } });
  });

  it("refuses a taken handle or a bad link with a message per field, keeps what was typed, and changes nothing", async () => {
    await createCreator(db, { handle: "taken.one" });
    const { visitor, profile } = await signedInCreator({ links: [{ label: "Old", url: "https://old.example" }] });
    const taken = await post(visitor, {
      intent: "profile",
      handle: "Taken.One",
      displayName: "New name",
      bio: "",
      linkLabel: "Site",
      linkUrl: "https://a.example",
    });
    expect(taken).toMatchObject({ status: 400, data: { fieldErrors: { handle: ACCOUNT_MESSAGES.handleTaken } } });

    const badLink = await post(visitor, {
      intent: "profile",
      handle: "ana.maps",
      displayName: "New name",
      bio: "",
      linkLabel: ["Site", ""],
      linkUrl: ["javascript:alert(1)", "https://b.example"],
    });
    expect(badLink).toMatchObject({
      status: 400,
      data: {
        fieldErrors: { "links.0.url": LINK_MESSAGES.urlInvalid, "links.1.label": LINK_MESSAGES.labelRequired },
        values: {
          displayName: "New name",
          links: [
            { label: "Site", url: "javascript:alert(1)" },
            { label: "", url: "https://b.example" },
          ],
        },
      },
    });
    const long = await post(visitor, { intent: "profile", handle: "ana.maps", displayName: "x".repeat(10_000), bio: "" });
    expect(long).toMatchObject({ status: 400, data: { fieldErrors: { displayName: ACCOUNT_MESSAGES.displayNameTooLong } } });

    const [row] = await db.select().from(profiles).where(eq(profiles.id, profile.id));
    expect(row).toMatchObject({ handle: "ana.maps", displayName: "Ana", links: [{ label: "Old", url: "https://old.example" }] });
  });

  it("stores a cover image checked by content, shows it on the public page, and removes it", async () => {
    const { visitor, profile } = await signedInCreator();
    const png = await sharp({ create: { width: 1200, height: 600, channels: 3, background: "#3366aa" } })
      .png()
      .toBuffer();
    const upload = async (bytes: Uint8Array<ArrayBuffer>, name: string) => {
      const body = new FormData();
      body.set("intent", "cover");
      body.set("cover", new File([new Uint8Array(bytes)], name));
      let outcome: { status: number; data: unknown } | undefined;
      await visitor.request(
        "/studio/profile",
        async (request, context) => {
          const result = (await action({ request, context, params: {} } as never)) as { init?: ResponseInit; data: unknown };
          outcome = { status: result.init?.status ?? 200, data: result.data };
          return outcome;
        },
        { method: "POST", body },
      );
      return outcome!;
    };

    const pdf = await upload(new TextEncoder().encode("%PDF-1.4 not an image"), "cover.png");
    expect(pdf.status).toBe(400);
    expect((await db.select().from(profiles).where(eq(profiles.id, profile.id)))[0].coverImageUrl).toBeNull();

    expect(await upload(new Uint8Array(png), "cover.png")).toMatchObject({ status: 200, data: { ok: true, message: "Your cover image has been updated" } });
    const creator = await loadCreator(db, "ana.maps", NO_ENTITLEMENTS);
    expect(creator?.coverImageUrl).toMatch(/\.webp$/);

    expect(await post(visitor, { intent: "remove-cover" })).toMatchObject({ status: 200, data: { ok: true } });
    expect((await loadCreator(db, "ana.maps", NO_ENTITLEMENTS))?.coverImageUrl).toBeNull();
  });
});
