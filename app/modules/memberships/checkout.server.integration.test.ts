import { asc, eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/setup/database";
import { TestVisitor } from "../../../tests/setup/visitor";
import { creatorSupporters, events, payments, platformSubscriptions, privacyPolicyAgreementAuditLog, profiles, user } from "#db/schema";
import { createCreator, createMap, createProfile } from "#db/seed/factories";
import { loadMapPage } from "~/modules/maps/map-page.server";
import { creditCreator } from "~/modules/analytics/request.server";
import { loadViewer } from "~/modules/auth/viewer.server";
import { PRIVACY_POLICY_VERSION } from "~/modules/auth/privacy-agreement.server";
import type { Database } from "~/lib/db.server";
import { entitlementsOf } from "~/modules/gate";
import { createCheckoutSession, pagePaidOn, successPath } from "./checkout.server";
import type { ConfirmationScope } from "./confirmation.server";
import { localProvider } from "./providers/local.server";
import { upsertSubscription } from "./subscriptions.server";

const db = await setupTestDatabase();

const buildViewer = async (db: Database, id: string) => {
  const [u] = await db.select().from(user).where(eq(user.id, id));
  return loadViewer(db, { id: u.id, email: u.email, emailVerified: u.emailVerified, name: u.name });
};
/** Opens a local checkout on the real clock, or on a fixed `now` for a test that pays at a fixed date. */
const openCheckout = (db: Database, buyer: { userId: string | null }, input: unknown, now?: Date) =>
  createCheckoutSession(db, buyer, input, localProvider(db, now ? () => now.getTime() : undefined));
/** The request a payment arrives in (no visitor, invitations dropped). */
const scope: ConfirmationScope = { context: new RouterContextProvider(), sendInvitation: async () => {} };
/** The local provider's own pay step, on the real clock or at `now` (the clock the checkout was opened on). */
const payLocalCheckout = (db: Database, buyer: { userId: string | null }, input: unknown, now?: Date) =>
  localProvider(db, now ? () => now.getTime() : undefined).payCheckout!({ ...buyer, ip: BUYER_IP }, input, scope);
const BUYER_IP = "203.0.113.7";
const card = { cardNumber: "4242 4242 4242 4242", expiry: "12/40", cvc: "123", country: "ES" };
/** What an anonymous buyer's form adds: the privacy policy ticked. */
const accepted = { privacy: "on" };
const premium = (over: Record<string, unknown> = {}) => ({ type: "premium", creatorId: null, priceId: "local_premium_month", redirectUrl: "/maps/x", ...over });

describe("checkout with the local test provider", () => {
  it("opens a session only for a matching price, a published creator and a buyer who has not got it yet", async () => {
    const { user: buyer } = await createProfile(db);
    const { profile: creator } = await createCreator(db);
    const { profile: hidden } = await createCreator(db, { isPublished: false });
    const me = { userId: buyer.id };
    expect(await openCheckout(db, me, premium())).toMatchObject({ ok: true, clientSecret: expect.stringMatching(/^lcs_/) });
    expect(await openCheckout(db, me, premium({ priceId: "local_supporter_month" }))).toMatchObject({ ok: false, status: 400 });
    expect(await openCheckout(db, me, premium({ priceId: "price_unknown" }))).toMatchObject({ ok: false, status: 400 });
    expect(await openCheckout(db, me, premium({ redirectUrl: "//evil.example/x" }))).toMatchObject({ ok: false, status: 400 });
    expect(await openCheckout(db, me, premium({ redirectUrl: "/\t/evil.example/x" }))).toMatchObject({ ok: false, status: 400 });
    const support = { type: "supporter", priceId: "local_supporter_year", redirectUrl: "/@x" };
    expect(await openCheckout(db, me, { ...support, creatorId: creator.id })).toMatchObject({ ok: true });
    expect(await openCheckout(db, me, { ...support, creatorId: hidden.id })).toMatchObject({ ok: false, status: 404 });
    expect(await openCheckout(db, me, { ...support, creatorId: null })).toMatchObject({ ok: false, status: 404 });
    expect(await openCheckout(db, { userId: creator.id }, { ...support, creatorId: creator.id })).toMatchObject({
      ok: false,
      error: "You cannot support yourself.",
    });
  });

  it("a signed-in member pays with the test card, gets a 30-day trial, and gated spots unlock; the same purchase again is refused", async () => {
    const { user: buyer } = await createProfile(db);
    const { map } = await createMap(db, {}, { spots: 2, spotOverrides: (p) => (p === 1 ? { visibility: "premium", summary: "SECRET" } : {}) });
    const before = await loadMapPage(db, map.id, entitlementsOf(await buildViewer(db, buyer.id)));
    expect(before!.spots[1].locked).toBe(true);

    const now = new Date("2026-11-23T12:00:00Z");
    const session = await openCheckout(db, { userId: buyer.id }, premium(), now);
    if (!session.ok) throw new Error(session.error);
    const declined = await payLocalCheckout(db, { userId: buyer.id }, { ...card, cardNumber: "4000 0000 0000 0002", clientSecret: session.clientSecret }, now);
    expect(declined).toEqual({ ok: false, status: 402, error: "Your card was declined.", field: "number" });
    expect(await db.select().from(platformSubscriptions)).toEqual([]);

    const paid = await payLocalCheckout(db, { userId: buyer.id }, { ...card, clientSecret: session.clientSecret }, now);
    expect(paid).toMatchObject({ ok: true, redirectTo: "/maps/x?payment=success&tier=premium", createdAccountEmail: null, userId: buyer.id, tier: "premium" });
    const [sub] = await db.select().from(platformSubscriptions);
    expect(sub).toMatchObject({ userId: buyer.id, status: "trialing", interval: "month", provider: "local", trialEnd: new Date("2026-12-23T12:00:00Z") });

    const after = await loadMapPage(db, map.id, entitlementsOf(await buildViewer(db, buyer.id)));
    expect(after!.spots[1]).toMatchObject({ locked: false, summary: "SECRET" });
    expect(await openCheckout(db, { userId: buyer.id }, premium())).toMatchObject({ ok: false, status: 409, error: "You are already a Premium Member." });
    expect(await payLocalCheckout(db, { userId: buyer.id }, { ...card, clientSecret: session.clientSecret }, now)).toMatchObject({ ok: false, status: 409 });

    // When the subscription ends, the spots lock again.
    await upsertSubscription(db, {
      ...sub,
      tier: "premium",
      creatorId: null,
      providerSubscriptionId: sub.providerSubscriptionId!,
      priceId: sub.priceId!,
      status: "canceled",
      canceledAt: new Date(),
    });
    const ended = await loadMapPage(db, map.id, entitlementsOf(await buildViewer(db, buyer.id)));
    expect(ended!.spots[1].locked).toBe(true);
  });

  it("an anonymous buyer gives a valid, unused email; the account is created with the membership", async () => {
    const { profile: creator } = await createCreator(db);
    const session = await openCheckout(
      db,
      { userId: null },
      { type: "supporter", creatorId: creator.id, priceId: "local_supporter_month", redirectUrl: "/?payment=old" },
    );
    if (!session.ok) throw new Error(session.error);
    expect(await payLocalCheckout(db, { userId: null }, { ...card, clientSecret: session.clientSecret })).toMatchObject({
      ok: false,
      error: "Your Email is required",
      field: "email",
    });
    expect(await payLocalCheckout(db, { userId: null }, { ...card, ...accepted, clientSecret: session.clientSecret, email: "nope" })).toMatchObject({
      ok: false,
      error: "Please enter a valid email address",
    });

    const paid = await payLocalCheckout(db, { userId: null }, { ...card, ...accepted, clientSecret: session.clientSecret, email: "New.Buyer@Example.com" });
    expect(paid).toMatchObject({ ok: true, redirectTo: "/?payment=success&tier=supporter", createdAccountEmail: "new.buyer@example.com", tier: "supporter" });
    const [account] = await db.select().from(user).where(eq(user.email, "new.buyer@example.com"));
    expect(await db.select().from(profiles).where(eq(profiles.id, account.id))).toHaveLength(1);
    const [support] = await db.select().from(creatorSupporters);
    expect(support).toMatchObject({ userId: account.id, creatorId: creator.id, status: "trialing" });
    const viewer = await buildViewer(db, account.id);
    expect(viewer).toMatchObject({ hasActiveSubscription: true, isActiveSupporter: true });
  });

  it("an anonymous buyer accepts the privacy policy: without it nothing is made; with it the agreement is recorded with their ip (issue 28, item 14)", async () => {
    const session = await openCheckout(db, { userId: null }, premium());
    if (!session.ok) throw new Error(session.error);
    const payment = { ...card, clientSecret: session.clientSecret, email: "careful.buyer@example.com" };
    for (const privacy of [undefined, "", "off"]) {
      expect(await payLocalCheckout(db, { userId: null }, { ...payment, privacy })).toEqual({
        ok: false,
        status: 400,
        error: "You must accept the privacy policy to continue",
        field: "privacy",
      });
    }
    // Nothing changed: no account, no profile, no membership, no payment, no agreement.
    expect(await db.select().from(user)).toEqual([]);
    expect(await db.select().from(profiles)).toEqual([]);
    expect(await db.select().from(platformSubscriptions)).toEqual([]);
    expect(await db.select().from(payments)).toEqual([]);
    expect(await db.select().from(privacyPolicyAgreementAuditLog)).toEqual([]);

    expect(await payLocalCheckout(db, { userId: null }, { ...payment, ...accepted })).toMatchObject({ ok: true });
    const [account] = await db.select().from(user).where(eq(user.email, "careful.buyer@example.com"));
    expect(await db.select().from(privacyPolicyAgreementAuditLog)).toEqual([
      expect.objectContaining({ userId: account.id, termsVersion: PRIVACY_POLICY_VERSION, ip: BUYER_IP }),
    ]);
  });

  it("records no agreement for an address that already had an account, nor for a signed-in buyer", async () => {
    const { user: existing } = await createProfile(db);
    const anonymous = await openCheckout(db, { userId: null }, premium());
    if (!anonymous.ok) throw new Error(anonymous.error);
    expect(await payLocalCheckout(db, { userId: null }, { ...card, ...accepted, clientSecret: anonymous.clientSecret, email: existing.email })).toMatchObject({
      ok: true,
    });
    const { user: member } = await createProfile(db);
    const signedIn = await openCheckout(db, { userId: member.id }, premium());
    if (!signedIn.ok) throw new Error(signedIn.error);
    // A signed-in buyer accepted it when their account was made: the form does not ask again.
    expect(await payLocalCheckout(db, { userId: member.id }, { ...card, clientSecret: signedIn.clientSecret })).toMatchObject({ ok: true });
    expect(await db.select().from(privacyPolicyAgreementAuditLog)).toEqual([]);
  });

  it("refuses forged and garbled client secrets", async () => {
    const { user: buyer } = await createProfile(db);
    const session = await openCheckout(db, { userId: buyer.id }, premium());
    if (!session.ok) throw new Error(session.error);
    const [body] = session.clientSecret.split(".");
    const forged = `${body.slice(0, -2)}xx.${session.clientSecret.split(".")[1]}`;
    for (const clientSecret of [forged, "lcs_abc.def", "nonsense"])
      expect(await payLocalCheckout(db, { userId: buyer.id }, { ...card, clientSecret })).toMatchObject({ ok: false, status: 400 });
    const other = await createProfile(db);
    expect(await payLocalCheckout(db, { userId: other.user.id }, { ...card, clientSecret: session.clientSecret })).toMatchObject({ ok: false, status: 403 });
  });

  it("a paid checkout is recorded as subscribed_paid, credited to the buyer's last-click creator; a new account as joined, and invited", async () => {
    const { profile: creator } = await createCreator(db);
    const visitor = new TestVisitor();
    await visitor.request("/@creator", async (_request, context) => creditCreator(context, creator.id));
    const invited: string[] = [];
    const session = await openCheckout(db, { userId: null }, { type: "supporter", creatorId: creator.id, priceId: "local_supporter_year", redirectUrl: "/@x" });
    if (!session.ok) throw new Error(session.error);
    await visitor.request("/api/payments/local/pay", (_request, context) =>
      localProvider(db).payCheckout!(
        { userId: null, ip: BUYER_IP },
        { ...card, ...accepted, clientSecret: session.clientSecret, email: "fan@example.com" },
        {
          context,
          sendInvitation: async (email, paidOn) => {
            invited.push(`${email} back to ${paidOn}`);
          },
        },
      ),
    );
    const [account] = await db.select().from(user).where(eq(user.email, "fan@example.com"));
    const common = { userId: account.id, anonymousId: visitor.cookies.get("sf_tid"), attributionCreatorId: creator.id };
    expect(await db.select().from(events).orderBy(asc(events.id))).toEqual([
      expect.objectContaining({ type: "subscribed_paid", ...common, properties: { tier: "supporter", interval: "year", is_authenticated: false } }),
      expect.objectContaining({ type: "joined", ...common, properties: { method: "email", is_authenticated: false } }),
    ]);
    // The invitation brings the buyer back to the page they paid on (issue 28, item 13).
    expect(invited).toEqual(["fan@example.com back to /@x"]);
  });

  it("puts payment=success and the tier on the return path, replacing old ones", () => {
    expect(successPath("/@lucia?tab=maps&payment=x", "supporter")).toBe("/@lucia?tab=maps&payment=success&tier=supporter");
  });

  it("reads the page a checkout was opened on back from its return path", () => {
    expect(pagePaidOn(successPath("/@lucia?tab=maps&payment=x", "supporter"))).toBe("/@lucia?tab=maps");
    expect(pagePaidOn("/maps/x?payment=success&tier=premium&session_id=cs_1")).toBe("/maps/x");
  });
});
