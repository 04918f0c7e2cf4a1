import { expect, test } from "@playwright/test";
import { PASSWORD } from "./support/accounts";
import { signIn } from "./support/fixtures";

// Issue 16, item 4: every `redirectTo` stays on this site, however it is spelled.

const EVIL = "/\t/evil.example";

test.describe("open redirect", () => {
  test("a signed-in user opening /auth with a tab-spelled redirectTo stays on this site", async ({ page, baseURL }) => {
    await signIn(page, "member", { prefix: "redirect" });
    // Leaving the site, the browser would fail to resolve evil.example and goto would throw.
    await page.goto("/auth?redirectTo=%2F%09%2Fevil.example");
    await expect(page).toHaveURL((url) => url.origin === new URL(baseURL!).origin);
  });

  test("the no-JavaScript login and /api/consent send nobody elsewhere", async ({ page, baseURL }) => {
    const { email } = await signIn(page, "member", { prefix: "redirect-post" });
    const origin = new URL(baseURL!).origin;
    const target = (location: string | undefined) => new URL(location ?? "", baseURL).origin;

    const login = await page.request.post("/auth", {
      headers: { Origin: origin },
      form: { intent: "login", mode: "page", redirectTo: EVIL, userType: "user", email, password: PASSWORD },
      maxRedirects: 0,
    });
    expect(login.status()).toBe(302);
    expect(target(login.headers().location)).toBe(origin);

    const consent = await page.request.post("/api/consent", {
      headers: { Origin: origin },
      form: { choice: "granted", redirectTo: EVIL },
      maxRedirects: 0,
    });
    expect(consent.status()).toBe(303);
    expect(target(consent.headers().location)).toBe(origin);
  });
});
