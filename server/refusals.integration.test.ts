/**
 * How the server refuses (issue 28): a 413 closes its connection properly (item 6), and every 429
 * says when to try again (item 7). The whole server in-process (tests/setup/edge-server.ts), on a
 * real loopback socket where the connection itself is the point.
 */
import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createProfile } from "#db/seed/factories";
import { resetEnvCache } from "~/lib/env.server";
import type { Database } from "~/lib/db.server";
import { getTestDb } from "../tests/setup/database";
import { type EdgeServer, edgeServer, sessionCookie } from "../tests/setup/edge-server";

vi.stubEnv("BETTER_AUTH_SECRET", "a-test-secret-that-is-long-enough-for-better-auth");
// Two writes a minute per address or user: the third is refused. Counted in memory (no REDIS_URL).
vi.stubEnv("RATE_LIMIT_WRITES_PER_IP", "2");
vi.stubEnv("RATE_LIMIT_WRITES_PER_USER", "2");
resetEnvCache();
afterAll(() => {
  vi.unstubAllEnvs();
  resetEnvCache();
});

const ORIGIN = "http://localhost";
let db: Database;
let server: EdgeServer;

beforeAll(async () => {
  db = await getTestDb();
  server = await edgeServer(db);
}, 120_000);

describe("a 413 (item 6)", () => {
  let base: Awaited<ReturnType<EdgeServer["listen"]>>;
  beforeAll(async () => {
    base = await server.listen();
  });
  afterAll(() => base.close());

  /** The head of the first response on a raw keep-alive socket, and whether the server then closes it. */
  function rawPost(declaredBytes: number, sentBytes: number): Promise<{ head: string; closed: Promise<void> }> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(base.port, "127.0.0.1");
      const closed = new Promise<void>((done) => socket.once("close", () => done()));
      let received = "";
      socket.on("error", () => {});
      socket.on("data", (chunk) => {
        received += chunk.toString("latin1");
        const end = received.indexOf("\r\n\r\n");
        if (end >= 0) resolve({ head: received.slice(0, end), closed });
      });
      socket.once("close", () => reject(new Error(`closed before a response: ${JSON.stringify(received)}`)));
      socket.write(
        `POST /auth HTTP/1.1\r\nHost: 127.0.0.1:${base.port}\r\nConnection: keep-alive\r\nContent-Type: application/octet-stream\r\nContent-Length: ${declaredBytes}\r\n\r\n`,
      );
      socket.write(Buffer.alloc(sentBytes, 0x61));
    });
  }

  it("says Connection: close (never keep-alive) and then closes, when the body was announced too large", async () => {
    const { head, closed } = await rawPost(2 * 1024 * 1024, 64 * 1024);
    expect(head).toMatch(/^HTTP\/1\.1 413 /);
    expect(head).toMatch(/\r\nconnection: close/i);
    expect(head).not.toMatch(/keep-alive/i);
    await closed;
  });

  it("a keep-alive client's next request after a 413 goes through (on a new connection)", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const send = (method: string, path: string, body?: Buffer) =>
      new Promise<{ status: number; connection?: string }>((resolve, reject) => {
        const req = http.request(`${base.url}${path}`, { method, agent, headers: body ? { "content-type": "application/octet-stream" } : {} }, (res) => {
          res.resume();
          res.on("end", () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
        });
        req.on("error", reject);
        req.end(body);
      });
    try {
      // A chunked body (no length announced) past the limit: refused while it streams.
      const refused = await send("POST", "/auth", Buffer.alloc(2 * 1024 * 1024, 0x61));
      expect(refused).toEqual({ status: 413, connection: "close" });
      expect((await send("GET", "/healthz")).status).toBe(200);
      expect((await send("GET", "/healthz")).status).toBe(200);
    } finally {
      agent.destroy();
    }
  });
});

describe("every 429 says when to try again (item 7)", () => {
  const form = "intent=login&email=nobody%40example.com&password=wrong-password";
  let address = 10;
  // Each test writes from an address of its own, so one test's count is not the next one's.
  const post = (path: string, ip: string, cookie?: string) =>
    server.request(
      `${ORIGIN}${path}`,
      { method: "POST", headers: { origin: ORIGIN, "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) }, body: form },
      ip,
    );

  async function thirdWrite(path: string, cookie?: string): Promise<Response> {
    const ip = `198.51.100.${address++}`;
    await post(path, ip, cookie);
    await post(path, ip, cookie);
    return post(path, ip, cookie);
  }

  for (const path of ["/auth", "/auth.data", "/account", "/account.data", "/atlas.data", "/_root.data", "/api/follows"]) {
    it(`${path}, a visitor past the general write limit: 429 with Retry-After`, async () => {
      const answer = await thirdWrite(path);
      expect(answer.status).toBe(429);
      expect(Number(answer.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    });
  }

  it("a signed-in member past the per-user limit on a page form: 429 with Retry-After", async () => {
    await createProfile(db, { handle: "writer" }, { email: "writer@example.com" });
    const cookie = await sessionCookie(db, "writer@example.com");
    for (const path of ["/account", "/account.data"]) {
      const answer = path === "/account" ? await thirdWrite(path, cookie) : await post(path, "198.51.100.200", cookie);
      expect(answer.status, path).toBe(429);
      expect(Number(answer.headers.get("retry-after")), path).toBeGreaterThanOrEqual(1);
    }
  });
});
