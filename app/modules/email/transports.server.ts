/**
 * Where delivered email goes: an SMTP server (`SMTP_URL`) or, by default, the
 * local mailbox. The mailbox transport only logs: the delivered (sent) outbox
 * rows are the mailbox, readable at /dev/mailbox.
 */
import { createTransport } from "nodemailer";
import type { Logger } from "pino";
import { env } from "~/lib/env.server";
import { extractLinks } from "./links";

export interface OutgoingEmail {
  /** Outbox row id, also used as the Message-ID's local part. */
  id: string;
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) for bulk mail. */
  headers?: Record<string, string>;
}

export interface EmailTransport {
  readonly name: string;
  /** Resolves once the message is accepted; rejects with the reason otherwise. */
  send(email: OutgoingEmail): Promise<void>;
  close?(): void | Promise<void>;
}

/** The From header: `EMAIL_FROM`, else `"PRODUCT_NAME" <no-reply@(INFO_EMAIL's domain)>`. */
export function emailFrom(): string {
  const config = env();
  if (config.EMAIL_FROM) return config.EMAIL_FROM;
  const domain = config.INFO_EMAIL.slice(config.INFO_EMAIL.lastIndexOf("@") + 1);
  return `"${config.PRODUCT_NAME.replace(/["\\]/g, "")}" <no-reply@${domain}>`;
}

/** SMTP through nodemailer, e.g. `smtp://user:pass@host:587` or `smtps://...:465`. */
export function smtpTransport(url: string): EmailTransport {
  const transporter = createTransport({
    url,
    // Bounded waits, so a stuck server cannot hold a claimed message for long.
    connectionTimeout: 20_000,
    greetingTimeout: 20_000,
    socketTimeout: 60_000,
  });
  return {
    name: "smtp",
    async send(email) {
      const domain = email.from.match(/@([^>\s]+)>?\s*$/)?.[1] ?? "localhost";
      const info = await transporter.sendMail({
        from: email.from,
        to: email.to,
        subject: email.subject,
        text: email.text,
        html: email.html,
        messageId: `<${email.id}@${domain}>`,
        headers: email.headers,
      });
      if (info.rejected.length > 0) throw new Error(`Recipient rejected: ${info.response}`);
    },
    close: () => transporter.close(),
  };
}

/** The local mailbox: the message counts as delivered and is printed to the log. */
export function mailboxTransport(logger: Logger): EmailTransport {
  return {
    name: "mailbox",
    async send(email) {
      logger.info(
        { emailId: email.id, to: email.to, subject: email.subject, links: extractLinks(email.html) },
        `email to ${email.to} kept in the local mailbox (/dev/mailbox)`,
      );
    },
  };
}

/** SMTP when `SMTP_URL` is set, else the local mailbox. */
export function transportFromEnv(logger: Logger): EmailTransport {
  const url = env().SMTP_URL;
  return url ? smtpTransport(url) : mailboxTransport(logger);
}
