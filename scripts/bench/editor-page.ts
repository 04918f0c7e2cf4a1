/**
 * Issue 12's editor page figures (part of `npm run bench`): `/studio/maps/{id}` of a 500-spot
 * map, for its signed-in creator, on the running production server.
 *  - server time: the whole HTML document (request sent to last byte received), one request at a
 *    time, p50/p95 over BENCH_EDITOR_REQUESTS (default 100, after 10 unrecorded), timed by a
 *    client process of its own (timed-requests.mjs, ADR 0061);
 *  - first-load JavaScript, gzip: measure.sh js's method (a cold load in a fresh Chromium profile,
 *    the encoded bytes of every script response; gzip -9 of a body the server sent uncompressed),
 *    with the creator's session cookie, which measure.sh cannot obtain.
 * The session comes from the real login form (the demo creator's password, DEMO_ACCOUNTS=on).
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium, type Response as BrowserResponse } from "playwright-core";
import { BROWSER_UA } from "./app-server";
import { EDITOR_CREATOR_EMAIL } from "./map-page";
import { ms, percentile } from "./stats";

const REQUESTS = Number(process.env.BENCH_EDITOR_REQUESTS ?? 100);
const WARM_UP = 10;
const TIMED_REQUESTS = path.join(process.cwd(), "scripts/bench/timed-requests.mjs");
const DEMO_PASSWORD = "spotfolio-demo";
const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
/** The flags measure.sh's lib gives every headless Chromium (lib/common.mjs). */
const CHROME_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

/** Signs a demo-password account (the editor's creator by default) in through the login form's post, as a browser without JavaScript sends it; returns the session cookies. */
export async function signIn(base: string, email = EDITOR_CREATOR_EMAIL): Promise<{ name: string; value: string }[]> {
  const res = await fetch(`${base}/auth`, {
    method: "POST",
    headers: { Origin: base, "User-Agent": BROWSER_UA },
    body: new URLSearchParams({ intent: "login", mode: "page", redirectTo: "/studio", email, password: DEMO_PASSWORD }),
    redirect: "manual",
  });
  const body = await res.text();
  // Signed in: a redirect onwards, with the session cookie.
  if (res.status !== 302 && res.status !== 303) throw new Error(`sign-in as ${email} answered ${res.status}: ${body.slice(0, 200)}`);
  const cookies = res.headers.getSetCookie().map((line) => {
    const [pair] = line.split(";");
    const eq = pair.indexOf("=");
    return { name: pair.slice(0, eq).trim(), value: pair.slice(eq + 1).trim() };
  });
  if (cookies.length === 0) throw new Error("sign-in set no cookie");
  return cookies;
}

export interface EditorFigures {
  p50: number;
  p95: number;
  requests: number;
  htmlKb: number;
  /** First-load JS, when it was measured (`firstLoadJs`). */
  js?: { gzKb: number; scripts: number };
}

/**
 * Times the editor page of `mapId`, and with `firstLoadJs` measures its first-load JS in Chromium
 * too (the same scripts on any database: measured once per run).
 */
export async function measureEditorPage(base: string, mapId: string, log: (line: string) => void, firstLoadJs: boolean): Promise<EditorFigures> {
  const cookies = await signIn(base);
  const cookieHeader = cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  const url = `${base}/studio/maps/${mapId}`;

  // Timed from a process of its own (scripts/bench/timed-requests.mjs): not this one's pauses.
  const timed = spawnSync(
    process.execPath,
    [TIMED_REQUESTS, url, JSON.stringify({ Cookie: cookieHeader, "User-Agent": BROWSER_UA, "Accept-Encoding": "gzip" }), String(WARM_UP), String(REQUESTS)],
    { encoding: "utf8", maxBuffer: 16 * 1024 * 1024 },
  );
  if (timed.status !== 0) throw new Error(`timed requests failed: ${timed.stderr}`);
  const { status, bytes: htmlBytes, samples } = JSON.parse(timed.stdout) as { status: number; bytes: number; samples: number[] };
  if (status !== 200) throw new Error(`${url} answered ${status} (is the session valid?)`);
  log(`editor page: ${REQUESTS} requests one after the other, ${htmlBytes} B of HTML (uncompressed)`);
  const time = { p50: percentile(samples, 50), p95: percentile(samples, 95), requests: samples.length, htmlKb: htmlBytes / 1024 };
  if (!firstLoadJs) return time;

  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS, headless: true, timeout: 60_000 });
  try {
    const context = await browser.newContext({ userAgent: BROWSER_UA });
    await context.addCookies(cookies.map((c) => ({ ...c, url: base })));
    const page = await context.newPage();
    const responses: BrowserResponse[] = [];
    page.on("response", (response) => responses.push(response));
    const doc = await page.goto(url, { waitUntil: "networkidle", timeout: 60_000 });
    if (!doc || doc.status() !== 200) throw new Error(`${url} answered ${doc?.status() ?? "nothing"} in Chromium`);
    let gzBytes = 0;
    let scripts = 0;
    const files: { name: string; gz: number }[] = [];
    for (const response of responses) {
      const request = response.request();
      const headers = await response.allHeaders();
      const isScript = request.resourceType() === "script" || /javascript|ecmascript/i.test(headers["content-type"] ?? "");
      if (!isScript || response.status() !== 200) continue;
      scripts++;
      // The server's gzip bytes where it sent gzip; gzip -9 of the body otherwise (as measure.sh js).
      const gz =
        (headers["content-encoding"] ?? "").toLowerCase() === "gzip"
          ? (await request.sizes()).responseBodySize
          : gzipSync(await response.body(), { level: 9 }).length;
      gzBytes += gz;
      files.push({ name: new URL(response.url()).pathname.split("/").pop() ?? "", gz });
    }
    log(`editor page: ${scripts} scripts on a cold load, ${(gzBytes / 1024).toFixed(1)} KiB gzip`);
    // Where the bytes are: the largest files, for whoever wants to bring the figure down.
    const largest = files.sort((a, b) => b.gz - a.gz).slice(0, 8);
    log(`editor page: largest scripts (KiB gzip): ${largest.map((f) => `${f.name} ${(f.gz / 1024).toFixed(1)}`).join(", ")}`);
    return { ...time, js: { gzKb: gzBytes / 1024, scripts } };
  } finally {
    await browser.close();
  }
}

export const editorTime = (f: EditorFigures) => `p50 ${ms(f.p50)}, p95 ${ms(f.p95)} (${f.requests} requests, ${f.htmlKb.toFixed(0)} KB of HTML)`;
