import { expect, test } from "@playwright/test";
import { baseURL } from "../../playwright.config";

// Malformed requests are a 4xx with a clear message, never the 500 page (issue 16, item 3).
test.describe("bad input", () => {
  test("a form action sent JSON answers 415 on the error page, saying what it expects", async ({ request }) => {
    const response = await request.post("/auth", { data: { email: "ana@example.com" }, headers: { Origin: baseURL } });
    expect(response.status()).toBe(415);
    const html = await response.text();
    expect(html).toMatch(/415(<!-- -->)? ERROR/);
    expect(html).toContain("This form must be sent as application/x-www-form-urlencoded or multipart/form-data.");
  });

  test("an empty body to an API action is a 4xx", async ({ request }) => {
    for (const path of ["/api/follows", "/api/bookmarks", "/api/consent", "/api/memberships", "/api/payments/local/pay"]) {
      const response = await request.post(path, { headers: { Origin: baseURL } });
      expect(response.status(), path).toBeGreaterThanOrEqual(400);
      expect(response.status(), path).toBeLessThan(500);
    }
  });

  test("a NUL byte in the path or the query is a 400 before any query runs", async ({ request }) => {
    for (const path of ["/maps/%00", "/search?q=%00", "/explore?q=caf%00", "/@lucia%00"]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(400);
      expect(await response.text()).toBe("This address contains a character that is not allowed.");
    }
  });

  test("a newline in redirectTo is no 500: the login page opens", async ({ page }) => {
    const response = await page.goto("/auth?redirectTo=%2F%0A%2Fevil.example");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });
});
