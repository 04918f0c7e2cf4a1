/**
 * Email bounces end to end, against a real SMTP server (the smtp-server package on a loopback port)
 * that refuses one mailbox for good (550 at RCPT TO), greylists another (451) and accepts the rest:
 * the refused message is marked bounced and never retried, its address goes on the suppression list
 * and later mail to it never reaches the server, a 4xx stays a retryable failure, /admin shows sent,
 * failed and bounced with their 90-day charts, and the user's page in the back office says "Email
 * bounced" with a clear action that is audited and answers 403 to anyone but an admin.
 */
import type { AddressInfo } from "node:net";
import { asc, eq } from "drizzle-orm";
import pino from "pino";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { appServerBuild } from "../../../tests/setup/app-build";
import { stubDataDir } from "../../../tests/setup/data-dir";
import { setupTestDatabase } from "../../../tests/setup/database";
import { edgeServer, sessionCookie } from "../../../tests/setup/edge-server";
import { stubTestEnv } from "../../../tests/setup/env";
import { emailOutbox, emailSuppressions } from "#db/schema";
import { adminAuditLog } from "#db/schema/audit";
import { createProfile } from "#db/seed/factories";
import { sendEmail } from "~/modules/email/index.server";
import { startEmailDelivery, type EmailDelivery } from "~/modules/email/delivery.server";
import { smtpTransport } from "~/modules/email/transports.server";
import { USER_ACTION_MESSAGES } from "~/modules/users/index.server";

stubTestEnv({ EMAIL_RATE_PER_SECOND: "0", BETTER_AUTH_SECRET: "a-test-secret-that-is-long-enough-for-better-auth" });
stubDataDir("admin-email-bounces");
const db = await setupTestDatabase();
const server = await edgeServer(db, { build: await appServerBuild({ documents: true }) });

// ---- the mail server ------------------------------------------------------------------

/** Mailboxes the server refuses for good; the test takes one off when "the person fixed it". */
const gone = new Set<string>();
const busy = new Set<string>();
const policy = new Set<string>();
/** Every recipient the server was asked about (RCPT TO), and every message it took. */
const asked: string[] = [];
const accepted: string[] = [];

const smtp = new SMTPServer({
  secure: false,
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onRcptTo(address, _session, callback) {
    const to = address.address.toLowerCase();
    asked.push(to);
    if (gone.has(to)) return callback(Object.assign(new Error("5.1.1 Mailbox unavailable"), { responseCode: 550 }));
    if (policy.has(to)) return callback(Object.assign(new Error("5.7.1 Message refused by policy"), { responseCode: 550 }));
    if (busy.has(to)) return callback(Object.assign(new Error("4.2.0 Mailbox busy, try later"), { responseCode: 451 }));
    callback();
  },
  onData(stream, session, callback) {
    stream.on("data", () => {});
    stream.on("end", () => {
      accepted.push(...session.envelope.rcptTo.map((r) => r.address.toLowerCase()));
      callback();
    });
  },
});

let smtpUrl = "";
const workers: EmailDelivery[] = [];

function startWorker(): EmailDelivery {
  const worker = startEmailDelivery({
    db,
    logger: pino({ level: "silent" }),
    transport: smtpTransport(smtpUrl),
    from: '"Spotfolio" <no-reply@spotfolio.app>',
    pollIntervalMs: 0,
  });
  workers.push(worker);
  return worker;
}

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
  gone.clear();
  busy.clear();
  policy.clear();
  asked.length = 0;
  accepted.length = 0;
});

afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

// ---- helpers ----------------------------------------------------------------------------

const statusOf = async (id: string) => (await db.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0];
const mail = (to: string) => sendEmail(db, { to, template: "verify-email", payload: { url: "http://localhost:3000/verify?token=t" } });
const request = (path: string, cookie: string | null, init: RequestInit = {}) =>
  server.request(path, { ...init, headers: { ...(cookie ? { cookie } : {}), ...(init.headers ?? {}) }, redirect: "manual" });
const post = (path: string, cookie: string | null, form: Record<string, string>) => request(path, cookie, { method: "POST", body: new URLSearchParams(form) });

let n = 0;
async function person(flags: { isAdmin?: boolean; isCreator?: boolean } = {}, email = `bounce-${++n}-${crypto.randomUUID().slice(0, 6)}@example.com`) {
  const { user } = await createProfile(db, { ...flags, isOnboarded: true }, { email });
  return { id: user.id, email, cookie: await sessionCookie(db, email) };
}

const text = (html: string) => html.replace(/<!-- -->/g, "").replace(/&#x27;|&apos;/g, "'");

// ---- the tests --------------------------------------------------------------------------

describe("a permanent SMTP rejection", () => {
  it("bounces the message without retrying, suppresses the address so later mail never reaches the server; a 4xx stays a retryable failure", async () => {
    gone.add("gone@example.com");
    busy.add("busy@example.com");
    startWorker();
    const toGone = await mail("gone@example.com");
    const toOk = await mail("ok@example.com");
    const toBusy = await mail("busy@example.com");

    await expect.poll(async () => (await statusOf(toGone.id)).status).toBe("bounced");
    await expect.poll(async () => (await statusOf(toOk.id)).status).toBe("sent");
    await expect.poll(async () => (await statusOf(toBusy.id)).lastError).toContain("Mailbox busy");

    const bounced = await statusOf(toGone.id);
    expect(bounced).toMatchObject({ status: "bounced", attempts: 1 });
    expect(bounced.lastError).toContain("550 5.1.1 Mailbox unavailable");
    expect(bounced.bouncedAt).toBeInstanceOf(Date);
    // Bounced is final: it is never due again.
    expect(await workers[0].deliverDue()).toBe(0);
    expect((await statusOf(toGone.id)).attempts).toBe(1);
    // The temporary refusal waits for its retry.
    expect(await statusOf(toBusy.id)).toMatchObject({ status: "pending", attempts: 1 });

    expect(
      await db
        .select({ address: emailSuppressions.address, response: emailSuppressions.response, outboxId: emailSuppressions.outboxId })
        .from(emailSuppressions),
    ).toEqual([{ address: "gone@example.com", response: "550 5.1.1 Mailbox unavailable", outboxId: toGone.id }]);

    // Later mail to the address (whatever its case) is held back without asking the server.
    const askedBefore = asked.length;
    const later = await mail("Gone@Example.com");
    await expect.poll(async () => (await statusOf(later.id)).status).toBe("suppressed");
    expect((await statusOf(later.id)).lastError).toContain("suppressed");
    expect(asked.slice(askedBefore)).toEqual([]);
    expect(accepted).toEqual(["ok@example.com"]);
  });

  it("does not suppress an address for a policy refusal (5.7.x) but still bounces the message", async () => {
    startWorker();
    // A server refusing for policy (relaying, spam), not because the mailbox is unknown.
    policy.add("policy@example.com");
    const { id } = await mail("policy@example.com");
    await expect.poll(async () => (await statusOf(id)).status).toBe("bounced");
    expect((await statusOf(id)).lastError).toContain("550 5.7.1 Message refused by policy");
    expect(await db.select().from(emailSuppressions)).toEqual([]);
  });
});

describe("/admin: email delivery health", () => {
  it("shows sent, failed and bounced, each with its 90-day chart, and the bounce list", async () => {
    const admin = await person({ isAdmin: true });
    gone.add("gone@example.com");
    startWorker();
    const toGone = await mail("gone@example.com");
    const toOk = await mail("ok@example.com");
    await expect.poll(async () => [(await statusOf(toGone.id)).status, (await statusOf(toOk.id)).status]).toEqual(["bounced", "sent"]);
    const held = await mail("gone@example.com");
    await expect.poll(async () => (await statusOf(held.id)).status).toBe("suppressed");

    const page = await request("/admin", admin.cookie);
    expect(page.status).toBe(200);
    const html = text(await page.text());
    expect(html).toContain("1 sent, 0 waiting, 0 failed, 1 bounced");
    expect(html).toMatch(/aria-label="Emails sent per day from [^"]+: 1 in all"/);
    expect(html).toMatch(/aria-label="Emails failed per day from [^"]+: 0 in all"/);
    expect(html).toMatch(/aria-label="Emails bounced per day from [^"]+: 1 in all"/);
    expect(html).toContain("Bounce list: 1 address no longer sent to, 1 message held back.");
    // The bounce is listed with the server's reply.
    expect(html).toContain("550 5.1.1 Mailbox unavailable");
  });
});

describe("/admin/users/{id}: a bounced address", () => {
  it("says Email bounced, and an admin clears it (audited): the next email is sent again", async () => {
    const admin = await person({ isAdmin: true });
    const member = await person({}, "lena@example.com");
    const creator = await person({ isCreator: true });
    gone.add("lena@example.com");
    startWorker();
    const first = await mail("lena@example.com");
    await expect.poll(async () => (await statusOf(first.id)).status).toBe("bounced");

    const pagePath = `/admin/users/${member.id}`;
    const page = text(await (await request(pagePath, admin.cookie)).text());
    expect(page).toContain("Email bounced");
    expect(page).toContain("550 5.1.1 Mailbox unavailable");
    expect(page).toContain("Clear the bounce");

    // Only an admin may clear it: anyone else changes nothing and writes no audit entry.
    expect((await post(pagePath, null, { intent: "clear-bounce" })).status).toBe(302);
    expect((await post(pagePath, member.cookie, { intent: "clear-bounce" })).status).toBe(403);
    expect((await post(pagePath, creator.cookie, { intent: "clear-bounce" })).status).toBe(403);
    expect(await db.select().from(emailSuppressions)).toHaveLength(1);
    expect(await db.select().from(adminAuditLog)).toEqual([]);

    // Lena fixed her mailbox; the admin clears the bounce.
    gone.delete("lena@example.com");
    const cleared = await post(pagePath, admin.cookie, { intent: "clear-bounce" });
    expect(cleared.status).toBe(302);
    expect(cleared.headers.get("location")).toBe(`${pagePath}?done=clear-bounce`);
    expect(await db.select().from(emailSuppressions)).toEqual([]);
    const audit = await db.select().from(adminAuditLog).orderBy(asc(adminAuditLog.seq));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      adminId: admin.id,
      action: "user.email_bounce_cleared",
      targetType: "user",
      targetId: member.id,
      before: { emailBounced: true, address: "lena@example.com", response: "550 5.1.1 Mailbox unavailable" },
      after: { emailBounced: false },
    });
    const after = text(await (await request(`${pagePath}?done=clear-bounce`, admin.cookie)).text());
    expect(after).toContain("The bounce is cleared: email to this address is sent again.");
    expect(after).not.toContain("Clear the bounce");
    expect(after).toContain("Email bounce cleared");

    const next = await mail("lena@example.com");
    await expect.poll(async () => (await statusOf(next.id)).status).toBe("sent");
    expect(accepted).toEqual(["lena@example.com"]);

    // Clearing again is refused with a message and writes nothing.
    const again = await post(pagePath, admin.cookie, { intent: "clear-bounce" });
    expect(again.status).toBe(409);
    expect(text(await again.text())).toContain(USER_ACTION_MESSAGES.notBounced);
    expect(await db.select().from(adminAuditLog)).toHaveLength(1);
  });
});
