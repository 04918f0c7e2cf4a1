/**
 * Issue 16 (hardening), items 1, 5, 6, 9 and 13, against the built server.
 * Only yuki.tanaka@example.com among the demo creators, and accounts made here.
 */
import { expect, test, type Page } from "@playwright/test";
import { PASSWORD, linkFromMail, mailboxFor, postSignUp, uniqueEmail } from "./support/accounts";
import { secondSession, signIn } from "./support/fixtures";
import { startServer as startBuiltServer } from "./support/server";

// These settings stop the server before it opens the database.
const startServer = (env: Record<string, string>) => startBuiltServer({ SEED_DEMO: "off", ...env });

test.describe("a deployment on the embedded defaults (item 1)", () => {
  for (const [setting, value, why] of [
    ["PUBLIC_URL", "https://spotfolio.example", "PUBLIC_URL is https://spotfolio.example"],
    ["APP_MODE", "production", "APP_MODE=production"],
  ] as const) {
    test(`refuses to start with ${setting}=${value}, saying why in one line each`, async () => {
      const server = await startServer({ [setting]: value });
      try {
        expect(await server.exited).toBe(1);
        const lines = server.output().trim().split("\n");
        const payments = lines.filter((l) => l.includes("STRIPE_SECRET_KEY is unset"));
        const mailbox = lines.filter((l) => l.includes("SMTP_URL is unset"));
        expect(payments).toHaveLength(1);
        expect(payments[0]).toContain(`Refusing to start: this is a deployment (${why})`);
        expect(payments[0]).toContain("LOCAL_PAYMENTS=on");
        expect(mailbox).toHaveLength(1);
        expect(mailbox[0]).toContain("MAILBOX=on");
      } finally {
        await server.stop();
      }
    });
  }

  test("with only the test provider kept on purpose, still refuses the mailbox", async () => {
    const server = await startServer({ PUBLIC_URL: "https://spotfolio.example", LOCAL_PAYMENTS: "on" });
    try {
      expect(await server.exited).toBe(1);
      expect(server.output()).not.toContain("STRIPE_SECRET_KEY is unset");
      expect(server.output()).toContain("SMTP_URL is unset");
    } finally {
      await server.stop();
    }
  });
});

test.describe("sessions and their tokens (item 13)", () => {
  test("no script on the site can read a session token; /account lists sessions and signs one out by id", async ({ page, baseURL, browser }) => {
    const { email, password } = await signIn(page, "member", { prefix: "sessions" });
    const otherPage = await secondSession(browser, baseURL!, email, password);
    const other = otherPage.context();
    await page.goto("/");

    // What a script running in the page could fetch with the user's cookie.
    const answers = await page.evaluate(async () =>
      Promise.all(
        ["/api/auth/list-sessions", "/api/auth/get-session"].map(async (path) => {
          const response = await fetch(path, { credentials: "include" });
          return { path, status: response.status, body: await response.text() };
        }),
      ),
    );
    for (const answer of answers) {
      expect(answer.status, answer.path).toBe(404);
      expect(answer.body).not.toContain("token");
    }
    // The account page's data carries session ids, not tokens.
    const accountData = await page.evaluate(async () => (await fetch("/account.data", { credentials: "include" })).text());
    expect(accountData).not.toMatch(/"token"/);

    await page.goto("/account");
    const sessions = page.getByTestId("account-session");
    await expect(sessions).toHaveCount(2);
    await expect(sessions.filter({ hasText: "This device" })).toHaveCount(1);
    await sessions.filter({ hasNotText: "This device" }).getByRole("button", { name: "Sign out" }).click();
    await expect(page.getByText("That session has been signed out")).toBeVisible();
    await expect(sessions).toHaveCount(1);

    // The other browser is signed out; this one is not.
    await otherPage.goto("/account");
    await expect(otherPage).toHaveURL(/\/auth\?step=login/);
    await page.reload();
    await expect(page.getByRole("heading", { name: "Account", level: 1 })).toBeVisible();
    await other.close();
  });
});

test.describe("writes from another origin (item 5)", () => {
  // Every state-changing route a signed-in visitor's cookies could be ridden to; the bodies are what
  // each route would accept. The account deletion is real: were it let through, the account would go.
  const WRITES: [string, Record<string, string>][] = [
    ["/api/bookmarks", { kind: "map", id: "00000000-0000-0000-0000-000000000000", intent: "on" }],
    ["/api/follows", { creatorId: "", intent: "off" }],
    ["/api/memberships", { action: "cancel", subscriptionId: "00000000-0000-0000-0000-000000000000" }],
    ["/api/payments/create-checkout-session", { type: "premium", priceId: "local_premium_month", redirectUrl: "/" }],
    ["/api/payments/local/pay", { clientSecret: "x", cardNumber: "4242424242424242", expiry: "12/40", cvc: "123" }],
    ["/api/consent", { choice: "granted", redirectTo: "/" }],
    ["/api/events", { name: "map_view" }],
    ["/api/creator-application", { kind: "link", link: "https://maps.app.goo.gl/abc" }],
    ["/api/creator-application/withdraw", {}],
    ["/api/creator-terms", { termsAccepted: "on", copyrightAccepted: "on", compensationAccepted: "on" }],
    ["/account", { intent: "delete", confirm: "DELETE" }],
    ["/account.data", { intent: "sessions" }],
    ["/auth", { intent: "login", mode: "page", email: "someone@example.com", password: "x" }],
    ["/sign-out", {}],
    ["/api/auth/sign-out", {}],
  ];

  test("a page on another port of this host can change nothing; the site's own pages still can", async ({ page, baseURL }) => {
    const { email } = await signIn(page, "member", { prefix: "csrf" });
    const otherOrigin = baseURL!.replace(/:(\d+)$/, (_, port: string) => `:${Number(port) + 1}`);

    // Same origin: following works (the browser sends our own Origin).
    await page.goto("/@yuki_tanaka");
    await page.locator("html[data-hydrated=true]").waitFor({ state: "attached" });
    const followed = page.waitForResponse((r) => r.url().includes("/api/follows") && r.request().method() === "POST");
    await page.getByTestId("follow-button").click();
    const follow = await followed;
    expect(follow.status()).toBe(200);
    const creatorId = new URLSearchParams(follow.request().postData() ?? "").get("creatorId")!;
    expect(creatorId).toBeTruthy();

    const accepted: string[] = [];
    for (const [path, form] of WRITES) {
      const body = path === "/api/follows" ? { ...form, creatorId } : form;
      const response = await page.request.post(path, { headers: { Origin: otherOrigin }, form: body, maxRedirects: 0 });
      if (response.status() !== 403) accepted.push(`${path} ${response.status()}`);
      else expect(await response.text()).toBe("This request came from another site and was refused.");
    }
    expect(accepted, "cross-origin writes that were not refused").toEqual([]);

    // Nothing changed: still signed in, the account is there, still following.
    await page.goto("/atlas/creators");
    await expect(page.getByTestId("followed-creators").getByRole("link", { name: /Yuki Tanaka/ })).toBeVisible();
    await page.goto("/account");
    await expect(page.getByTestId("account-sessions")).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();

    // Same origin again: unfollowing and signing out work.
    const unfollow = await page.request.post("/api/follows", { headers: { Origin: baseURL! }, form: { creatorId, intent: "off" } });
    expect(unfollow.status()).toBe(200);
    expect(await unfollow.json()).toMatchObject({ ok: true, following: false });
    const signOut = await page.request.post("/sign-out", { headers: { Origin: baseURL! }, maxRedirects: 0 });
    expect(signOut.status()).toBe(302);
    await page.goto("/account");
    await expect(page).toHaveURL(/\/auth\?step=login/);
  });
});

test.describe("rate limits on the flows that had none (item 6)", () => {
  const retryAfter = (response: { headers(): Record<string, string> }) => Number(response.headers()["retry-after"]);

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

  test("changing email: 5 an hour; the current password re-check: 5 per 15 minutes, then even the right one waits", async ({ page, baseURL }) => {
    const { password } = await signIn(page, "member", { prefix: "rechecks" });
    const post = (form: Record<string, string>) => page.request.post("/account.data", { headers: { Origin: baseURL! }, form });

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

  test("writes: a signed-in user gets 120 a minute, then a 429 that says when to try again", async ({ page, baseURL }) => {
    await signIn(page, "member", { prefix: "writes" });
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 121; i++) {
      last = await page.request.post("/api/bookmarks", {
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

  test("10 wrong passwords: a 429 with Retry-After; a password reset lets the owner straight back in", async ({ page, browser, baseURL }) => {
    const setup = await browser.newPage({ baseURL });
    const { email } = await signIn(setup, "member", { prefix: "lockout" });
    await setup.close();
    const login = (password: string) =>
      page.request.post("/auth", { headers: { Origin: baseURL! }, form: { intent: "login", mode: "page", email, password }, maxRedirects: 0 });
    for (let i = 0; i < 10; i++) expect((await login(`wrong ${i}`)).status()).toBe(401);
    const locked = await login(PASSWORD);
    expect(locked.status()).toBe(429);
    expect(retryAfter(locked)).toBeGreaterThan(0);

    const before = (await mailboxFor(page.request, email)).length;
    expect((await page.request.post("/forgot-password", { headers: { Origin: baseURL! }, form: { email } })).status()).toBe(200);
    const link = await linkFromMail(page.request, email, "/api/auth/reset-password/", before);
    await page.goto(link);
    await page.getByLabel("New password").fill("a fresh password 7");
    await page.getByLabel("Confirm password").fill("a fresh password 7");
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page).toHaveURL(/\/auth\?step=login/);
    expect((await login("a fresh password 7")).status()).toBe(302);
  });
});
