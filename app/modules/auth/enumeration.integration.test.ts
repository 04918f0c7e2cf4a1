/**
 * Account enumeration (issue 16, item 9): a password reset, a magic link and an anonymous checkout
 * answer the same for an address with an account and one without, and do the same work: the same
 * database reads and writes (counted here, never timed), the unknown address's rolled back.
 */
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/setup/database";
import { countingDb } from "../../../tests/setup/counting-db";
import { stubTestEnv } from "../../../tests/setup/env";
import { emailOutbox, platformSubscriptions, user, verification } from "#db/schema";
import { createProfile } from "#db/seed/factories";
import type { Database } from "~/lib/db.server";
import { createCheckoutSession } from "~/modules/memberships/checkout.server";
import type { ConfirmationScope } from "~/modules/memberships/confirmation.server";
import { localProvider } from "~/modules/memberships/providers/local.server";
import { getAuth } from "./auth.server";
import { requestMagicLink, requestPasswordReset, sendInvitation } from "./flows.server";

const db = await setupTestDatabase();

stubTestEnv({ BETTER_AUTH_SECRET: "a-test-secret-that-is-long-enough-for-better-auth" });

const request = () => new Request("http://localhost:3000/forgot-password", { method: "POST" });
const context = () => new RouterContextProvider();

describe("the same answer and the same work for registered and unregistered addresses", () => {
  async function registered() {
    const { user: u } = await createProfile(db);
    // A password, so the reset is a reset (an account without one gets the invitation).
    const auth = getAuth(db);
    const ctx = await auth.$context;
    await ctx.internalAdapter.linkAccount({ userId: u.id, providerId: "credential", accountId: u.id, password: await ctx.password.hash("long enough") });
    return u.email;
  }

  for (const [name, flow] of [
    ["a password reset", (d: Database, email: string) => requestPasswordReset(d, { email }, request(), context())],
    ["a magic link", (d: Database, email: string) => requestMagicLink(d, { email, next: "/" }, request(), context())],
  ] as const) {
    it(`${name}: one answer, the same reads and writes; only the registered address keeps a link and gets a mail`, async () => {
      const known = await registered();
      const unknown = "nobody-here@example.com";

      const a = countingDb(db);
      const knownAnswer = await flow(a.db, known);
      const b = countingDb(db);
      const unknownAnswer = await flow(b.db, unknown);

      expect(unknownAnswer).toEqual(knownAnswer);
      expect(knownAnswer).toEqual({ ok: true, setCookies: [] });
      expect(b.counts).toEqual(a.counts);
      expect(a.counts.insert).toBeGreaterThanOrEqual(2);

      // Nothing queued for the unregistered address (its email was rendered and rolled back).
      expect(await db.select({ to: emailOutbox.to }).from(emailOutbox)).toEqual([{ to: known }]);
      // A verification row per request at most: a reset for nobody keeps none; a magic link is better-auth's,
      // stored before it looks the address up, and cannot sign anyone in (sign-up by link is off).
      expect((await db.select().from(verification)).length).toBeLessThanOrEqual(2);
      if (name === "a password reset") expect(await db.select().from(verification)).toHaveLength(1);
    });
  }

  it("an anonymous checkout: the same answer for a registered address, the membership on that account, and a way in by mail", async () => {
    const known = await registered();
    const fresh = "first.time@example.com";
    const mails: string[] = [];
    const scope: ConfirmationScope = {
      context: context(),
      sendInvitation: (email) => sendInvitation(db, email, request(), context()).then(() => void mails.push(email)),
    };
    const provider = localProvider(db);
    const pay = async (email: string) => {
      const session = await createCheckoutSession(db, { userId: null }, { type: "premium", priceId: "local_premium_month", redirectUrl: "/maps/x" }, provider);
      if (!session.ok) throw new Error(session.error);
      const paid = await provider.payCheckout!(
        { userId: null, ip: "203.0.113.7" },
        { clientSecret: session.clientSecret, cardNumber: "4242 4242 4242 4242", expiry: "12/40", cvc: "123", country: "ES", email, privacy: "on" },
        scope,
      );
      // What the payment endpoint answers the browser.
      return paid.ok ? { ok: true, redirectTo: paid.redirectTo } : { ok: false, error: paid.error, status: paid.status };
    };

    const knownAnswer = await pay(known.toUpperCase());
    const freshAnswer = await pay(fresh);
    expect(knownAnswer).toEqual(freshAnswer);
    expect(knownAnswer).toEqual({ ok: true, redirectTo: "/maps/x?payment=success&tier=premium" });
    expect(mails).toEqual([known, fresh]);
    const [owner] = await db.select().from(user).where(eq(user.email, known));
    expect(await db.select().from(platformSubscriptions).where(eq(platformSubscriptions.userId, owner.id))).toHaveLength(1);
    // Both get the membership's confirmation, and a way in: nothing tells the two apart.
    const sent = await db.select({ to: emailOutbox.to, template: emailOutbox.template }).from(emailOutbox);
    expect(sent.sort((x, y) => x.to.localeCompare(y.to) || x.template.localeCompare(y.template))).toEqual([
      { to: fresh, template: "invitation" },
      { to: fresh, template: "membership-confirmed" },
      { to: known, template: "membership-confirmed" },
      { to: known, template: "reset-password" },
    ]);
  });
});
