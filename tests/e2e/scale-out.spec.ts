/**
 * Scale-out proof (issue 16, item 14): two instances of the built server on one PostgreSQL
 * database (a fresh one this test creates and drops), one Redis and one shared upload folder,
 * behind a round-robin proxy on loopback. A visitor signs in through one instance and carries
 * on through the other; the rate limit counts across both; an avatar uploaded through one is
 * served by both; each queued email reaches the SMTP server exactly once although both
 * instances run the outbox worker.
 *
 * Then a third instance on the same database is given a Redis URL where nothing listens: it
 * starts, says "rate limits: memory (Redis unreachable)" in its log and /readyz, and still
 * refuses the sixth reset (counted in its own memory) instead of letting everything through.
 *
 * The proxy sends a request to the instance named in its X-Backend header ("a" or "b") when
 * there is one (the browser part pins itself with it), else alternates; every answer says
 * which instance gave it (X-Served-By).
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, request as playwrightRequest, test } from "@playwright/test";
import { Redis } from "ioredis";
import pg from "pg";
import sharp from "sharp";
import { SMTPServer } from "smtp-server";
import { makeAccount } from "./support/fixtures";
import { type Server, freePort, startServer } from "./support/server";

const PG_URL = process.env.SCALE_OUT_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const REDIS_URL = process.env.SCALE_OUT_REDIS_URL ?? "redis://127.0.0.1:6379";

async function reachable(): Promise<string | null> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
  } catch (error) {
    return `PostgreSQL is not reachable at ${PG_URL} (${(error as Error).message})`;
  } finally {
    await client.end().catch(() => {});
  }
  const redis = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 3_000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on("error", () => {});
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    return `Redis is not reachable at ${REDIS_URL} (${(error as Error).message})`;
  } finally {
    redis.disconnect();
  }
  return null;
}

/** Round-robin reverse proxy on loopback, or the instance named in X-Backend. */
function startProxy(backends: Record<"a" | "b", number>, port: number): Promise<http.Server> {
  let next = 0;
  const server = http.createServer((req, res) => {
    const pinned = req.headers["x-backend"];
    const name = pinned === "a" || pinned === "b" ? pinned : next++ % 2 === 0 ? "a" : "b";
    const upstream = http.request({ host: "127.0.0.1", port: backends[name], method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, { ...answer.headers, "x-served-by": name });
      answer.pipe(res);
    });
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}

test.describe("two instances behind a proxy", () => {
  test.describe.configure({ timeout: 300_000 });

  test("a session, the rate limits, uploads and the email outbox work across both", async ({ browser }) => {
    const unreachable = await reachable();
    test.skip(unreachable !== null, `scale-out proof skipped: ${unreachable}`);

    const database = `spotfolio_scaleout_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
    const prefix = `spotfolio-scaleout-${randomUUID()}:`;
    const dataDir = mkdtempSync(path.join(tmpdir(), "spotfolio-scaleout-"));
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create database "${database}"`);
    const databaseUrl = new URL(PG_URL);
    databaseUrl.pathname = `/${database}`;

    // Every mail the instances send, as the SMTP server receives it.
    const received: { to: string[]; raw: string }[] = [];
    const smtp = new SMTPServer({
      secure: false,
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, session, callback) {
        let raw = "";
        stream.on("data", (d) => (raw += d));
        stream.on("end", () => {
          received.push({ to: (session.envelope.rcptTo || []).map((r) => r.address), raw });
          callback();
        });
      },
    });
    const smtpPort = await freePort();
    await new Promise<void>((resolve) => smtp.listen(smtpPort, "127.0.0.1", resolve));

    const [portA, portB, proxyPort] = [await freePort(), await freePort(), await freePort()];
    const origin = `http://localhost:${proxyPort}`;
    const env = {
      DATABASE_URL: databaseUrl.toString(),
      REDIS_URL,
      REDIS_PREFIX: prefix,
      DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      PUBLIC_URL: origin,
      BETTER_AUTH_SECRET: `scale-out-${randomUUID()}-${randomUUID()}`,
      // No demo content (nor its 135k destinations): the test's own member comes from /dev/fixtures.
      SEED_DEMO: "off",
      E2E_FIXTURES: "on",
      BUILD_CHECK_INTERVAL_MS: "600000",
    };
    const instances: Server[] = [];
    // Every instance on its port, on the shared database, Redis and upload folder, with its logs kept.
    const startInstance = (port: number, settings: Record<string, string>) => startServer({ ...settings, PORT: String(port), LOG_LEVEL: "warn" });
    let proxy: http.Server | undefined;
    try {
      // The first instance migrates; the second starts on the ready database.
      instances.push(await startInstance(portA, env));
      await instances[0].ready();
      instances.push(await startInstance(portB, env));
      await instances[1].ready();
      proxy = await startProxy({ a: portA, b: portB }, proxyPort);

      // Both count their rate limits in the shared Redis.
      for (const instance of instances) {
        const ready = await (await fetch(`http://127.0.0.1:${instance.port}/readyz`)).json();
        expect(ready).toMatchObject({ status: "ready", database: true, rateLimits: "redis" });
      }

      // A member of this test's own (made through instance a, pinned so the round robin below starts afresh)…
      const setup = await playwrightRequest.newContext({ baseURL: origin, extraHTTPHeaders: { "X-Backend": "a" } });
      const { email: EMAIL, password: PASSWORD } = await makeAccount(setup, "member", { prefix: "scale-out" });
      await setup.dispose();

      // …signed in through instance a…
      const context = await browser.newContext({ baseURL: origin });
      const page = await context.newPage();
      await context.setExtraHTTPHeaders({ "X-Backend": "a" });
      await page.goto("/auth?step=login");
      await page.getByLabel("Email").fill(EMAIL);
      await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await page.getByRole("button", { name: "Log in" }).click();
      await expect(page).not.toHaveURL(/\/auth/);
      const onA = await page.goto("/account");
      expect(onA?.headers()["x-served-by"]).toBe("a");
      await expect(page.getByRole("heading", { name: "Account", level: 1 })).toBeVisible();

      // …and still signed in through instance b, where the avatar is uploaded.
      await context.setExtraHTTPHeaders({ "X-Backend": "b" });
      const onB = await page.goto("/account");
      expect(onB?.headers()["x-served-by"]).toBe("b");
      await expect(page.getByRole("heading", { name: "Account", level: 1 })).toBeVisible();
      const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: "#2255aa" } })
        .png()
        .toBuffer();
      const profile = page.getByTestId("account-profile");
      await profile.getByLabel("Profile image").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: png });
      await profile.getByRole("button", { name: "Upload image" }).click();
      await expect(page.getByText("Your profile image has been updated")).toBeVisible();
      await page.reload();
      const src = await page.getByTestId("profile-button").locator("img").getAttribute("src");
      expect(src).toMatch(/^\/uploads\/avatars\//);

      // The avatar is served by both instances, the same bytes.
      const images = [];
      for (const backend of ["a", "b"]) {
        const image = await page.request.get(src!, { headers: { "X-Backend": backend } });
        expect(image.status()).toBe(200);
        expect(image.headers()["x-served-by"]).toBe(backend);
        images.push(await image.body());
      }
      expect(images[0].equals(images[1])).toBe(true);
      await context.close();

      // Password resets for one address, alternating between the instances: 5 per hour in all, not 5 each.
      const api = await playwrightRequest.newContext({ baseURL: origin, extraHTTPHeaders: { Origin: origin } });
      const answers: { status: number; by: string }[] = [];
      for (let i = 0; i < 6; i++) {
        const response = await api.post("/forgot-password", { form: { email: EMAIL } });
        answers.push({ status: response.status(), by: response.headers()["x-served-by"] });
      }
      expect(answers.map((a) => a.by)).toEqual(["a", "b", "a", "b", "a", "b"]);
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 429]);
      await api.dispose();

      // Five reset emails were queued; both outbox workers ran, and each email reached the SMTP server once.
      const db = new pg.Client({ connectionString: databaseUrl.toString() });
      await db.connect();
      try {
        const outbox = async () =>
          (
            await db.query<{ status: string; attempts: number }>(
              `select status, attempts from email_outbox where "to" = $1 and template = 'reset-password' order by created_at`,
              [EMAIL],
            )
          ).rows;
        await expect.poll(async () => (await outbox()).map((r) => r.status), { timeout: 30_000 }).toEqual(["sent", "sent", "sent", "sent", "sent"]);
        expect((await outbox()).map((r) => r.attempts)).toEqual([1, 1, 1, 1, 1]);
        const mails = received.filter((m) => m.to.includes(EMAIL));
        expect(mails).toHaveLength(5);
        // Five different links: no mail was sent twice.
        const links = new Set(mails.map((m) => /reset-password\/[A-Za-z0-9_-]+/.exec(m.raw.replace(/=\r\n/g, ""))?.[0]));
        expect(links.size).toBe(5);
      } finally {
        await db.end();
      }

      // Redis unreachable (nothing listens on that port): the limits fall back to this instance's memory, and it says so.
      const closedPort = await freePort();
      const portC = await freePort();
      instances.push(await startInstance(portC, { ...env, REDIS_URL: `redis://127.0.0.1:${closedPort}` }));
      await instances[2].ready();
      const direct = `http://127.0.0.1:${portC}`;
      expect(await (await fetch(`${direct}/readyz`)).json()).toMatchObject({ status: "ready", rateLimits: "memory (Redis unreachable)" });
      await expect.poll(() => instances[2].output()).toContain("rate limits: memory (Redis unreachable)");
      const statuses = [];
      for (let i = 0; i < 6; i++) {
        const response = await fetch(`${direct}/forgot-password`, { method: "POST", body: new URLSearchParams({ email: EMAIL }) });
        statuses.push(response.status);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    } finally {
      await new Promise<void>((resolve) => (proxy ? proxy.close(() => resolve()) : resolve()));
      for (const instance of instances) instance.child.kill("SIGTERM");
      await Promise.all(instances.map((i) => i.exited));
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      await admin.query(`drop database if exists "${database}" with (force)`);
      await admin.end();
      const redis = new Redis(REDIS_URL);
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
      redis.disconnect();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
