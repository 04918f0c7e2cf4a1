import { describe, expect, it } from "vitest";
import { limitAuthAttempt, resetAuthAttempts, tooManyAttemptsMessage } from "./auth-limits.server";
import { MemoryStore } from "./memory-store";
import { createRateLimiter } from "./rate-limit.server";

const limiter = () => createRateLimiter({ store: new MemoryStore() });

describe("limitAuthAttempt", () => {
  it("refuses the 11th sign-in for one email, while another email is fine", async () => {
    const opts = { limiter: limiter(), perIp: 50 };
    for (let i = 0; i < 10; i++) {
      expect(await limitAuthAttempt("sign-in", { ip: "203.0.113.9", email: "ana@example.com" }, opts)).toEqual({ allowed: true });
    }
    const refused = await limitAuthAttempt("sign-in", { ip: "203.0.113.9", email: "ana@example.com" }, opts);
    expect(refused.allowed).toBe(false);
    if (refused.allowed) return;
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(15 * 60);
    expect(refused.message).toBe("Too many attempts. Please wait 15 minutes and try again.");
    expect(await limitAuthAttempt("sign-in", { ip: "203.0.113.9", email: "bob@example.com" }, opts)).toEqual({ allowed: true });
  });

  it("normalises the email (case, surrounding spaces)", async () => {
    const opts = { limiter: limiter(), perIp: 50 };
    for (let i = 0; i < 5; i++) await limitAuthAttempt("sign-up", { ip: `198.51.100.${i}`, email: i % 2 ? " Ana@Example.COM " : "ana@example.com" }, opts);
    expect((await limitAuthAttempt("sign-up", { ip: "198.51.100.99", email: "ANA@example.com" }, opts)).allowed).toBe(false);
  });

  it("has 5 per hour for sign-up, magic link and password reset", async () => {
    for (const kind of ["sign-up", "magic-link", "password-reset"] as const) {
      const opts = { limiter: limiter(), perIp: 50 };
      for (let i = 0; i < 5; i++) expect((await limitAuthAttempt(kind, { ip: "192.0.2.1", email: "x@example.com" }, opts)).allowed).toBe(true);
      const refused = await limitAuthAttempt(kind, { ip: "192.0.2.1", email: "x@example.com" }, opts);
      expect(refused).toMatchObject({ allowed: false, message: "Too many attempts. Please wait 60 minutes and try again." });
    }
  });

  it("limits each IP per kind, whatever the email", async () => {
    const opts = { limiter: limiter(), perIp: 3 };
    for (let i = 0; i < 3; i++) expect((await limitAuthAttempt("sign-in", { ip: "192.0.2.7", email: `u${i}@example.com` }, opts)).allowed).toBe(true);
    expect((await limitAuthAttempt("sign-in", { ip: "192.0.2.7", email: "new@example.com" }, opts)).allowed).toBe(false);
    expect((await limitAuthAttempt("sign-in", { ip: "192.0.2.7" }, opts)).allowed).toBe(false);
    // Another kind and another IP have their own counters.
    expect((await limitAuthAttempt("sign-up", { ip: "192.0.2.7", email: "new@example.com" }, opts)).allowed).toBe(true);
    expect((await limitAuthAttempt("sign-in", { ip: "192.0.2.8", email: "new@example.com" }, opts)).allowed).toBe(true);
  });

  it("counts kinds separately for one email", async () => {
    const opts = { limiter: limiter(), perIp: 50 };
    for (let i = 0; i < 5; i++) await limitAuthAttempt("magic-link", { ip: "192.0.2.1", email: "x@example.com" }, opts);
    expect((await limitAuthAttempt("magic-link", { ip: "192.0.2.1", email: "x@example.com" }, opts)).allowed).toBe(false);
    expect((await limitAuthAttempt("password-reset", { ip: "192.0.2.1", email: "x@example.com" }, opts)).allowed).toBe(true);
  });

  it("resetAuthAttempts clears an email's counter", async () => {
    const opts = { limiter: limiter(), perIp: 50 };
    for (let i = 0; i < 11; i++) await limitAuthAttempt("sign-in", { ip: "192.0.2.1", email: "x@example.com" }, opts);
    await resetAuthAttempts("sign-in", "X@example.com", opts);
    expect((await limitAuthAttempt("sign-in", { ip: "192.0.2.1", email: "x@example.com" }, opts)).allowed).toBe(true);
  });
});

describe("tooManyAttemptsMessage", () => {
  it("says minutes from one minute on, seconds below", () => {
    expect(tooManyAttemptsMessage(900)).toBe("Too many attempts. Please wait 15 minutes and try again.");
    expect(tooManyAttemptsMessage(61)).toBe("Too many attempts. Please wait 2 minutes and try again.");
    expect(tooManyAttemptsMessage(60)).toBe("Too many attempts. Please wait 1 minute and try again.");
    expect(tooManyAttemptsMessage(59)).toBe("Too many attempts. Please wait 59 seconds and try again.");
    expect(tooManyAttemptsMessage(1)).toBe("Too many attempts. Please wait 1 second and try again.");
  });
});
