import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/setup/database";
import { events } from "#db/schema";
import { createCreator, createProfile } from "#db/seed/factories";
import { consentCookie, referrerCookie, setCookie, trackingIdCookie } from "./cookies.server";
import { socialSignUpMethod, trackSocialJoined } from "./social-joined.server";

const db = await setupTestDatabase();

const TID = "0d9b2c5e-7f1a-4c3b-8e2d-6a5f4b3c2d1e";

/** The Cookie header of a browser that holds our cookies with these values. */
async function cookies(values: { consent?: string; tid: string; ref: string }): Promise<string> {
  const set = [
    values.consent ? setCookie(consentCookie, values.consent, false) : undefined,
    setCookie(trackingIdCookie, values.tid, false),
    setCookie(referrerCookie, values.ref, false),
  ];
  return (await Promise.all(set.filter(Boolean))).map((c) => c!.split(";")[0]).join("; ");
}

// The shape better-auth gives its user-created hook inside the OAuth callback (route "/callback/:id").
const callback = (provider: string, cookie = "") => ({
  path: "/callback/:id",
  params: { id: provider },
  headers: new Headers(cookie ? { cookie } : {}),
});

describe("joined for social sign-ups", () => {
  it("knows a social callback from every other way an account is made", () => {
    expect(socialSignUpMethod(callback("google"))).toBe("google");
    expect(socialSignUpMethod(callback("facebook"))).toBe("facebook");
    expect(socialSignUpMethod({ path: "/sign-up/email", params: {} })).toBeNull();
    expect(socialSignUpMethod(callback("github"))).toBeNull();
    expect(socialSignUpMethod(null)).toBeNull();
  });

  it("records joined with the method, the visitor's tracking id and the last-click creator", async () => {
    const { user: u } = await createProfile(db);
    const { profile: creator } = await createCreator(db);
    expect(await trackSocialJoined(db, u.id, callback("google", await cookies({ consent: "granted", tid: TID, ref: creator.id })))).toBe(true);
    const rows = await db.select().from(events).where(eq(events.userId, u.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      type: "joined",
      anonymousId: TID,
      attributionCreatorId: creator.id,
      properties: { method: "google" },
    });
  });

  it("without consent to analytics cookies, records the sign-up but neither the tracking id nor the creator", async () => {
    const { user: u } = await createProfile(db);
    const { profile: creator } = await createCreator(db);
    expect(await trackSocialJoined(db, u.id, callback("facebook", await cookies({ tid: TID, ref: creator.id })))).toBe(true);
    const rows = await db.select().from(events).where(eq(events.userId, u.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ type: "joined", anonymousId: null, attributionCreatorId: null, properties: { method: "facebook" } });
  });

  it("records nothing for an account not made by a social callback", async () => {
    const { user: u } = await createProfile(db);
    expect(await trackSocialJoined(db, u.id, { path: "/sign-up/email", headers: new Headers({ cookie: `sf_tid=${TID}` }) })).toBe(false);
    expect(await db.select().from(events).where(eq(events.userId, u.id))).toHaveLength(0);
  });
});
