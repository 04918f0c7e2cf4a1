/**
 * The embedded defaults as a declared mode. On a laptop (`npm start`, no PUBLIC_URL or a loopback
 * one) payments fall back to the built-in test provider and email to the dev mailbox, so the app
 * runs with no accounts anywhere. A deployment (APP_MODE=production, or a PUBLIC_URL naming another
 * host) must not: the test provider hands out Premium for card 4242, and the mailbox shows every
 * magic and reset link to whoever reaches /dev through a same-host proxy. There, either default is
 * refused at startup unless switched on on purpose (LOCAL_PAYMENTS=on, MAILBOX=on).
 */
import type { Env } from "./env.server";

type Settings = Pick<Env, "APP_MODE" | "PUBLIC_URL" | "STRIPE_SECRET_KEY" | "LOCAL_PAYMENTS" | "SMTP_URL" | "MAILBOX">;

export interface EmbeddedDefaults {
  /** Why this is a deployment ("APP_MODE=production", "PUBLIC_URL https://…"), or undefined on a laptop. */
  deployment: string | undefined;
  /** The built-in test provider takes payments (no STRIPE_SECRET_KEY, and allowed here). */
  localPayments: boolean;
  /** /dev/mailbox serves delivered email (no SMTP_URL or MAILBOX=on, and allowed here). */
  mailbox: boolean;
  /** One line each: why the server must not start. Empty when it may. */
  refusals: string[];
  /** One line each: which embedded default is on, and why, for the startup log. */
  notices: string[];
}

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname) || hostname.endsWith(".localhost") || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

/** Whether these settings describe a deployment, and why. */
export function deploymentReason(config: Pick<Env, "APP_MODE" | "PUBLIC_URL">): string | undefined {
  if (config.APP_MODE === "production") return "APP_MODE=production";
  if (config.PUBLIC_URL && !isLoopbackHost(new URL(config.PUBLIC_URL).hostname)) return `PUBLIC_URL is ${new URL(config.PUBLIC_URL).origin}`;
  return undefined;
}

export function embeddedDefaults(config: Settings): EmbeddedDefaults {
  const deployment = deploymentReason(config);
  const refusals: string[] = [];
  const notices: string[] = [];

  let localPayments = !config.STRIPE_SECRET_KEY;
  if (localPayments && deployment && !config.LOCAL_PAYMENTS) {
    localPayments = false;
    refusals.push(
      `Refusing to start: this is a deployment (${deployment}) and STRIPE_SECRET_KEY is unset, so payments would go to the built-in test provider, which grants memberships for the test card without charging. Set STRIPE_SECRET_KEY (with STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET), or LOCAL_PAYMENTS=on to keep the test provider on purpose.`,
    );
  } else if (localPayments) {
    notices.push(
      deployment
        ? `LOCAL_PAYMENTS=on: payments use the built-in test provider (Test mode — no real charge) in this deployment (${deployment}).`
        : "Payments use the built-in test provider (Test mode — no real charge): STRIPE_SECRET_KEY is unset.",
    );
  }

  let mailbox = !config.SMTP_URL || config.MAILBOX;
  if (mailbox && deployment && !config.MAILBOX) {
    mailbox = false;
    refusals.push(
      `Refusing to start: this is a deployment (${deployment}) and SMTP_URL is unset, so every email (sign-in and password links included) would be kept in the dev mailbox at /dev/mailbox instead of being sent. Set SMTP_URL, or MAILBOX=on to serve the mailbox on purpose.`,
    );
  } else if (mailbox) {
    notices.push(
      deployment
        ? `MAILBOX=on: delivered email is readable at /dev/mailbox from this machine in this deployment (${deployment}).`
        : config.SMTP_URL
          ? "MAILBOX=on: delivered email is also readable at /dev/mailbox from this machine."
          : "Email is kept in the dev mailbox at /dev/mailbox (readable from this machine): SMTP_URL is unset.",
    );
  }

  return { deployment, localPayments, mailbox, refusals, notices };
}
