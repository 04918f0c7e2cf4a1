import { describe, expect, it } from "vitest";
import {
  CONSENT_MAX_AGE_SECONDS,
  REFERRER_MAX_AGE_SECONDS,
  TRACKING_MAX_AGE_SECONDS,
  clearAnalyticsCookies,
  consentCookie,
  newTrackingId,
  readAnalyticsCookies,
  readConsent,
  referrerCookie,
  setCookie,
  trackingIdCookie,
} from "./cookies.server";

const TID = "5b6f0d4e-2c1a-4b8e-9f3d-7a6c5e4d3b2a";

/** The `name=value` pair a browser sends back for a Set-Cookie header. */
const pairOf = (setCookieHeader: string) => setCookieHeader.split(";")[0];

describe("our cookies", () => {
  it("read back what they wrote, among other cookies", async () => {
    const header = `theme=dark; ${pairOf(await setCookie(trackingIdCookie, TID, false))};${pairOf(await setCookie(referrerCookie, "creator_42", false))} ; other=a%20b`;
    expect(await readAnalyticsCookies(header)).toEqual({ trackingId: TID, referrerCreatorId: "creator_42" });
    expect(await readConsent(`${pairOf(await setCookie(consentCookie, "denied", false))}; theme=dark`)).toBe("denied");
    expect(await readAnalyticsCookies("theme=dark")).toEqual({ trackingId: null, referrerCreatorId: null });
    expect(await readAnalyticsCookies(null)).toEqual({ trackingId: null, referrerCreatorId: null });
    expect(await readConsent("")).toBeNull();
    // A name that merely ends like ours is another cookie.
    expect(await readAnalyticsCookies(`x${pairOf(await setCookie(trackingIdCookie, TID, false))}`)).toEqual({ trackingId: null, referrerCreatorId: null });
  });

  it("keep only values we could have written", async () => {
    const forged = [
      pairOf(await setCookie(trackingIdCookie, "not-a-uuid", false)),
      pairOf(await setCookie(referrerCookie, "<script>", false)),
      pairOf(await setCookie(consentCookie, "maybe", false)),
    ].join("; ");
    expect(await readAnalyticsCookies(forged)).toEqual({ trackingId: null, referrerCreatorId: null });
    expect(await readConsent(forged)).toBeNull();
    expect((await readAnalyticsCookies(pairOf(await setCookie(referrerCookie, "a".repeat(65), false)))).referrerCreatorId).toBeNull();
    // Raw or broken values are no value, not an exception.
    expect(await readAnalyticsCookies(`sf_tid=${TID}; sf_ref=%E0%A4%A`)).toEqual({ trackingId: null, referrerCreatorId: null });
    expect(await readConsent("sf_consent=granted")).toBeNull();
  });

  it("mint random UUIDs", async () => {
    const a = newTrackingId();
    expect((await readAnalyticsCookies(pairOf(await setCookie(trackingIdCookie, a, false)))).trackingId).toBe(a);
    expect(newTrackingId()).not.toBe(a);
  });

  it("are HttpOnly, SameSite=Lax, for the whole site, Secure only over https, with Expires matching Max-Age", async () => {
    for (const [cookie, maxAge] of [
      [trackingIdCookie, TRACKING_MAX_AGE_SECONDS],
      [referrerCookie, REFERRER_MAX_AGE_SECONDS],
      [consentCookie, CONSENT_MAX_AGE_SECONDS],
    ] as const) {
      const header = await setCookie(cookie, "x", false);
      expect(header).toMatch(new RegExp(`^${cookie.name}=`));
      expect(header).toContain(`Max-Age=${maxAge}`);
      expect(header).toContain("Path=/");
      expect(header).toContain("HttpOnly");
      expect(header).toContain("SameSite=Lax");
      expect(header).not.toContain("Secure");
      expect(await setCookie(cookie, "x", true)).toContain("Secure");
      const expires = Date.parse(/Expires=([^;]+)/.exec(header)![1]);
      expect(Math.abs(expires - (Date.now() + maxAge * 1000))).toBeLessThan(2_000);
    }
    expect(TRACKING_MAX_AGE_SECONDS).toBe(400 * 86_400);
    expect(REFERRER_MAX_AGE_SECONDS).toBe(30 * 86_400);
    expect(CONSENT_MAX_AGE_SECONDS).toBe(365 * 86_400);
  });

  it("refusing consent deletes the analytics cookies the browser has, ours and PostHog's, and nothing else", async () => {
    const header = [
      pairOf(await setCookie(consentCookie, "granted", false)),
      pairOf(await setCookie(trackingIdCookie, TID, false)),
      "ph_phc_key_posthog=%7B%7D",
      "theme=dark",
    ].join("; ");
    const deletions = await clearAnalyticsCookies(header, true);
    expect(deletions.map((c) => c.split("=")[0]).sort()).toEqual(["ph_phc_key_posthog", "sf_tid"]);
    for (const deletion of deletions) {
      expect(deletion).toContain("Max-Age=0");
      expect(deletion).toContain("Path=/");
      expect(deletion).toContain("Secure");
    }
    expect(await clearAnalyticsCookies(null, false)).toEqual([]);
  });
});
