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

/**
 * The server refused the message for good: an SMTP 5xx reply (RFC 5321 section 4.2.1), so trying
 * again cannot help and the message is marked bounced. `suppress` says the refusal is about the
 * recipient's address (a 5xx to RCPT TO, e.g. "550 5.1.1 mailbox unavailable"), so later mail to it
 * is not sent either. A 5xx with the enhanced status 5.7.x (policy: relaying denied, spam, not
 * authenticated) says nothing about the address and suppresses nothing.
 */
export class PermanentRejection extends Error {
  constructor(
    message: string,
    readonly responseCode: number,
    readonly suppress: boolean,
  ) {
    super(message);
    this.name = "PermanentRejection";
  }
}

interface SmtpError {
  message?: string;
  response?: string;
  responseCode?: number;
  command?: string;
}

/**
 * How an SMTP error counts: a 5xx to RCPT TO, DATA or the message's end is a permanent rejection of
 * this message (nodemailer names the message's end DATA too); a 5xx to the greeting, EHLO, AUTH or MAIL FROM is about our own sender's set-up, and
 * stays a retryable failure (fixing the configuration delivers what waits); a 4xx or no reply at all
 * (timeouts, a refused connection) is temporary.
 */
export function classifySmtpError(error: unknown): unknown {
  const e = (error ?? {}) as SmtpError;
  const code = typeof e.responseCode === "number" ? e.responseCode : Number(/^\d{3}/.exec(e.response ?? "")?.[0] ?? NaN);
  if (!(code >= 500 && code < 600)) return error;
  const command = (e.command ?? "").toUpperCase();
  const atRecipient = command.startsWith("RCPT");
  if (!atRecipient && !command.startsWith("DATA")) return error;
  const response = e.response ?? e.message ?? String(code);
  const policy = /^\d{3}[ -]5\.7\./.test(response);
  return new PermanentRejection(`Rejected for good: ${response}`, code, atRecipient && !policy);
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
      const info = await transporter
        .sendMail({
          from: email.from,
          to: email.to,
          subject: email.subject,
          text: email.text,
          html: email.html,
          messageId: `<${email.id}@${domain}>`,
          headers: email.headers,
        })
        .catch((error: unknown) => {
          throw classifySmtpError(error);
        });
      if (info.rejected.length > 0) {
        const refusal = (info as { rejectedErrors?: SmtpError[] }).rejectedErrors?.[0];
        const classified = classifySmtpError({ command: "RCPT TO", ...refusal });
        if (classified instanceof PermanentRejection) throw classified;
        throw new Error(`Recipient rejected: ${refusal?.response ?? info.response}`);
      }
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
