/**
 * The HTTP server's own answers, asked for without a browser (the "http" project): health,
 * headers and caching, body limits, malformed requests, and the process as an operator runs it.
 */
import http from "node:http";
import { demoMaps } from "../../../db/seed/demo-content";
import { baseURL } from "../../../playwright.config";
import { expect, test } from "../support/http";
import { startServer as startBuiltServer } from "../support/server";

// A server of a test's own never seeds the demo content: those that need it run on Playwright's.
const startServer = (env: Record<string, string>) => startBuiltServer({ SEED_DEMO: "off", ...env });

const MB = 1024 * 1024;

/**
 * POST a chunked body of up to `total` bytes (no Content-Length), writing with backpressure and
 * stopping as soon as the server answers. Resolves with the status, the text and the bytes the
 * client managed to hand to the connection before the answer (or the connection's end).
 */
function chunkedPost(path: string, total: number, chunk = 64 * 1024): Promise<{ status: number; text: string; written: number }> {
  const url = new URL(path, baseURL);
  return new Promise((resolve, reject) => {
    let written = 0;
    let answered = false;
    const req = http.request(url, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", "Transfer-Encoding": "chunked" } });
    req.on("response", (res) => {
      answered = true;
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (d) => (text += d));
      res.on("end", () => {
        resolve({ status: res.statusCode ?? 0, text, written });
        req.destroy();
      });
    });
    // The server closing the connection on the rest of the body is expected once it has answered.
    req.on("error", (err) => (answered ? undefined : reject(err)));
    const buffer = Buffer.alloc(chunk, "a");
    const pump = () => {
      while (!answered && !req.destroyed && written < total) {
        written += chunk;
        if (!req.write(buffer)) return void req.once("drain", pump);
      }
      if (!answered && written >= total) req.end();
    };
    pump();
  });
}

test.describe("health, headers and caching", () => {
  test("health and readiness", async ({ request }) => {
    const health = await request.get("/healthz");
    expect(health.status()).toBe(200);
    expect(await health.json()).toMatchObject({ status: "ok" });
    const ready = await request.get("/readyz");
    expect(ready.status()).toBe(200);
    expect(await ready.json()).toMatchObject({ status: "ready", database: true });
  });

  test("pages carry security headers, a nonce-based CSP and a request id", async ({ request }) => {
    const response = await request.get("/info/copyright");
    const headers = response.headers();
    const csp = headers["content-security-policy"];
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=_-]+'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["x-request-id"]).toMatch(/.{8,}/);
    // Every inline script carries this response's nonce.
    const nonce = csp.match(/'nonce-([^']+)'/)![1];
    const html = await response.text();
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)];
    expect(inline.length).toBeGreaterThan(0);
    for (const [, attrs] of inline) expect(attrs).toContain(`nonce="${nonce}"`);
  });

  test("pages and their data are private to the viewer, never kept by a shared cache", async ({ request }) => {
    // A map page shows Premium spots to members only: a CDN that kept it would hand them to anyone.
    const map = "/maps/barcelona-beyond-the-rambla";
    for (const path of [map, `${map}.data`, "/", "/_.data"]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()["cache-control"], path).toMatch(/^private, (no-store|max-age=0)/);
    }
    // Files the same for everyone keep their shared caching.
    expect((await request.get("/robots.txt")).headers()["cache-control"]).toBe("public, max-age=3600");
    expect((await request.get("/sitemap.xml")).headers()["cache-control"]).toBe("public, max-age=900");
  });

  test("hashed assets are cached immutably and compressed", async ({ request }) => {
    const html = await (await request.get("/info/copyright")).text();
    const assets = [...new Set(html.match(/\/assets\/[^"']+\.js/g) ?? [])];
    expect(assets.length).toBeGreaterThan(0);
    let compressed = 0;
    for (const asset of assets) {
      const response = await request.get(asset, { headers: { "Accept-Encoding": "gzip" } });
      expect(response.status(), asset).toBe(200);
      expect(response.headers()["cache-control"], asset).toBe("public, max-age=31536000, immutable");
      // Below 1 KiB gzip is not worth its header (Hono's compress leaves those alone); above, always.
      if ((await response.body()).length >= 1024) {
        expect(response.headers()["content-encoding"], asset).toBe("gzip");
        compressed++;
      }
    }
    expect(compressed).toBeGreaterThan(0);
    expect((await request.get("/assets/missing-abc123.js")).status()).toBe(404);
  });

  test("legacy paths redirect permanently", async ({ request }) => {
    const cases: [string, string][] = [
      ["/app/account", "/account"],
      ["/app/bookmarks", "/atlas"],
      ["/app/maps/some-map?x=1", "/maps/some-map?x=1"],
      // Two segments, the second one a creator's tab: the old /app address still wins over /@{handle}/maps.
      ["/app/maps", "/maps"],
      ["/app/spots?page=2", "/spots?page=2"],
    ];
    for (const [from, to] of cases) {
      const response = await request.get(from, { maxRedirects: 0 });
      expect(response.status(), from).toBe(301);
      expect(response.headers()["location"], from).toBe(to);
    }
  });

  test("robots.txt points at the sitemap", async ({ request }) => {
    const body = await (await request.get("/robots.txt")).text();
    expect(body).toContain("User-agent: *");
    expect(body).toMatch(/Sitemap: http:\/\/localhost:\d+\/sitemap\.xml/);
    expect(body).toContain("Disallow: /studio");
  });

  test("the sitemap lists the published demo maps and never the unpublished one", async ({ request }) => {
    const xml = await (await request.get("/sitemap.xml")).text();
    expect(xml).toContain("<urlset");
    expect(xml).toMatch(/<loc>http:\/\/localhost:\d+\/maps\/[a-z0-9-]+<\/loc>/);
    expect(xml).toContain("/info/creator-compensation</loc>");
    expect(xml).toMatch(/\/@[a-z0-9_]+<\/loc>/);
    expect(xml).toMatch(/\/destinations\/\d+<\/loc>/);
    expect(xml).toMatch(/\/discover\/[a-z]+\/[a-z0-9-]+<\/loc>/);
    expect(xml).not.toContain("/maps/porto-riverside-notes");
    // Every published demo map (other specs publish maps of their own meanwhile: those may be listed too).
    const listed = new Set((xml.match(/\/maps\/[a-z0-9-]+(?=<\/loc>)/g) ?? []).map((loc) => loc.slice("/maps/".length)));
    const published = demoMaps.filter((map) => map.published !== false).map((map) => map.slug);
    expect(published).toHaveLength(12);
    expect(published.filter((slug) => !listed.has(slug))).toEqual([]);
  });

  test("a forged X-Forwarded-For from an untrusted peer does not change who the client is", async ({ request }) => {
    // No trusted proxy is configured: the header is ignored and the client is still loopback.
    const response = await request.get("/dev/ui", { headers: { "X-Forwarded-For": "203.0.113.9" } });
    expect(response.status()).toBe(200);
  });
});

test.describe("request body limits", () => {
  test("a chunked 100 MB body is refused with 413 and cut off early; the server stays responsive", async ({ request }) => {
    const result = await chunkedPost("/api/follows", 100 * MB);
    expect(result.status).toBe(413);
    expect(result.text).toBe("The request is too large: the limit here is 1 MB.");
    // Cut off long before the end: at most the 1 MB limit plus what the sockets buffer on the way.
    expect(result.written).toBeLessThan(20 * MB);
    expect((await request.get("/healthz")).status()).toBe(200);
  });

  test("eight at once are all refused, and pages still load", async ({ request }) => {
    const results = await Promise.all(Array.from({ length: 8 }, () => chunkedPost("/auth", 100 * MB)));
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(413));
    for (const r of results) expect(r.written).toBeLessThan(20 * MB);
    expect((await request.get("/info/copyright")).status()).toBe(200);
  });
});

test.describe("bad input", () => {
  test("a form action sent JSON answers 415 on the error page, saying what it expects", async ({ request }) => {
    const response = await request.post("/auth", { data: { email: "ana@example.com" }, headers: { Origin: baseURL } });
    expect(response.status()).toBe(415);
    const html = await response.text();
    expect(html).toMatch(/415(<!-- -->)? ERROR/);
    expect(html).toContain("This form must be sent as application/x-www-form-urlencoded or multipart/form-data.");
  });

  test("an empty body to an API action is a 4xx", async ({ request }) => {
    for (const path of ["/api/follows", "/api/bookmarks", "/api/consent", "/api/memberships", "/api/payments/local/pay"]) {
      const response = await request.post(path, { headers: { Origin: baseURL } });
      expect(response.status(), path).toBeGreaterThanOrEqual(400);
      expect(response.status(), path).toBeLessThan(500);
    }
  });

  test("a NUL byte in the path or the query is a 400 before any query runs", async ({ request }) => {
    for (const path of ["/maps/%00", "/search?q=%00", "/explore?q=caf%00", "/@lucia%00"]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(400);
      expect(await response.text()).toBe("This address contains a character that is not allowed.");
    }
  });
});

test.describe("server process", () => {
  test("refuses to start with a bad setting, naming the variable", async () => {
    const server = await startServer({ PORT: "eighty", INFO_EMAIL: "nope" });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain("Invalid environment");
    expect(server.output()).toMatch(/PORT: /);
    expect(server.output()).toMatch(/INFO_EMAIL: /);
  });

  test("gives up on an unreachable database after DB_CONNECT_TIMEOUT_MS with one line naming DATABASE_URL", async () => {
    // Nothing listens on port 1: every connection attempt is refused at once.
    const server = await startServer({
      DATABASE_URL: "postgres://postgres@127.0.0.1:1/spotfolio",
      DB_CONNECT_TIMEOUT_MS: "1500",
    });
    const started = Date.now();
    expect(await server.exited).toBe(1);
    // It kept trying for the configured while instead of failing on the first refusal.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_500);
    const output = server.output();
    expect(output).toMatch(/DATABASE_URL/);
    // One clear line for the operator, not a stack trace.
    expect(output).not.toMatch(/\n\s+at /);
    expect(
      output
        .trim()
        .split("\n")
        .filter((line) => line.includes("DATABASE_URL")),
    ).toHaveLength(1);
    // The password-free URL only: a connection string's credentials never reach the log.
    expect(output).toContain("127.0.0.1:1");
  });

  test("drains and exits cleanly on SIGTERM", async () => {
    test.setTimeout(120_000);
    const server = await startServer({ SEED_DEMO: "off" });
    try {
      await server.ready(100_000);
      server.child.kill("SIGTERM");
      expect(await server.exited).toBe(0);
      expect(server.output()).toContain("shutdown complete");
      await expect(fetch(`http://127.0.0.1:${server.port}/healthz`)).rejects.toThrow();
    } finally {
      await server.stop();
    }
  });
});

test.describe("a deployment on the embedded defaults (issue 16, item 1)", () => {
  for (const [setting, value, why] of [
    ["PUBLIC_URL", "https://spotfolio.example", "PUBLIC_URL is https://spotfolio.example"],
    ["APP_MODE", "production", "APP_MODE=production"],
  ] as const) {
    test(`refuses to start with ${setting}=${value}, saying why in one line each`, async () => {
      const server = await startServer({ [setting]: value });
      try {
        expect(await server.exited).toBe(1);
        const lines = server.output().trim().split("\n");
        const payments = lines.filter((l) => l.includes("STRIPE_SECRET_KEY is unset"));
        const mailbox = lines.filter((l) => l.includes("SMTP_URL is unset"));
        expect(payments).toHaveLength(1);
        expect(payments[0]).toContain(`Refusing to start: this is a deployment (${why})`);
        expect(payments[0]).toContain("LOCAL_PAYMENTS=on");
        expect(mailbox).toHaveLength(1);
        expect(mailbox[0]).toContain("MAILBOX=on");
      } finally {
        await server.stop();
      }
    });
  }

  test("with only the test provider kept on purpose, still refuses the mailbox", async () => {
    const server = await startServer({ PUBLIC_URL: "https://spotfolio.example", LOCAL_PAYMENTS: "on" });
    try {
      expect(await server.exited).toBe(1);
      expect(server.output()).not.toContain("STRIPE_SECRET_KEY is unset");
      expect(server.output()).toContain("SMTP_URL is unset");
    } finally {
      await server.stop();
    }
  });
});
