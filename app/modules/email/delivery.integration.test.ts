/**
 * Email delivery against a real SMTP peer (the smtp-server package on a
 * loopback port): what reaches the server, retry with backoff when it refuses,
 * giving up after the last attempt, and delivery of mail queued before a restart.
 */
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/setup/database";
import { emailOutbox } from "#db/schema";
import { RETRY_DELAYS_MS } from "./backoff";
import { startEmailDelivery, type EmailDelivery } from "./delivery.server";
import { sendEmail } from "./outbox.server";
import { smtpTransport } from "./transports.server";

interface Received {
  from: string;
  to: string[];
  raw: string;
}

const received: Received[] = [];
/** While set, the server refuses every recipient with this temporary error. */
let refuse: string | null = null;

const server = new SMTPServer({
  secure: false,
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onRcptTo(address, _session, callback) {
    if (refuse) {
      const error = Object.assign(new Error(refuse), { responseCode: 451 });
      return callback(error);
    }
    callback();
  },
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("end", () => {
      received.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
        to: session.envelope.rcptTo.map((r) => r.address),
        raw: Buffer.concat(chunks).toString("utf8"),
      });
      callback();
    });
  },
});

const db = await setupTestDatabase();

let smtpUrl = "";
const logger = pino({ level: "silent" });
const workers: EmailDelivery[] = [];

async function start(maxAttempts = 3): Promise<EmailDelivery> {
  const delivery = startEmailDelivery({
    db,
    logger,
    transport: smtpTransport(smtpUrl),
    from: '"Spotfolio" <no-reply@spotfolio.app>',
    pollIntervalMs: 0,
    maxAttempts,
  });
  workers.push(delivery);
  return delivery;
}

async function outboxRow(id: string) {
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return row;
}

/** Make a waiting message due now, as if its backoff had passed. */
async function makeDue(id: string) {
  await db
    .update(emailOutbox)
    .set({ nextAttemptAt: sql`now()` })
    .where(eq(emailOutbox.id, id));
}

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  smtpUrl = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await Promise.all(workers.map((w) => w.stop()));
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

// A test's workers stop before the next test empties the outbox under them.
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
});

beforeEach(() => {
  received.length = 0;
  refuse = null;
});

describe("email delivery over SMTP", () => {
  it("sends the rendered subject, text and HTML parts and marks the message sent", async () => {
    const { id } = await sendEmail(db, {
      to: "ana@example.com",
      template: "magic-link",
      payload: { url: "http://localhost:3000/api/auth/magic-link/verify?token=abc" },
    });
    const delivery = await start();
    await expect.poll(async () => (await outboxRow(id)).status).toBe("sent");
    expect(await delivery.deliverDue()).toBe(0);

    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail.to).toEqual(["ana@example.com"]);
    expect(mail.from).toBe("no-reply@spotfolio.app");
    expect(mail.raw).toMatch(/^Subject: .+/m);
    expect(mail.raw).toContain("Content-Type: text/plain");
    expect(mail.raw).toContain("Content-Type: text/html");
    expect(mail.raw).toContain(`Message-ID: <${id}@spotfolio.app>`);
    expect(mail.raw.replace(/=\r?\n/g, "")).toContain("magic-link/verify?token=3Dabc");
    const row = await outboxRow(id);
    expect(row).toMatchObject({ status: "sent", attempts: 1, lastError: null });
    expect(row.sentAt).toBeInstanceOf(Date);
  });

  it("keeps a refused message, retries it after the backoff, and delivers it once the server accepts", async () => {
    refuse = "4.2.0 mailbox busy, try later";
    const delivery = await start();
    const { id } = await sendEmail(db, { to: "bo@example.com", template: "reset-password", payload: { url: "http://localhost:3000/reset" } });
    // Claiming counts the attempt before sending; the refusal is recorded after.
    await expect.poll(async () => (await outboxRow(id)).lastError).toContain("mailbox busy");

    let row = await outboxRow(id);
    expect(row.attempts).toBe(1);
    expect(row.status).toBe("pending");
    expect(row.lastError).toContain("mailbox busy");
    // The next attempt waits for the first backoff step (30 s), measured by the database clock.
    const [{ wait }] = (await db.execute(sql`select extract(epoch from (${row.nextAttemptAt} - now())) * 1000 as wait`)).rows as { wait: number }[];
    expect(Number(wait)).toBeGreaterThan(RETRY_DELAYS_MS[0] - 5_000);
    expect(Number(wait)).toBeLessThanOrEqual(RETRY_DELAYS_MS[0]);
    // Not due yet: nothing is tried.
    expect(await delivery.deliverDue()).toBe(0);
    expect((await outboxRow(id)).attempts).toBe(1);

    refuse = null;
    await makeDue(id);
    // This run or the kick's last follow-up (a second after the send, late on a loaded machine) delivers it, once.
    await delivery.deliverDue();
    await expect.poll(async () => (await outboxRow(id)).status).toBe("sent");
    row = await outboxRow(id);
    expect(row).toMatchObject({ status: "sent", attempts: 2, lastError: null });
    expect(received.map((m) => m.to)).toEqual([["bo@example.com"]]);
  });

  it("gives up after the last attempt and marks the message failed", async () => {
    refuse = "4.7.1 greylisted";
    const delivery = await start(2);
    const { id } = await sendEmail(db, { to: "cy@example.com", template: "verify-email", payload: { url: "http://localhost:3000/v" } });
    await expect.poll(async () => (await outboxRow(id)).lastError).toContain("greylisted");
    await makeDue(id);
    expect(await delivery.deliverDue()).toBe(0);
    expect(await outboxRow(id)).toMatchObject({ status: "failed", attempts: 2 });
    expect((await outboxRow(id)).lastError).toContain("greylisted");
    await makeDue(id);
    expect(await delivery.deliverDue()).toBe(0);
    expect(received).toHaveLength(0);
  });

  it("delivers what was queued while no worker ran (a restart loses nothing)", async () => {
    const queued: { id: string }[] = [];
    for (const to of ["d1@example.com", "d2@example.com", "d3@example.com"]) {
      queued.push(await sendEmail(db, { to, template: "verify-email", payload: { url: "http://localhost:3000/v" } }));
    }
    expect(received).toHaveLength(0);
    await start();
    // The SMTP peer has a message before the worker hears its reply and marks
    // the row sent, so wait for the rows, not for the peer.
    await expect.poll(async () => Promise.all(queued.map(async ({ id }) => (await outboxRow(id)).status))).toEqual(["sent", "sent", "sent"]);
    expect(received).toHaveLength(3);
    expect(received.flatMap((m) => m.to).sort()).toEqual(["d1@example.com", "d2@example.com", "d3@example.com"]);
  });
});
