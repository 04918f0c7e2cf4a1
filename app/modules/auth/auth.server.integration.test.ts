import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/setup/database";
import { stubTestEnv } from "../../../tests/setup/env";
import { creatorSupporters, emailOutbox, followers, mapBookmarks, platformSubscriptions, privacyPolicyAgreementAuditLog, profiles, user } from "#db/schema";
import { createCreator, createMap, createProfile } from "#db/seed/factories";
import { createAuthForDatabase } from "./auth.server";
import { DEMO_PASSWORD, enableDemoAccounts } from "./demo-accounts.server";
import { recordPrivacyAgreement } from "./privacy-agreement.server";
import { SESSION_COOKIE, SESSION_MAX_AGE_SECONDS } from "./session-cookie";
import { loadViewer } from "./viewer.server";

const db = await setupTestDatabase();

// Google configured, Facebook not: only Google may be offered.
stubTestEnv({
  GOOGLE_CLIENT_ID: "test-google-id.apps.example",
  GOOGLE_CLIENT_SECRET: "test-google-secret",
  FACEBOOK_CLIENT_ID: "",
  BETTER_AUTH_SECRET: "a-test-secret-that-is-long-enough-for-better-auth",
});

const headers = () => new Headers({ "x-spotfolio-client-ip": "203.0.113.9" });

describe("auth on a real database", () => {
  it("a sign-up creates the user unverified, with a profile, and queues one verification email", async () => {
    const auth = createAuthForDatabase(db);
    const { user: created } = await auth.api.signUpEmail({
      body: { email: "new@example.com", password: "long enough", name: "new", callbackURL: "/confirm" },
      headers: headers(),
    });
    const [row] = await db.select().from(user).where(eq(user.id, created.id));
    expect(row).toMatchObject({ email: "new@example.com", emailVerified: false });
    const [profile] = await db.select().from(profiles).where(eq(profiles.id, created.id));
    expect(profile).toMatchObject({ displayName: "new", isCreator: false, isAdmin: false });
    const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.to, "new@example.com"));
    expect(mails.map((m) => m.template)).toEqual(["verify-email"]);
    expect(mails[0].text).toContain("/api/auth/verify-email?token=");

    // Unverified: a correct password is still refused.
    await expect(auth.api.signInEmail({ body: { email: "new@example.com", password: "long enough" }, headers: headers() })).rejects.toMatchObject({
      body: { code: "EMAIL_NOT_VERIFIED" },
    });
  });

  it("records the privacy policy agreement (version 1.0, ip) only for a user that exists", async () => {
    const { user: u } = await createProfile(db);
    expect(await recordPrivacyAgreement(db, u.id, "203.0.113.9")).toBe(true);
    expect(await recordPrivacyAgreement(db, "not-a-user", "203.0.113.9")).toBe(false);
    const rows = await db.select().from(privacyPolicyAgreementAuditLog);
    expect(rows).toEqual([expect.objectContaining({ userId: u.id, termsVersion: "1.0", ip: "203.0.113.9" })]);
  });

  it("DEMO_ACCOUNTS gives the demo creators a password that signs them in", async () => {
    const { user: demo } = await createCreator(db, { handle: "lucia" });
    await db.update(user).set({ email: "lucia.ferrer@example.com" }).where(eq(user.id, demo.id));
    expect(await enableDemoAccounts(db, ["lucia.ferrer@example.com", "absent@example.com"])).toEqual(["lucia.ferrer@example.com"]);
    // Idempotent: a restart sets the same password again.
    await enableDemoAccounts(db, ["lucia.ferrer@example.com"]);
    const auth = createAuthForDatabase(db);
    const signedIn = await auth.api.signInEmail({ body: { email: "lucia.ferrer@example.com", password: DEMO_PASSWORD }, headers: headers() });
    expect(signedIn.user.id).toBe(demo.id);
  });

  it("signs in with the session cookie the cookie policy names, for the lifetime it states", async () => {
    const { user: demo } = await createCreator(db, { handle: "lucia" });
    await db.update(user).set({ email: "lucia.ferrer@example.com" }).where(eq(user.id, demo.id));
    await enableDemoAccounts(db, ["lucia.ferrer@example.com"]);
    const auth = createAuthForDatabase(db);
    const { headers: answer } = await auth.api.signInEmail({
      body: { email: "lucia.ferrer@example.com", password: DEMO_PASSWORD, rememberMe: true },
      headers: headers(),
      returnHeaders: true,
    });
    const session = answer.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
    expect(session).toBeDefined();
    expect(session).toContain(`Max-Age=${SESSION_MAX_AGE_SECONDS}`);
  });

  it("a magic link for an unknown address creates nobody and sends nothing", async () => {
    const auth = createAuthForDatabase(db);
    await auth.api.signInMagicLink({ body: { email: "ghost@example.com", callbackURL: "/" }, headers: headers() });
    expect(await db.select().from(user)).toHaveLength(0);
    expect(await db.select().from(emailOutbox)).toHaveLength(0);

    const { user: known } = await createProfile(db, {}, { email: "known@example.com" });
    await auth.api.signInMagicLink({ body: { email: "known@example.com", callbackURL: "/" }, headers: headers() });
    const mails = await db.select().from(emailOutbox);
    expect(mails.map((m) => [m.to, m.template])).toEqual([["known@example.com", "magic-link"]]);
    expect(await db.select().from(user)).toEqual([expect.objectContaining({ id: known.id })]);
  });

  it("social sign-in starts at the configured provider and comes back through our callback", async () => {
    const auth = createAuthForDatabase(db);
    const { response } = await auth.api.signInSocial({
      body: { provider: "google", callbackURL: "/confirm" },
      headers: headers(),
      returnHeaders: true,
    });
    const url = new URL(response.url!);
    expect(url.origin).toBe("https://accounts.google.com");
    expect(url.searchParams.get("client_id")).toBe("test-google-id.apps.example");
    expect(url.searchParams.get("redirect_uri")).toMatch(/^http:\/\/localhost:\d+\/api\/auth\/callback\/google$/);
    await expect(auth.api.signInSocial({ body: { provider: "facebook", callbackURL: "/confirm" }, headers: headers() })).rejects.toBeTruthy();
  });
});

describe("the viewer state", () => {
  it("counts only active (or trialing) subscriptions, supports and follows", async () => {
    const { user: u } = await createProfile(db, { handle: "ana" });
    const { profile: supported } = await createCreator(db, { handle: "rui", displayName: "Rui" });
    const { profile: lapsed } = await createCreator(db, { handle: "old" });
    const { profile: followed } = await createCreator(db, { handle: "eva" });
    const map = await createMap(db, {}, { ownerId: supported.id, spots: 1 });
    await db.insert(creatorSupporters).values([
      { userId: u.id, creatorId: supported.id, status: "trialing", interval: "month", provider: "local" },
      { userId: u.id, creatorId: lapsed.id, status: "canceled", interval: "month", provider: "local" },
    ]);
    await db.insert(platformSubscriptions).values({ userId: u.id, status: "past_due", interval: "year", provider: "local" });
    await db.insert(followers).values([
      { userId: u.id, creatorId: followed.id },
      { userId: u.id, creatorId: lapsed.id, status: "inactive" },
    ]);
    await db.insert(mapBookmarks).values({ userId: u.id, mapId: map.map.id });

    const viewer = await loadViewer(db, { id: u.id, email: u.email, emailVerified: true, name: u.name });
    expect(viewer.isLoggedIn).toBe(true);
    expect(viewer.profile?.handle).toBe("ana");
    expect(viewer.subscriptions).toEqual([]);
    expect(viewer.supports.map((s) => s.creator.handle)).toEqual(["rui"]);
    expect(viewer.supports[0].creator).toMatchObject({ displayName: "Rui", mapsCount: 1 });
    expect(viewer.follows.map((f) => f.creator.handle)).toEqual(["eva"]);
    expect(viewer.bookmarks.maps).toEqual([map.map.id]);
    // An active supporter counts as a subscriber (spec section 6).
    expect(viewer.isActiveSupporter).toBe(true);
    expect(viewer.hasActiveSubscription).toBe(true);
  });

  it("a plain signed-in user has no entitlements", async () => {
    const { user: u } = await createProfile(db);
    const viewer = await loadViewer(db, { id: u.id, email: u.email, emailVerified: true, name: u.name });
    expect(viewer).toMatchObject({ hasActiveSubscription: false, isActiveSupporter: false, supports: [], follows: [] });
  });
});
