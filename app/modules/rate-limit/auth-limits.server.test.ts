import { describe, expect, it } from "vitest";
import { limitAccountAction, limitAuthAttempt, limitWrite, resetAuthAttempts, tooManyAttemptsMessage } from "./auth-limits.server";
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

  it("resetAuthAttempts clears this IP's counter for an account", async () => {
    const opts = { limiter: limiter(), perIp: 50 };
    for (let i = 0; i < 11; i++) await limitAuthAttempt("sign-in", { ip: "192.0.2.1", email: "x@example.com" }, opts);
    await resetAuthAttempts("sign-in", { ip: "192.0.2.1", email: "X@example.com" }, opts);
    expect((await limitAuthAttempt("sign-in", { ip: "192.0.2.1", email: "x@example.com" }, opts)).allowed).toBe(true);
  });
});

describe("no lockout of the owner (issue 16, item 6)", () => {
  it("10 wrong passwords from one IP lock that IP out of the account, not its owner elsewhere", async () => {
    const opts = { limiter: limiter(), perIp: 50 };
    for (let i = 0; i < 10; i++) await limitAuthAttempt("sign-in", { ip: "203.0.113.66", email: "owner@example.com" }, opts);
    expect((await limitAuthAttempt("sign-in", { ip: "203.0.113.66", email: "owner@example.com" }, opts)).allowed).toBe(false);
    expect(await limitAuthAttempt("sign-in", { ip: "198.51.100.1", email: "owner@example.com" }, opts)).toEqual({ allowed: true });
  });

  it("a stranger using up the magic links and resets from one IP leaves the owner theirs; an inbox gets at most 20 an hour", async () => {
    for (const kind of ["magic-link", "password-reset"] as const) {
      const opts = { limiter: limiter(), perIp: 50 };
      for (let i = 0; i < 5; i++) await limitAuthAttempt(kind, { ip: "203.0.113.66", email: "owner@example.com" }, opts);
      expect((await limitAuthAttempt(kind, { ip: "203.0.113.66", email: "owner@example.com" }, opts)).allowed).toBe(false);
      expect(await limitAuthAttempt(kind, { ip: "198.51.100.1", email: "owner@example.com" }, opts)).toEqual({ allowed: true });
      for (let i = 2; i < 20; i++) await limitAuthAttempt(kind, { ip: `192.0.2.${i}`, email: "owner@example.com" }, opts);
      expect((await limitAuthAttempt(kind, { ip: "192.0.2.200", email: "owner@example.com" }, opts)).allowed).toBe(false);
    }
  });
});

describe("limitAccountAction and limitWrite", () => {
  it("allow 5 password checks per 15 minutes and 5 email changes per hour per account, 3 confirmation links per hour per address", async () => {
    const opts = { limiter: limiter() };
    for (const [kind, subject, limit, minutes] of [
      ["password-check", "user-1", 5, 15],
      ["change-email", "user-1", 5, 60],
      ["verification-email", "Inbox@Example.com", 3, 60],
    ] as const) {
      for (let i = 0; i < limit; i++) expect(await limitAccountAction(kind, subject, opts)).toEqual({ allowed: true });
      const refused = await limitAccountAction(kind, subject, opts);
      expect(refused).toMatchObject({ allowed: false, message: `Too many attempts. Please wait ${minutes} minutes and try again.` });
      if (!refused.allowed) expect(refused.retryAfterSeconds).toBeGreaterThan(0);
      expect((await limitAccountAction(kind, "someone-else@example.com", opts)).allowed).toBe(true);
    }
    expect((await limitAccountAction("verification-email", " inbox@example.com", opts)).allowed).toBe(false);
  });

  it("counts writes per signed-in user, else per IP, per minute", async () => {
    const opts = { limiter: limiter() };
    for (let i = 0; i < 120; i++) expect((await limitWrite({ userId: "u1", ip: "192.0.2.1" }, 120, opts)).allowed).toBe(true);
    const refused = await limitWrite({ userId: "u1", ip: "192.0.2.9" }, 120, opts);
    expect(refused.allowed).toBe(false);
    if (!refused.allowed) expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    expect((await limitWrite({ userId: "u2", ip: "192.0.2.1" }, 120, opts)).allowed).toBe(true);
    expect((await limitWrite({ ip: "192.0.2.1" }, 120, opts)).allowed).toBe(true);
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
