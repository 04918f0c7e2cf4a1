/**
 * What the browser enforces for us and what the server refuses from other sites: the page's
 * Content-Security-Policy, and writes from another origin (issue 16, item 5).
 */
import { expect, test } from "@playwright/test";
import { makeAccount, signIn } from "./support/fixtures";
import { hydrated } from "./support/hydration";

test.describe("the Content-Security-Policy", () => {
  test("the page runs under its CSP without violations", async ({ page }) => {
    const violations: string[] = [];
    page.on("console", (msg) => {
      if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text());
    });
    await page.goto("/info/copyright");
    await page.getByTestId("site-footer").getByRole("link", { name: "Cookie policy" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cookie Policy");
    expect(violations).toEqual([]);
  });

  test("the Studio's forms run under it too: nothing is refused, not even a probe the page catches", async ({ page }) => {
    // Zod probes `new Function` once to see whether it may compile its parsers: the CSP refuses it
    // and the browser reports the violation (no console message; Lighthouse counts it), caught or not.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener("securitypolicyviolation", (e) => seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
    });
    await signIn(page, "creator", { prefix: "csp-studio" });
    for (const path of ["/studio", "/studio/maps", "/studio/profile"]) {
      await page.goto(path);
      await hydrated(page);
      expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations), path).toEqual([]);
    }
  });
});

test.describe("writes from another origin (issue 16, item 5)", () => {
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

  test("a page on another port of this host can change nothing; the site's own pages still can", async ({ page, baseURL, request }) => {
    const { email } = await signIn(page, "member", { prefix: "csrf" });
    // A creator of this test's own to follow.
    const creator = await makeAccount(request, "creator", { prefix: "csrf-followed", maps: 0 });
    const otherOrigin = baseURL!.replace(/:(\d+)$/, (_, port: string) => `:${Number(port) + 1}`);

    // Same origin: following works (the browser sends our own Origin).
    await page.goto(`/@${creator.handle}`);
    await hydrated(page);
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
    await expect(page.getByTestId("followed-creators").getByRole("link", { name: creator.displayName! })).toBeVisible();
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
