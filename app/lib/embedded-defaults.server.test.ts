import { describe, expect, it } from "vitest";
import { embeddedDefaults } from "./embedded-defaults.server";
import { parseEnv } from "./env.server";

const stripe = { STRIPE_SECRET_KEY: "sk_live_1", STRIPE_PUBLISHABLE_KEY: "pk_live_1", STRIPE_WEBHOOK_SECRET: "whsec_1" };

describe("the embedded defaults (test payments, dev mailbox)", () => {
  it("stay on for npm start on a laptop, and say so", () => {
    for (const source of [{}, { PUBLIC_URL: "http://localhost:3000" }, { PUBLIC_URL: "http://127.0.0.1:8080" }]) {
      const defaults = embeddedDefaults(parseEnv(source));
      expect(defaults).toMatchObject({ deployment: undefined, localPayments: true, mailbox: true, refusals: [] });
      expect(defaults.notices).toEqual([
        "Payments use the built-in test provider (Test mode — no real charge): STRIPE_SECRET_KEY is unset.",
        "Email is kept in the dev mailbox at /dev/mailbox (readable from this machine): SMTP_URL is unset.",
      ]);
    }
  });

  it("refuse a deployment (a PUBLIC_URL of another host, or APP_MODE=production) with one line each", () => {
    for (const [source, why] of [
      [{ PUBLIC_URL: "https://spotfolio.example" }, "PUBLIC_URL is https://spotfolio.example"],
      [{ APP_MODE: "production" }, "APP_MODE=production"],
      [{ APP_MODE: "production", PUBLIC_URL: "http://localhost:3000" }, "APP_MODE=production"],
    ] as const) {
      const defaults = embeddedDefaults(parseEnv(source));
      expect(defaults.deployment).toBe(why);
      expect(defaults.localPayments).toBe(false);
      expect(defaults.mailbox).toBe(false);
      expect(defaults.refusals).toHaveLength(2);
      expect(defaults.refusals[0]).toMatch(
        new RegExp(`^Refusing to start: this is a deployment \\(${why.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}\\) and STRIPE_SECRET_KEY is unset`),
      );
      expect(defaults.refusals[0]).toContain("LOCAL_PAYMENTS=on");
      expect(defaults.refusals[1]).toMatch(/^Refusing to start: this is a deployment .* and SMTP_URL is unset.*MAILBOX=on/);
      expect(defaults.refusals.every((line) => !line.includes("\n"))).toBe(true);
    }
  });

  it("let a deployment keep either default on purpose, and say so", () => {
    const defaults = embeddedDefaults(parseEnv({ PUBLIC_URL: "https://spotfolio.example", LOCAL_PAYMENTS: "on", MAILBOX: "on" }));
    expect(defaults).toMatchObject({ localPayments: true, mailbox: true, refusals: [] });
    expect(defaults.notices[0]).toMatch(/^LOCAL_PAYMENTS=on: payments use the built-in test provider/);
    expect(defaults.notices[1]).toMatch(/^MAILBOX=on: delivered email is readable at \/dev\/mailbox/);
  });

  it("start a configured deployment (Stripe and SMTP) with neither default", () => {
    const defaults = embeddedDefaults(parseEnv({ APP_MODE: "production", SMTP_URL: "smtp://mail.example:587", ...stripe }));
    expect(defaults).toEqual({ deployment: "APP_MODE=production", localPayments: false, mailbox: false, refusals: [], notices: [] });
  });
});
