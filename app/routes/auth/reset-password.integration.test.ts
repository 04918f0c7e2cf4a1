/**
 * Issue 28, item 13: the invitation a buyer gets after an anonymous purchase carries the page they
 * paid on; setting their first password there signs them in and sends them back to it (a path on
 * this site only). A changed password still asks for a login.
 */
import { eq, like } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/setup/database";
import { stubTestEnv } from "../../../tests/setup/env";
import { TestVisitor } from "../../../tests/setup/visitor";
import { emailOutbox, session, verification } from "#db/schema";
import { createProfile } from "#db/seed/factories";
import { getAuth } from "~/modules/auth/auth.server";
import { sendInvitation } from "~/modules/auth/flows.server";
import { action, loader } from "./reset-password";

const db = await setupTestDatabase();

stubTestEnv({ BETTER_AUTH_SECRET: "a-test-secret-that-is-long-enough-for-better-auth" });

const PAID_ON = "/maps/rome/spots/bar-caffe?view=list";

/** A buyer's account as checkout makes it (no password), invited from the page they paid on; its link's token. */
async function invited(paidOn: string | null = PAID_ON) {
  const { user } = await createProfile(db);
  await sendInvitation(db, user.email, new Request("http://localhost:3000/api/payments/local/pay", { method: "POST" }), new RouterContextProvider(), paidOn);
  const [link] = await db.select().from(verification).where(like(verification.identifier, "reset-password:%"));
  return { user, token: link.identifier.slice("reset-password:".length) };
}

type Answer = { data?: { signedInTo?: string; formError?: string }; init?: ResponseInit | null };

/** POST /reset-password as a browser would (the hidden token and next included): the data and headers, or a thrown redirect. */
async function setPassword(fields: Record<string, string>) {
  let outcome: { answer?: Answer; redirect?: string | null } = {};
  await new TestVisitor().request(
    "/reset-password",
    async (request, context) => {
      try {
        outcome = { answer: (await action({ request, context, params: {} } as unknown as Parameters<typeof action>[0])) as Answer };
      } catch (thrown) {
        if (!(thrown instanceof Response)) throw thrown;
        outcome = { redirect: thrown.headers.get("Location") };
      }
      return outcome;
    },
    { method: "POST", body: new URLSearchParams({ password: "my first password", confirmPassword: "my first password", ...fields }) },
  );
  return outcome;
}

async function open(query: string) {
  let data: Awaited<ReturnType<typeof loader>> | undefined;
  await new TestVisitor().request(`/reset-password?${query}`, async (request, context) => {
    data = await loader({ request, context, params: {} } as unknown as Parameters<typeof loader>[0]);
    return data;
  });
  return data!;
}

describe("an invitation's first password (issue 28, item 13)", () => {
  it("links to the page the buyer paid on, sets a first password, signs them in and sends them back there", async () => {
    const { user, token } = await invited();
    const [mail] = await db.select().from(emailOutbox).where(eq(emailOutbox.to, user.email));
    expect(mail.template).toBe("invitation");
    const url = new URL(String(mail.payload.url));
    expect(url.pathname).toBe(`/api/auth/reset-password/${token}`);
    expect(url.searchParams.get("callbackURL")).toBe(`/reset-password?next=${encodeURIComponent(PAID_ON)}`);

    // Where better-auth sends the link: the form, asking for a first password.
    expect(await open(`next=${encodeURIComponent(PAID_ON)}&token=${token}`)).toEqual({ token, firstPassword: true, title: "Set your password", next: PAID_ON });

    const { answer } = await setPassword({ token, next: PAID_ON });
    expect(answer?.data).toEqual({ signedInTo: PAID_ON });
    const cookies = new Headers(answer?.init?.headers).getSetCookie();
    expect(cookies.some((cookie) => cookie.includes("session_token="))).toBe(true);
    expect(await db.select().from(session).where(eq(session.userId, user.id))).toHaveLength(1);
  });

  it("holds the page to this site: another site, or none, lands on the home page", async () => {
    for (const next of ["//evil.example/phish", "https://evil.example/", "/\t/evil.example", ""]) {
      const { token } = await invited();
      expect((await open(`next=${encodeURIComponent(next)}&token=${token}`)).next).toBe("/");
      expect((await setPassword({ token, next })).answer?.data).toEqual({ signedInTo: "/" });
      await db.delete(verification);
    }
    // The invitation itself never carries one.
    const { user } = await invited("//evil.example");
    const [mail] = await db.select().from(emailOutbox).where(eq(emailOutbox.to, user.email));
    expect(new URL(String(mail.payload.url)).searchParams.get("callbackURL")).toBe("/reset-password");
  });

  it("a changed password (the account had one) still signs everyone out and asks for a login, then goes on to the page", async () => {
    const { user } = await createProfile(db);
    const ctx = await getAuth(db).$context;
    await ctx.internalAdapter.linkAccount({
      userId: user.id,
      providerId: "credential",
      accountId: user.id,
      password: await ctx.password.hash("an old password"),
    });
    await sendInvitation(db, user.email, new Request("http://localhost:3000/"), new RouterContextProvider(), PAID_ON);
    const [link] = await db.select().from(verification).where(like(verification.identifier, "reset-password:%"));
    const token = link.identifier.slice("reset-password:".length);
    expect((await open(`token=${token}`)).firstPassword).toBe(false);
    expect(await setPassword({ token, next: PAID_ON })).toEqual({
      redirect: `/auth?step=login&reset=done&redirectTo=${encodeURIComponent(PAID_ON)}`,
    });
    expect(await db.select().from(session).where(eq(session.userId, user.id))).toEqual([]);
  });
});
