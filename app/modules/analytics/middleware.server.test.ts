import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { consentCookie, referrerCookie, setCookie, trackingIdCookie } from "./cookies.server";
import { analyticsMiddleware } from "./middleware.server";
import { creditCreator, getAnalytics, type AnalyticsState } from "./request.server";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
const TID = "5b6f0d4e-2c1a-4b8e-9f3d-7a6c5e4d3b2a";

/** The Cookie header of a browser holding our cookies with these values. */
async function jar(values: { tid?: string; ref?: string; consent?: string | null }): Promise<string> {
  const entries = [
    [consentCookie, values.consent],
    [trackingIdCookie, values.tid],
    [referrerCookie, values.ref],
  ] as const;
  const pairs = await Promise.all(entries.filter(([, value]) => value).map(async ([cookie, value]) => (await setCookie(cookie, value!, false)).split(";")[0]));
  return pairs.join("; ");
}

interface Run {
  state: AnalyticsState;
  setCookies: string[];
  response: Response;
}

/** One request through the middleware; `inside` plays the loaders. */
async function run(
  path: string,
  // `consent` null: a visitor who has not accepted analytics cookies; by default they have.
  init: {
    tid?: string;
    ref?: string;
    consent?: "granted" | "denied" | null;
    userAgent?: string | null;
    method?: string;
    headers?: Record<string, string>;
  } = {},
  inside: (context: RouterContextProvider) => void = () => {},
  respond: () => Response = () => new Response("<html></html>", { headers: { "Content-Type": "text/html" } }),
): Promise<Run> {
  const headers = new Headers(init.headers);
  if (init.userAgent !== null) headers.set("User-Agent", init.userAgent ?? BROWSER);
  const consent = init.consent === undefined ? "granted" : init.consent;
  const cookie = await jar({ consent, tid: init.tid, ref: init.ref });
  if (cookie) headers.set("Cookie", cookie);
  const request = new Request(`http://localhost${path}`, { method: init.method ?? "GET", headers });
  const context = new RouterContextProvider();
  let state: AnalyticsState | undefined;
  const response = (await analyticsMiddleware({ request, context, params: {}, url: new URL(request.url), pattern: "" }, async () => {
    inside(context);
    state = getAnalytics(context);
    return respond();
  })) as Response;
  return { state: state!, setCookies: response.headers.getSetCookie(), response };
}

describe("the analytics middleware", () => {
  it("without consent (not asked yet, or refused) sets no cookie, reads no id and credits nobody", async () => {
    for (const consent of [null, "denied"] as const) {
      const { state, setCookies } = await run("/maps/x", { consent, tid: TID, ref: "creator1" }, (context) => creditCreator(context, "creator2"));
      expect(state).toMatchObject({ consented: false, trackingId: null, attributionCreatorId: null, credited: null, isVisit: true });
      expect(setCookies).toEqual([]);
    }
  });

  it("gives a first visit a tracking id and keeps it in an HttpOnly cookie", async () => {
    const { state, setCookies } = await run("/");
    expect(state.trackingId).toMatch(/^[0-9a-f-]{36}$/);
    expect(state.isVisit).toBe(true);
    expect(setCookies).toHaveLength(1);
    expect(await trackingIdCookie.parse(setCookies[0])).toBe(state.trackingId);
    expect(setCookies[0]).toContain("HttpOnly");
  });

  it("reuses a known id and writes nothing more", async () => {
    const { state, setCookies } = await run("/maps", { tid: TID, ref: "creator_a" });
    expect(state).toMatchObject({ trackingId: TID, isNewTrackingId: false, attributionCreatorId: "creator_a" });
    expect(setCookies).toEqual([]);
  });

  it("credits the creator opened last, in the request and in the cookie", async () => {
    const { state, setCookies } = await run("/@b", { tid: TID, ref: "creator_a" }, (context) => {
      creditCreator(context, "creator_b");
    });
    expect(state.attributionCreatorId).toBe("creator_b");
    expect(setCookies).toHaveLength(1);
    expect(setCookies[0]).toMatch(new RegExp(`^${referrerCookie.name}=[^;]+; Max-Age=2592000; `));
    expect(await referrerCookie.parse(setCookies[0])).toBe("creator_b");
  });

  it("does the same on data requests (client-side navigation)", async () => {
    const { setCookies } = await run(
      "/maps/some-map.data",
      { tid: TID },
      (context) => creditCreator(context, "creator_c"),
      () => new Response("[]", { headers: { "Content-Type": "text/x-script" } }),
    );
    expect(setCookies.map((c) => c.split("=")[0])).toEqual([referrerCookie.name]);
  });

  it("never puts a cookie on a response shared caches may keep", async () => {
    const { setCookies } = await run(
      "/uploads/avatars/a.png",
      {},
      () => {},
      () => new Response("png", { headers: { "Cache-Control": "public, max-age=31536000, immutable" } }),
    );
    expect(setCookies).toEqual([]);
  });

  it("copes with a response whose headers cannot change", async () => {
    const { setCookies, response } = await run(
      "/old",
      {},
      () => {},
      () => Response.redirect("http://localhost/new", 301),
    );
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe("http://localhost/new");
    expect(setCookies).toHaveLength(1);
  });

  it("leaves bots, prefetches and HEAD requests uncounted", async () => {
    const bot = await run("/@b", { userAgent: "Googlebot/2.1 (+http://www.google.com/bot.html)" }, (c) => creditCreator(c, "creator_b"));
    expect(bot.state).toMatchObject({ trackingId: null, isBot: true, isVisit: false, attributionCreatorId: null });
    expect(bot.setCookies).toEqual([]);
    const noAgent = await run("/", { userAgent: null });
    expect(noAgent.state.isBot).toBe(true);

    const prefetch = await run("/@b", { tid: TID, headers: { "Sec-Purpose": "prefetch" } }, (c) => creditCreator(c, "creator_b"));
    expect(prefetch.state.isVisit).toBe(false);
    expect(prefetch.setCookies).toEqual([]);

    const head = await run("/", { method: "HEAD", tid: TID });
    expect(head.state.isVisit).toBe(false);
  });

  it("outside a request (no middleware), crediting does nothing and the state is inert", () => {
    const context = new RouterContextProvider();
    creditCreator(context, "creator_b");
    expect(getAnalytics(context)).toMatchObject({ trackingId: null, attributionCreatorId: null, isVisit: false });
  });
});
