import { describe, expect, it } from "vitest";
import {
  REFERRER_COOKIE,
  REFERRER_MAX_AGE_SECONDS,
  TRACKING_COOKIE,
  TRACKING_MAX_AGE_SECONDS,
  newTrackingId,
  readAnalyticsCookies,
  readCookie,
  referrerCookie,
  serializeCookie,
  trackingCookie,
} from "./cookies";

const TID = "5b6f0d4e-2c1a-4b8e-9f3d-7a6c5e4d3b2a";

describe("analytics cookies", () => {
  it("reads one cookie among others, with spaces, quotes and encoding", () => {
    const header = `theme=dark; ${TRACKING_COOKIE}=${TID};${REFERRER_COOKIE}="creator_42" ; other=a%20b`;
    expect(readCookie(header, TRACKING_COOKIE)).toBe(TID);
    expect(readCookie(header, REFERRER_COOKIE)).toBe("creator_42");
    expect(readCookie(header, "other")).toBe("a b");
    expect(readCookie(header, "missing")).toBeNull();
    expect(readCookie(null, TRACKING_COOKIE)).toBeNull();
    expect(readCookie("", TRACKING_COOKIE)).toBeNull();
    // A name that merely ends like ours is another cookie.
    expect(readCookie(`x${TRACKING_COOKIE}=${TID}`, TRACKING_COOKIE)).toBeNull();
    // Broken percent-encoding is no value, not an exception.
    expect(readCookie(`${TRACKING_COOKIE}=%E0%A4%A`, TRACKING_COOKIE)).toBeNull();
  });

  it("keeps only values we could have written", () => {
    expect(readAnalyticsCookies(`${TRACKING_COOKIE}=${TID}; ${REFERRER_COOKIE}=abcDEF123_-`)).toEqual({
      trackingId: TID,
      referrerCreatorId: "abcDEF123_-",
    });
    expect(readAnalyticsCookies(`${TRACKING_COOKIE}=not-a-uuid; ${REFERRER_COOKIE}=<script>`)).toEqual({
      trackingId: null,
      referrerCreatorId: null,
    });
    expect(readAnalyticsCookies(`${REFERRER_COOKIE}=${"a".repeat(65)}`).referrerCreatorId).toBeNull();
    expect(readAnalyticsCookies(undefined)).toEqual({ trackingId: null, referrerCreatorId: null });
  });

  it("mints random UUIDs", () => {
    const a = newTrackingId();
    expect(readAnalyticsCookies(`${TRACKING_COOKIE}=${a}`).trackingId).toBe(a);
    expect(newTrackingId()).not.toBe(a);
  });

  it("writes HttpOnly, SameSite=Lax cookies for the whole site, Secure only over https", () => {
    const tracking = trackingCookie(TID, false);
    expect(tracking).toMatch(new RegExp(`^${TRACKING_COOKIE}=${TID}; `));
    expect(tracking).toContain(`Max-Age=${TRACKING_MAX_AGE_SECONDS}`);
    expect(TRACKING_MAX_AGE_SECONDS).toBe(400 * 86_400);
    expect(tracking).toContain("Path=/");
    expect(tracking).toContain("HttpOnly");
    expect(tracking).toContain("SameSite=Lax");
    expect(tracking).not.toContain("Secure");
    expect(trackingCookie(TID, true)).toMatch(/; Secure$/);

    const referrer = referrerCookie("creator_42", true);
    expect(referrer).toMatch(new RegExp(`^${REFERRER_COOKIE}=creator_42; `));
    expect(referrer).toContain(`Max-Age=${REFERRER_MAX_AGE_SECONDS}`);
    expect(REFERRER_MAX_AGE_SECONDS).toBe(30 * 86_400);
    expect(referrer).toContain("HttpOnly");
  });

  it("round-trips through serialise and read, with an Expires date matching Max-Age", () => {
    const cookie = serializeCookie("n", "a b;c", { maxAgeSeconds: 60, secure: false });
    const [pair] = cookie.split("; ");
    expect(readCookie(pair, "n")).toBe("a b;c");
    const expires = Date.parse(/Expires=([^;]+)/.exec(cookie)![1]);
    expect(Math.abs(expires - (Date.now() + 60_000))).toBeLessThan(2_000);
  });
});
