/**
 * Deployed as the README says, behind a proxy that terminates TLS (issue 28, item 1): the built
 * server runs with PUBLIC_URL=https://spotfolio.example:{port} and TRUSTED_PROXIES=127.0.0.1, and
 * a small TLS-terminating reverse proxy that this test starts on loopback (a self-signed
 * certificate made here with openssl) passes requests on over http with X-Forwarded-Proto,
 * X-Forwarded-Host and X-Forwarded-For, and the upstream's own Host, as nginx does by default.
 * Chromium resolves spotfolio.example to 127.0.0.1 (--host-resolver-rules) and accepts the
 * certificate. Through it a visitor signs up and confirms, applies to become a creator; a creator
 * signs in on the login page, makes a map, adds a spot and saves it (with and without JavaScript),
 * and approves the application: every page form, as a document post and as a .data post.
 *
 * The same headers sent straight to the server from another address (127.0.0.2, not a trusted
 * proxy) are not believed: the request keeps its http URL and its form post is refused.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Browser, type BrowserContext, type Page, chromium, expect, test } from "@playwright/test";

const HOST = "spotfolio.example";
// Next to the suite's own server (E2E_PORT): the app, then the proxy.
const BASE_PORT = Number(process.env.E2E_PORT ?? 4319);
const APP_PORT = BASE_PORT + 1;
const PROXY_PORT = BASE_PORT + 2;
const PUBLIC = `https://${HOST}:${PROXY_PORT}`;
// A demo creator (known password with DEMO_ACCOUNTS=on), made an admin by ADMIN_EMAILS.
const CREATOR = "maya.rodriguez@example.com";
const DEMO_PASSWORD = "spotfolio-demo";
const APPLICANT = "proxy-applicant@example.com";
const APPLICANT_PASSWORD = "correct horse 42";

function openssl(): string | null {
  try {
    execFileSync("openssl", ["version"], { stdio: "ignore" });
    return null;
  } catch {
    return "openssl is not installed: it makes the proxy's certificate";
  }
}

/** A self-signed certificate for HOST (valid for a day: the browser is told to accept it anyway). */
function certificate(dir: string): { key: Buffer; cert: Buffer } {
  const keyFile = path.join(dir, "key.pem");
  const certFile = path.join(dir, "cert.pem");
  execFileSync("openssl", [
    "req",
    "-x509",
    "-newkey",
    "ec",
    "-pkeyopt",
    "ec_paramgen_curve:prime256v1",
    "-nodes",
    "-keyout",
    keyFile,
    "-out",
    certFile,
    "-days",
    "1",
    "-subj",
    `/CN=${HOST}`,
    "-addext",
    `subjectAltName=DNS:${HOST}`,
  ]);
  return { key: readFileSync(keyFile), cert: readFileSync(certFile) };
}

/** TLS in front, http behind: the visitor's scheme, host and address go on in X-Forwarded-* headers. */
function startProxy(tls: { key: Buffer; cert: Buffer }): Promise<https.Server> {
  const server = https.createServer(tls, (req, res) => {
    const headers = {
      ...req.headers,
      host: `127.0.0.1:${APP_PORT}`,
      "x-forwarded-proto": "https",
      "x-forwarded-host": req.headers.host ?? "",
      "x-forwarded-for": req.socket.remoteAddress ?? "",
    };
    const upstream = http.request({ host: "127.0.0.1", port: APP_PORT, method: req.method, path: req.url, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  return new Promise((resolve) => server.listen(PROXY_PORT, "127.0.0.1", () => resolve(server)));
}

function startApp(dataDir: string): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, ["build/server-entry.js"], {
    env: {
      ...process.env,
      PORT: String(APP_PORT),
      HOST: "127.0.0.1",
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      PUBLIC_URL: PUBLIC,
      TRUSTED_PROXIES: "127.0.0.1",
      // A deployment: the test payment provider and the mailbox are kept on purpose.
      LOCAL_PAYMENTS: "on",
      MAILBOX: "on",
      DEMO_ACCOUNTS: "on",
      ADMIN_EMAILS: CREATOR,
      BUILD_CHECK_INTERVAL_MS: "600000",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  return { child, output: () => output };
}

/** One request straight to the app from `localAddress`, bypassing the proxy. */
function direct(
  localAddress: string,
  method: string,
  pathname: string,
  headers: Record<string, string>,
  body = "",
): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port: APP_PORT, localAddress, method, path: pathname, headers: { ...headers, "content-length": String(Buffer.byteLength(body)) } },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** A tiny but real PDF document. */
function tinyPdf(): Buffer {
  return Buffer.from(
    "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n" +
      "3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
  );
}

async function visitor(browser: Browser, javaScriptEnabled = true, storageState?: Awaited<ReturnType<BrowserContext["storageState"]>>): Promise<Page> {
  const context = await browser.newContext({
    baseURL: PUBLIC,
    ignoreHTTPSErrors: true,
    javaScriptEnabled,
    // The cookie banner has been answered (as in the rest of the suite).
    storageState: storageState ?? {
      cookies: [
        {
          name: "sf_consent",
          value: encodeURIComponent(Buffer.from(JSON.stringify("granted")).toString("base64")),
          domain: HOST,
          path: "/",
          expires: -1,
          httpOnly: true,
          secure: true,
          sameSite: "Lax",
        },
      ],
      origins: [],
    },
  });
  return context.newPage();
}

/** The newest link containing `part` in `to`'s mailbox, read by the browser (through the proxy). */
async function newestLink(page: Page, to: string, part: string): Promise<string> {
  if (page.url() === "about:blank") await page.goto("/");
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const messages = await page.evaluate(async (address) => {
          const response = await fetch(`/dev/mailbox/messages?to=${encodeURIComponent(address)}`);
          return (await response.json()) as { links: string[] }[];
        }, to);
        link = messages[0]?.links.find((l) => l.includes(part));
        return link;
      },
      { message: `a mail to ${to} with a link containing ${part}`, timeout: 15_000 },
    )
    .toBeTruthy();
  return link!;
}

test.describe("behind a TLS-terminating proxy", () => {
  // One server and one proxy for both tests.
  test.describe.configure({ mode: "serial", timeout: 600_000 });

  let dir: string;
  let app: ReturnType<typeof startApp> | undefined;
  let proxy: https.Server | undefined;
  let browser: Browser | undefined;

  test.beforeAll(async () => {
    // Migrating and seeding a fresh database takes a while on a busy machine.
    test.setTimeout(600_000);
    const missing = openssl();
    test.skip(missing !== null, `proxy test skipped: ${missing}`);
    dir = mkdtempSync(path.join(tmpdir(), "spotfolio-proxy-"));
    proxy = await startProxy(certificate(dir));
    // On a copy of the suite's seeded database (npm test and test:e2e make one no server opens):
    // starting on it takes seconds, seeding another a minute.
    if (process.env.E2E_SEEDED_DIR) cpSync(process.env.E2E_SEEDED_DIR, path.join(dir, "data"), { recursive: true });
    app = startApp(path.join(dir, "data"));
    const started = app;
    await expect
      .poll(
        async () => {
          if (started.child.exitCode !== null) throw new Error(`the app stopped (${started.child.exitCode}): ${started.output().slice(-2000)}`);
          return (await fetch(`http://127.0.0.1:${APP_PORT}/readyz`).catch(() => null))?.status;
        },
        { message: "the app behind the proxy is ready", timeout: 400_000 },
      )
      .toBe(200);
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH,
      args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", `--host-resolver-rules=MAP ${HOST} 127.0.0.1`],
    });
  });

  test.afterAll(async () => {
    await browser?.close();
    if (app && app.child.exitCode === null) {
      const exited = new Promise((resolve) => app!.child.once("exit", resolve));
      app.child.kill("SIGTERM");
      await exited;
    }
    await new Promise((resolve) => (proxy ? proxy.close(resolve) : resolve(undefined)));
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test("sign up, sign in, save a spot and approve an application, every form through the proxy", async () => {
    // The applicant signs up with the page's own form (without JavaScript: a document post), confirms by the
    // emailed link and applies. Everything goes through the browser: only it knows where spotfolio.example is.
    const plainApplicant = await visitor(browser!, false);
    await plainApplicant.goto("/auth?step=signup");
    await plainApplicant.getByLabel("Email").fill(APPLICANT);
    await plainApplicant.getByLabel("Password", { exact: true }).fill(APPLICANT_PASSWORD);
    await plainApplicant.getByLabel("Confirm password").fill(APPLICANT_PASSWORD);
    await plainApplicant.getByRole("checkbox").check();
    await plainApplicant.getByRole("button", { name: "Sign up" }).click();
    await expect(plainApplicant.getByTestId("check-email")).toBeVisible();
    const applicant = await visitor(browser!);
    const confirm = await newestLink(applicant, APPLICANT, "/api/auth/verify-email");
    // The emailed link names the public address, and it works through the proxy.
    expect(confirm.startsWith(`${PUBLIC}/api/auth/verify-email`)).toBe(true);
    await applicant.goto(confirm);
    await expect(applicant.getByTestId("profile-button")).toBeVisible();
    const applied = await applicant.evaluate(async (pdf) => {
      const form = new FormData();
      form.set("url", "https://maps.app.goo.gl/proxyReviewMap");
      form.set("file", new File([pdf], "my-map.pdf", { type: "application/pdf" }));
      const response = await fetch("/api/creator-application", { method: "POST", body: form });
      return { status: response.status, text: await response.text() };
    }, tinyPdf().toString("latin1"));
    expect(applied.status, applied.text).toBeLessThan(300);

    // The creator signs in on the login page (with JavaScript: a .data post).
    const creator = await visitor(browser!);
    await creator.goto(`/auth?step=login&redirectTo=${encodeURIComponent("/studio/maps")}`);
    await creator.getByLabel("Email").fill(CREATOR);
    await creator.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
    await creator.getByRole("button", { name: "Log in" }).click();
    await expect(creator).toHaveURL(`${PUBLIC}/studio/maps`);
    const cookies = await creator.context().cookies();
    expect(cookies.find((c) => c.name.includes("session_token"))?.secure).toBe(true);

    // A new map, a spot on it, saved by the spot page's own form.
    await creator.getByRole("button", { name: "New map" }).click();
    await expect(creator).toHaveURL(/\/studio\/maps\/[0-9a-f-]{36}$/);
    await creator.getByLabel("Coordinates").fill("48.8606, 2.3376");
    await creator.getByRole("button", { name: "Place" }).click();
    const form = creator.getByTestId("new-spot-form");
    await form.getByLabel("Name").fill("Louvre courtyard");
    await form.getByRole("button", { name: "Add to the map" }).click();
    await creator.getByRole("button", { name: "Louvre courtyard", exact: true }).click();
    await creator.getByRole("button", { name: "Edit details" }).click();
    await creator.getByRole("link", { name: "Open on its own page" }).click();
    await expect(creator).toHaveURL(/\/studio\/maps\/[0-9a-f-]{36}\/spots\/[0-9a-f-]{36}$/);
    const spotPath = new URL(creator.url()).pathname;
    // Without JavaScript: the Save button's document post.
    const plain = await visitor(browser!, false, await creator.context().storageState());
    await plain.goto(spotPath);
    await plain.getByLabel("Name").fill("Louvre courtyard at dawn");
    await plain.getByRole("button", { name: "Save" }).click();
    await expect(plain.getByRole("heading", { name: "Louvre courtyard at dawn", level: 1 })).toBeVisible();
    await creator.reload();
    await expect(creator.getByRole("heading", { name: "Louvre courtyard at dawn", level: 1 })).toBeVisible();

    // The creator (an admin too) approves the application from the back office.
    await creator.goto("/admin/creators");
    await creator.getByRole("link", { name: /^Pending/ }).click();
    const row = creator.getByRole("row").filter({ hasText: APPLICANT });
    await row.getByRole("link").first().click();
    await expect(creator.getByRole("heading", { name: /^Application from/, level: 1 })).toBeVisible();
    await creator.getByRole("button", { name: "Approve" }).click();
    await expect(creator.getByText("is now a creator")).toBeVisible();
    await expect(creator.getByTestId("application-status").first()).toHaveText("Approved");
  });

  test("the same forwarded headers from an address that is not a trusted proxy are not believed", async () => {
    const spoofed = {
      host: `${HOST}:${PROXY_PORT}`,
      origin: PUBLIC,
      "x-forwarded-proto": "https",
      "x-forwarded-host": `${HOST}:${PROXY_PORT}`,
      "content-type": "application/x-www-form-urlencoded",
    };
    const body = new URLSearchParams({ intent: "login", mode: "page", redirectTo: "/", email: CREATOR, password: DEMO_PASSWORD }).toString();
    // From the proxy's address the login goes through (a redirect with a session cookie)…
    const trusted = await direct("127.0.0.1", "POST", "/auth", spoofed, body);
    expect(trusted.status).toBe(302);
    expect(String(trusted.headers["set-cookie"])).toContain("session_token");
    // …from any other address the request is still http as far as the app knows: refused, no session.
    const other = await direct("127.0.0.2", "POST", "/auth", spoofed, body);
    expect(other.status).toBe(400);
    expect(other.headers["set-cookie"] ?? []).not.toContainEqual(expect.stringContaining("session_token"));
    // And HSTS (sent only over https) is not sent to it either.
    expect((await direct("127.0.0.1", "GET", "/healthz", spoofed)).headers["strict-transport-security"]).toBeTruthy();
    expect((await direct("127.0.0.2", "GET", "/healthz", spoofed)).headers["strict-transport-security"]).toBeUndefined();
  });
});
