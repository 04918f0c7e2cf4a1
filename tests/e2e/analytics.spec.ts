import { expect, test, type BrowserContext } from "@playwright/test";
import { hydrated } from "./support/hydration";

const LUCIA = "/@lucia_ferrer";
const JOAO = "/@joao_pereira";
const JOAO_SPOT = "/maps/lisbon-seven-hills/spots/torre-de-belem";
const DAY_SECONDS = 86_400;

async function cookie(context: BrowserContext, name: string) {
  return (await context.cookies()).find((c) => c.name === name);
}

/** What one of our cookies holds: the app writes values as URL-encoded base64 JSON (React Router's createCookie). */
function held(value: string | undefined): unknown {
  return value === undefined ? undefined : JSON.parse(Buffer.from(decodeURIComponent(value), "base64").toString("utf8"));
}

test.describe("first-party analytics", () => {
  test("a first visit gets a tracking id in an HttpOnly cookie that scripts cannot read, kept on later pages", async ({ page, context }) => {
    expect(await cookie(context, "sf_tid")).toBeUndefined();
    await page.goto("/");
    const tid = await cookie(context, "sf_tid");
    expect(held(tid?.value)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(tid).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    const days = (tid!.expires - Date.now() / 1000) / DAY_SECONDS;
    expect(days).toBeGreaterThan(399);
    expect(days).toBeLessThanOrEqual(400);
    expect(await page.evaluate(() => document.cookie)).not.toContain("sf_tid");

    // The same visitor keeps the same id.
    const again = await page.goto("/maps");
    expect(await again?.headerValue("set-cookie")).toBeNull();
    expect((await cookie(context, "sf_tid"))?.value).toBe(tid!.value);
  });

  test("viewing a creator, then a spot of another creator, credits the last one", async ({ page, context }) => {
    await page.goto(LUCIA);
    const lucia = (await cookie(context, "sf_ref"))?.value;
    expect(lucia).toBeTruthy();
    expect(await cookie(context, "sf_ref")).toMatchObject({ httpOnly: true, sameSite: "Lax" });

    await page.goto(JOAO_SPOT);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Torre de Belém");
    const credited = (await cookie(context, "sf_ref"))?.value;
    expect(credited).toBeTruthy();
    expect(credited).not.toBe(lucia);
    const days = ((await cookie(context, "sf_ref"))!.expires - Date.now() / 1000) / DAY_SECONDS;
    expect(days).toBeGreaterThan(29);
    expect(days).toBeLessThanOrEqual(30);

    // The credited id is João's: his own page credits the same one.
    await page.goto(JOAO);
    expect((await cookie(context, "sf_ref"))?.value).toBe(credited);

    // A page of no creator credits nobody; a client-side navigation (a data request) to Lucía's map credits her.
    await page.goto("/maps");
    expect((await cookie(context, "sf_ref"))?.value).toBe(credited);
    await hydrated(page);
    const data = page.waitForResponse((r) => r.url().includes("/maps/barcelona-beyond-the-rambla.data"));
    await page
      .getByRole("link", { name: /Barcelona Beyond the Rambla/ })
      .first()
      .click();
    expect((await data).status()).toBe(200);
    await expect(page).toHaveURL("/maps/barcelona-beyond-the-rambla");
    expect((await cookie(context, "sf_ref"))?.value).toBe(lucia);
  });

  test("POST /api/events takes the client events only, and a page's beacon reaches it", async ({ page }) => {
    await page.goto("/");
    const unknown = await page.request.post("/api/events", { data: { type: "made_up_event" } });
    expect(unknown.status()).toBe(400);
    expect(await unknown.json()).toEqual({ ok: false, error: "type: Unknown event type: send one of pricing_dialog_closed" });
    const forged = await page.request.post("/api/events", { form: { type: "subscribed_paid" } });
    expect(forged.status()).toBe(400);

    // What track() sends: a form-encoded beacon, allowed by the CSP and accepted.
    await hydrated(page);
    const accepted = page.waitForResponse((r) => r.url().endsWith("/api/events") && r.request().method() === "POST");
    const queued = await page.evaluate(() =>
      navigator.sendBeacon("/api/events", new URLSearchParams({ type: "pricing_dialog_closed", properties: JSON.stringify({ tier: "premium" }) })),
    );
    expect(queued).toBe(true);
    expect((await accepted).status()).toBe(202);
  });
});
