/**
 * The delivery worker: sends the outbox's due messages and retries failures.
 *
 * Claiming is safe across app instances: one UPDATE picks a small batch of due
 * rows with `FOR UPDATE SKIP LOCKED`, counts the attempt and pushes their
 * `next_attempt_at` out by a lease, all before anything is sent. Another
 * instance (or a concurrent run here) skips those rows, so a row is never sent
 * twice unless a process dies mid-send (then the lease expires and it is sent
 * again: at-least-once). Pending rows survive restarts: the worker delivers
 * them when it starts.
 *
 * A permanent refusal (an SMTP 5xx, `PermanentRejection`) is not retried: the message is marked
 * "bounced", and when the refusal is about the address it goes on the suppression list; a message
 * to a suppressed address is marked "suppressed" and never reaches the server (ADR 0040).
 *
 * The worker polls every few seconds; `sendEmail` kicks it through a
 * process-wide registry (`singleton`), so a message queued by the React
 * Router bundle is delivered at once by the worker the server bundle started.
 */
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "~/lib/db.server";
import { singleton } from "~/lib/singleton.server";
import { env } from "~/lib/env.server";
import { emailBodies, emailOutbox } from "#db/schema";
import { MAX_ATTEMPTS, retryDelayMs } from "./backoff";
import { bulkMessageUrls, personalise } from "./bulk.server";
import { suppress, suppressedAmong, normaliseAddress } from "./suppressions.server";
import { type EmailTransport, type OutgoingEmail, PermanentRejection, emailFrom, transportFromEnv } from "./transports.server";

export interface EmailDeliveryOptions {
  db: Database;
  logger: Logger;
  /** Default: SMTP when `SMTP_URL` is set, else the local mailbox. */
  transport?: EmailTransport;
  /** From header (default: `EMAIL_FROM` or `"PRODUCT_NAME" <no-reply@...>`). */
  from?: string;
  /** How often to look for due messages without a kick (default 5 s; 0 = never). */
  pollIntervalMs?: number;
  /** Rows claimed per round trip (default 10). */
  batchSize?: number;
  /** Attempts before a message is marked failed (default 8). */
  maxAttempts?: number;
  /** How long a claimed message is reserved for this worker (default 5 min). */
  leaseMs?: number;
  /** Messages per second at most (default `EMAIL_RATE_PER_SECOND`; 0 = as fast as the transport takes them). */
  ratePerSecond?: number;
}

export interface EmailDelivery {
  /** Send every due message now; resolves to the number delivered. */
  deliverDue(): Promise<number>;
  /** Stop polling, wait for a running delivery and close the transport. */
  stop(): Promise<void>;
}

const DEFAULT_POLL_MS = 5_000;
const DEFAULT_BATCH = 10;
const DEFAULT_LEASE_MS = 5 * 60_000;
/**
 * A kick runs delivery at once, and again shortly after: the message may have
 * been queued inside a transaction that commits after the kick.
 */
const KICK_FOLLOW_UPS_MS = [250, 1_000];

// ---- process-wide kick registry ---------------------------------------------------

const workers = singleton("emailDeliveryWorkers", () => new Set<() => void>());

/** Wake every delivery worker of this process (no-op when none runs here). */
export function kickEmailDelivery(): void {
  for (const kick of workers) kick();
}

// ---- the worker ---------------------------------------------------------------------

interface Claimed {
  id: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  attempts: number;
  /** A bulk message: its shared body, and the list it may be left by. */
  bodyId: string | null;
  list: string | null;
}

/** Bodies shared by bulk messages, kept while their messages go out (a post's two variants). */
const BODY_CACHE_SIZE = 32;

const msInterval = (ms: number) => sql`(${ms / 1000}::double precision * interval '1 second')`;

export function startEmailDelivery(options: EmailDeliveryOptions): EmailDelivery {
  const { db, logger } = options;
  const log = logger.child({ component: "email-delivery" });
  const ownsTransport = !options.transport;
  const transport = options.transport ?? transportFromEnv(logger);
  const from = options.from ?? emailFrom();
  const batchSize = options.batchSize ?? DEFAULT_BATCH;
  const maxAttempts = options.maxAttempts ?? MAX_ATTEMPTS;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const pollIntervalMs = options.pollIntervalMs ?? DEFAULT_POLL_MS;
  const ratePerSecond = options.ratePerSecond ?? env().EMAIL_RATE_PER_SECOND;
  const minGapMs = ratePerSecond > 0 ? 1000 / ratePerSecond : 0;
  let nextSendAt = 0;
  const bodies = new Map<string, { subject: string; html: string; text: string }>();
  let stopped = false;
  let running: Promise<void> | undefined;
  let again = false;
  const followUps = new Map<number, ReturnType<typeof setTimeout>>();

  async function claim(): Promise<Claimed[]> {
    const due = db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.status, "pending"), lte(emailOutbox.nextAttemptAt, sql`now()`)))
      .orderBy(asc(emailOutbox.nextAttemptAt), asc(emailOutbox.createdAt))
      .limit(batchSize)
      .for("update", { skipLocked: true });
    const rows = await db
      .update(emailOutbox)
      .set({ attempts: sql`${emailOutbox.attempts} + 1`, nextAttemptAt: sql`now() + ${msInterval(leaseMs)}` })
      .where(and(inArray(emailOutbox.id, due), eq(emailOutbox.status, "pending")))
      .returning({
        id: emailOutbox.id,
        to: emailOutbox.to,
        subject: emailOutbox.subject,
        html: emailOutbox.html,
        text: emailOutbox.text,
        attempts: emailOutbox.attempts,
        bodyId: emailOutbox.bodyId,
        list: emailOutbox.list,
        createdAt: emailOutbox.createdAt,
      });
    return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  }

  /** A bulk message's shared body (read once per body, not once per message). */
  async function sharedBody(bodyId: string) {
    const cached = bodies.get(bodyId);
    if (cached) return cached;
    const [body] = await db
      .select({ subject: emailBodies.subject, html: emailBodies.html, text: emailBodies.text })
      .from(emailBodies)
      .where(eq(emailBodies.id, bodyId));
    if (!body) throw new Error(`email body ${bodyId} is gone`);
    if (bodies.size >= BODY_CACHE_SIZE) bodies.delete(bodies.keys().next().value as string);
    bodies.set(bodyId, body);
    return body;
  }

  /** What goes out: the row's own message, or the shared body made this message's own. */
  async function outgoing(row: Claimed): Promise<OutgoingEmail> {
    if (!row.bodyId) return { id: row.id, from, to: row.to, subject: row.subject, html: row.html, text: row.text };
    const body = await sharedBody(row.bodyId);
    const { html, text } = personalise(body, row.id);
    const headers: Record<string, string> = {};
    if (row.list) {
      // RFC 8058: one click in the mail client unsubscribes by a POST to this URL, without a page.
      headers["List-Unsubscribe"] = `<${bulkMessageUrls(row.id).unsubscribe}>`;
      headers["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click";
    }
    return { id: row.id, from, to: row.to, subject: body.subject, html, text, headers };
  }

  /** Wait for this message's turn at the configured pace. */
  async function pace(): Promise<void> {
    if (minGapMs === 0) return;
    const turn = Math.max(performance.now(), nextSendAt);
    nextSendAt = turn + minGapMs;
    // A timer can fire early: the event loop counts whole milliseconds from a clock read at the start
    // of its turn, which a busy process has left behind. What is left is waited again, so no send
    // comes sooner than its turn, whatever the load.
    for (let wait = turn - performance.now(); wait > 0; wait = turn - performance.now()) {
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }

  async function deliver(row: Claimed, suppressed: Set<string>): Promise<boolean> {
    if (suppressed.has(normaliseAddress(row.to))) {
      await db
        .update(emailOutbox)
        .set({ status: "suppressed", bouncedAt: sql`now()`, lastError: "Not sent: this address bounced before (suppressed until an admin clears it)" })
        .where(eq(emailOutbox.id, row.id));
      log.info({ emailId: row.id, to: row.to }, "email not sent: the address is suppressed");
      return false;
    }
    try {
      const email = await outgoing(row);
      await pace();
      await transport.send(email);
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 2_000) || "unknown error";
      if (error instanceof PermanentRejection) {
        await db.transaction(async (tx) => {
          await tx
            .update(emailOutbox)
            .set({ status: "bounced", bouncedAt: sql`now()`, lastError: message })
            .where(eq(emailOutbox.id, row.id));
          if (error.suppress) await suppress(tx, row.to, message.replace(/^Rejected for good: /, ""), row.id);
        });
        // The rest of this batch to the same address is not sent either.
        if (error.suppress) suppressed.add(normaliseAddress(row.to));
        log.warn({ emailId: row.id, to: row.to, responseCode: error.responseCode, suppressed: error.suppress, error: message }, "email bounced");
        return false;
      }
      const giveUp = row.attempts >= maxAttempts;
      const delay = retryDelayMs(row.attempts);
      await db
        .update(emailOutbox)
        .set(giveUp ? { status: "failed", lastError: message } : { lastError: message, nextAttemptAt: sql`now() + ${msInterval(delay)}` })
        .where(eq(emailOutbox.id, row.id));
      if (giveUp) log.error({ emailId: row.id, to: row.to, attempts: row.attempts, error: message }, "email delivery failed for good");
      else log.warn({ emailId: row.id, to: row.to, attempts: row.attempts, retryInMs: delay, error: message }, "email delivery failed; will retry");
      return false;
    }
    await db
      .update(emailOutbox)
      .set({ status: "sent", sentAt: sql`now()`, lastError: null })
      .where(eq(emailOutbox.id, row.id));
    if (transport.name !== "mailbox") log.info({ emailId: row.id, to: row.to, transport: transport.name }, "email sent");
    return true;
  }

  async function deliverDue(): Promise<number> {
    let delivered = 0;
    for (;;) {
      const batch = await claim();
      // One look at the suppression list per batch, not per message.
      const suppressed = await suppressedAmong(
        db,
        batch.map((row) => row.to),
      );
      for (const row of batch) if (await deliver(row, suppressed)) delivered++;
      if (batch.length < batchSize || stopped) return delivered;
    }
  }

  // ---- scheduling: one run at a time, re-run when kicked meanwhile -------------------

  function trigger(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await deliverDue();
        } catch (error) {
          log.error({ err: error }, "email delivery round failed");
        }
      } while (again && !stopped);
    })().finally(() => {
      running = undefined;
    });
  }

  function kick(): void {
    if (stopped) return;
    trigger();
    for (const delay of KICK_FOLLOW_UPS_MS) {
      if (followUps.has(delay)) continue;
      const timer = setTimeout(() => {
        followUps.delete(delay);
        trigger();
      }, delay);
      timer.unref();
      followUps.set(delay, timer);
    }
  }

  const poll = pollIntervalMs > 0 ? setInterval(trigger, pollIntervalMs) : undefined;
  poll?.unref();
  workers.add(kick);
  // Whatever was left pending before a restart goes out now.
  trigger();

  return {
    deliverDue,
    async stop() {
      if (stopped) return;
      stopped = true;
      workers.delete(kick);
      if (poll) clearInterval(poll);
      for (const timer of followUps.values()) clearTimeout(timer);
      followUps.clear();
      await running;
      if (ownsTransport) await transport.close?.();
    },
  };
}
