/**
 * Sign-up, login and write endpoints answered to requests alone (the "http" project, no browser):
 * what they refuse, where they send people, and their rate limits.
 */
import { PASSWORD, linkFromMail, mailboxFor, postSignUp, uniqueEmail } from "../support/accounts";
import { signIn } from "../support/fixtures";
import { expect, test } from "../support/http";

// Issue 16, item 4: every `redirectTo` stays on this site, however it is spelled.
const EVIL = "/\t/evil.example";
const retryAfter = (response: { headers(): Record<string, string> }) => Number(response.headers()["retry-after"]);

test.describe("sign-up and login answers", () => {
  test("the server enforces the same rules and says nothing about unknown addresses", async ({ request, baseURL }) => {
    const post = (form: Record<string, string>) => request.post("/auth", { headers: { Origin: baseURL! }, form: { mode: "page", ...form } });
    const body = async (form: Record<string, string>) => {
      const response = await post(form);
      return { status: response.status(), html: await response.text() };
    };
    const email = uniqueEmail("rules");
    let r = await body({ intent: "signup", email: "", password: "", confirmPassword: "" });
    expect(r.status).toBe(400);
    for (const message of ["Email is required", "Password is required", "Confirm password is required", "You must accept the privacy policy to continue"]) {
      expect(r.html).toContain(message);
    }
    r = await body({ intent: "signup", email: "nope", password: "short", confirmPassword: "short", privacy: "on" });
    expect(r.html).toContain("Please enter a valid email address");
    expect(r.html).toContain("Password must be at least 8 characters long");
    r = await body({ intent: "signup", email, password: "y".repeat(256), confirmPassword: "y".repeat(256), privacy: "on" });
    expect(r.html).toContain("Password must be at most 255 characters long");
    r = await body({ intent: "signup", email, password: PASSWORD, confirmPassword: "different!", privacy: "on" });
    expect(r.html).toContain("Passwords must match");
    // None of the refused attempts created anything.
    expect(await mailboxFor(request, email)).toHaveLength(0);

    r = await body({ intent: "login", email: uniqueEmail("ghost"), password: PASSWORD });
    expect(r.status).toBe(401);
    expect(r.html).toContain("Login failed. Check your email and password and try again.");
  });

  test("repeated failures for one address are refused with 429 and a clear message", async ({ request, baseURL }) => {
    const email = uniqueEmail("limited");
    const attempt = () => request.post("/auth", { headers: { Origin: baseURL! }, form: { intent: "login", mode: "page", email, password: "wrong password" } });
    for (let i = 0; i < 10; i++) expect((await attempt()).status()).toBe(401);
    const refused = await attempt();
    expect(refused.status()).toBe(429);
    expect(await refused.text()).toMatch(/Too many attempts\. Please wait \d+ minutes? and try again\./);
  });

  test("a cross-origin form post is refused and changes nothing", async ({ request, baseURL }) => {
    const email = uniqueEmail("csrf");
    const response = await request.post("/auth", {
      headers: { Origin: "https://evil.example" },
      form: { intent: "signup", mode: "page", email, password: PASSWORD, confirmPassword: PASSWORD, privacy: "on" },
    });
    // Refused at the server's edge, for every route (server/same-origin.ts).
    expect(response.status()).toBe(403);
    const ok = await postSignUp(request, "http://localhost:1", email).catch(() => undefined);
    expect(ok?.status()).toBe(403);
    // Mail goes out in the order it was queued: once a later, same-origin sign-up's link has
    // arrived, a confirmation (wrongly) queued by the refused posts would have arrived too.
    const later = uniqueEmail("csrf-later");
    expect((await postSignUp(request, baseURL!, later)).status()).toBe(200);
    await linkFromMail(request, later, "/api/auth/verify-email");
    expect(await mailboxFor(request, email)).toHaveLength(0);
  });

  test("the no-JavaScript login and /api/consent send nobody elsewhere", async ({ request, baseURL }) => {
    const { email } = await signIn(request, "member", { prefix: "redirect-post" });
    const origin = new URL(baseURL!).origin;
    const target = (location: string | undefined) => new URL(location ?? "", baseURL).origin;

    const login = await request.post("/auth", {
      headers: { Origin: origin },
      form: { intent: "login", mode: "page", redirectTo: EVIL, userType: "user", email, password: PASSWORD },
      maxRedirects: 0,
    });
    expect(login.status()).toBe(302);
    expect(target(login.headers().location)).toBe(origin);

    const consent = await request.post("/api/consent", {
      headers: { Origin: origin },
      form: { choice: "granted", redirectTo: EVIL },
      maxRedirects: 0,
    });
    expect(consent.status()).toBe(303);
    expect(target(consent.headers().location)).toBe(origin);
  });
});

test.describe("rate limits on the flows that had none (issue 16, item 6)", () => {
  test("confirmation emails: no open resend endpoint, and at most 3 an hour to one inbox however they are asked for", async ({ request, baseURL }) => {
    const email = uniqueEmail("resend");
    expect((await postSignUp(request, baseURL!, email)).status()).toBe(200);
    await linkFromMail(request, email, "/api/auth/verify-email");
    const resend = await request.post("/api/auth/send-verification-email", { headers: { Origin: baseURL! }, data: { email } });
    expect(resend.status()).toBe(404);
    // Signing in before confirming sends the link again: 6 tries, 2 more mails at most.
    for (let i = 0; i < 6; i++) {
      const login = await request.post("/auth", { headers: { Origin: baseURL! }, form: { intent: "login", mode: "page", email, password: PASSWORD } });
      expect(login.status()).toBe(403);
    }
    await expect.poll(async () => (await mailboxFor(request, email)).length).toBe(3);
  });

  test("changing email: 5 an hour; the current password re-check: 5 per 15 minutes, then even the right one waits", async ({ request, baseURL }) => {
    const { password } = await signIn(request, "member", { prefix: "rechecks" });
    const post = (form: Record<string, string>) => request.post("/account.data", { headers: { Origin: baseURL! }, form });

    const changes = [];
    for (let i = 0; i < 6; i++) changes.push((await post({ intent: "email", email: uniqueEmail(`elsewhere${i}`) })).status());
    expect(changes).toEqual([200, 200, 200, 200, 200, 429]);
    const refused = await post({ intent: "email", email: uniqueEmail("elsewhere") });
    expect(refused.status()).toBe(429);
    expect(retryAfter(refused)).toBeGreaterThan(0);

    const guesses = [];
    for (let i = 0; i < 5; i++)
      guesses.push((await post({ intent: "password", currentPassword: `guess ${i}`, password: "a new password", confirmPassword: "a new password" })).status());
    expect(guesses).toEqual([400, 400, 400, 400, 400]);
    const right = await post({ intent: "password", currentPassword: password, password: "a new password", confirmPassword: "a new password" });
    expect(right.status()).toBe(429);
    expect(retryAfter(right)).toBeGreaterThan(0);
  });

  test("writes: a signed-in user gets 120 a minute, then a 429 that says when to try again", async ({ request, baseURL }) => {
    await signIn(request, "member", { prefix: "writes" });
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 121; i++) {
      last = await request.post("/api/bookmarks", {
        headers: { Origin: baseURL! },
        form: { kind: "map", id: "00000000-0000-0000-0000-000000000000", intent: "on" },
      });
      statuses.push(last.status());
    }
    expect(statuses.slice(0, 120).every((s) => s === 404)).toBe(true);
    expect(statuses[120]).toBe(429);
    expect(retryAfter(last!)).toBeGreaterThan(0);
    expect(retryAfter(last!)).toBeLessThanOrEqual(60);
  });
});

test.describe("writes need a session and add up", () => {
  test("saving needs a session and a real item", async ({ request, baseURL }) => {
    const post = (form: Record<string, string>) => request.post("/api/bookmarks", { headers: { Origin: baseURL! }, form });
    expect((await post({ kind: "map", id: "00000000-0000-0000-0000-000000000000", intent: "on" })).status()).toBe(401);
  });

  test("following needs a session on the server", async ({ request, baseURL }) => {
    const response = await request.post("/api/follows", { headers: { Origin: baseURL! }, form: { creatorId: "x", intent: "follow" } });
    expect(response.status()).toBe(401);
  });

  test("checkout refuses what does not add up, and the payment endpoint refuses forged sessions", async ({ request, baseURL }) => {
    const post = (path: string, data: Record<string, unknown>) => request.post(path, { headers: { Origin: baseURL! }, data });
    expect(
      (await post("/api/payments/create-checkout-session", { type: "premium", creatorId: null, priceId: "local_supporter_month", redirectUrl: "/" })).status(),
    ).toBe(400);
    expect(
      (
        await post("/api/payments/create-checkout-session", { type: "supporter", creatorId: "nobody", priceId: "local_supporter_month", redirectUrl: "/" })
      ).status(),
    ).toBe(404);
    expect(
      (await post("/api/payments/create-checkout-session", { type: "premium", priceId: "local_premium_month", redirectUrl: "https://evil.example/" })).status(),
    ).toBe(400);
    const forged = await request.post("/api/payments/local/pay", {
      headers: { Origin: baseURL! },
      form: { clientSecret: "lcs_eyJ0aWVyIjoicHJlbWl1bSJ9.forged", cardNumber: "4242424242424242", expiry: "12/40", cvc: "123", email: uniqueEmail("forger") },
    });
    expect(forged.status()).toBe(400);
    expect((await forged.json()).error).toBe("This checkout has expired. Please start again.");
  });
});
