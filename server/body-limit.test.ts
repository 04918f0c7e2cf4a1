import type { ActionFunctionArgs, ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { testServerBuild } from "../tests/setup/server-build";
import { bareApp } from "../tests/setup/bare-app";
import type { AppOptions } from "./app";
import { DEFAULT_BODY_LIMIT_BYTES, DRAIN_BYTES, UPLOAD_BODY_LIMITS, bodyLimitFor, parseBodyLimitRules, parseSize } from "./body-limit";

const MB = 1024 * 1024;

// One action that reads its whole body, under every path the tests post to.
function build(received: number[]): ServerBuild {
  const action = async ({ request }: ActionFunctionArgs) => {
    const bytes = (await request.arrayBuffer()).byteLength;
    received.push(bytes);
    return Response.json({ bytes });
  };
  const paths = ["api/follows", "account", "studio/maps/:mapId/spots/:spotId/photos", "studio/maps/:mapId/cover"];
  return testServerBuild({ default: () => null }, Object.fromEntries(paths.map((path, i) => [`r${i}`, { path, module: { action } }])));
}

function app(received: number[], extra: Partial<AppOptions> = {}) {
  return bareApp({ build: build(received), ...extra });
}

const connection = { incoming: { socket: { remoteAddress: "127.0.0.1", remotePort: 50000, remoteFamily: "IPv4" } } };

/** A chunked body of `total` bytes that counts what the server pulls from it. */
function countingStream(total: number, chunk = 64 * 1024) {
  const counter = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (counter.pulled >= total) return controller.close();
        const size = Math.min(chunk, total - counter.pulled);
        counter.pulled += size;
        controller.enqueue(new Uint8Array(size));
      },
      cancel() {
        counter.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, counter };
}

function post(path: string, body: BodyInit, headers: Record<string, string> = {}): [string, RequestInit & { duplex: "half" }, typeof connection] {
  return [path, { method: "POST", body, headers: { "Content-Type": "application/octet-stream", ...headers }, duplex: "half" }, connection];
}

describe("request body limits", () => {
  it("refuses a chunked 100 MB body with 413 after reading no more than the limit and one chunk", async () => {
    const received: number[] = [];
    const chunk = 64 * 1024;
    const { stream, counter } = countingStream(100 * MB, chunk);
    const response = await app(received).request(...post("/api/follows", stream));
    expect(response.status).toBe(413);
    expect(await response.text()).toBe("The request is too large: the limit here is 1 MB.");
    // Past the limit the rest is only discarded, and only for DRAIN_BYTES: then the server lets go of the stream.
    await expect.poll(() => counter.cancelled).toBe(true);
    expect(counter.pulled).toBeLessThanOrEqual(DEFAULT_BODY_LIMIT_BYTES + DRAIN_BYTES + 2 * chunk);
    // The route never saw it.
    expect(received).toEqual([]);
  });

  it("refuses a body whose Content-Length is over the limit without reading it", async () => {
    const received: number[] = [];
    const { stream, counter } = countingStream(2 * MB);
    const response = await app(received).request(...post("/api/follows", stream, { "Content-Length": String(2 * MB) }));
    expect(response.status).toBe(413);
    expect(counter.pulled).toBe(0);
    expect(received).toEqual([]);
  });

  it("hands a body within the limit to the route unchanged", async () => {
    const received: number[] = [];
    const { stream } = countingStream(MB);
    const response = await app(received).request(...post("/api/follows", stream));
    expect(response.status).toBe(200);
    expect(received).toEqual([MB]);
  });

  it("lets the upload routes take their files: the avatar on /account (and its .data), Studio photos and covers at 15 MB", async () => {
    const received: number[] = [];
    const server = app(received);
    expect((await server.request(...post("/account", countingStream(5 * MB + 1000).stream))).status).toBe(200);
    expect((await server.request(...post("/account", countingStream(7 * MB).stream))).status).toBe(413);
    expect((await server.request(...post("/studio/maps/m1/spots/s1/photos", countingStream(15 * MB).stream))).status).toBe(200);
    expect((await server.request(...post("/studio/maps/m1/cover", countingStream(15 * MB).stream))).status).toBe(200);
    const refused = await server.request(...post("/studio/maps/m1/cover", countingStream(17 * MB).stream));
    expect(refused.status).toBe(413);
    expect(await refused.text()).toBe("The request is too large: the limit here is 16 MB.");
    expect(received).toEqual([5 * MB + 1000, 15 * MB, 15 * MB]);
  });

  it("takes its limits from the options (BODY_LIMIT, BODY_LIMITS)", async () => {
    const received: number[] = [];
    const server = app(received, { bodyLimits: { defaultBytes: 1000, rules: parseBodyLimitRules("/account=2kb") } });
    expect((await server.request(...post("/api/follows", new Uint8Array(1001)))).status).toBe(413);
    expect((await server.request(...post("/account", new Uint8Array(2048)))).status).toBe(200);
  });
});

describe("bodyLimitFor", () => {
  const limits = { defaultBytes: MB, rules: UPLOAD_BODY_LIMITS };
  it("matches a pattern, what is below it and its .data form; not a longer name", () => {
    expect(bodyLimitFor("/account", limits)).toBe(6 * MB);
    expect(bodyLimitFor("/account.data", limits)).toBe(6 * MB);
    expect(bodyLimitFor("/accounts", limits)).toBe(MB);
    expect(bodyLimitFor("/api/creator-application", limits)).toBe(21 * MB);
    expect(bodyLimitFor("/api/creator-application/withdraw", limits)).toBe(21 * MB);
    expect(bodyLimitFor("/studio/maps/abc/spots/def/photos.data", limits)).toBe(16 * MB);
    expect(bodyLimitFor("/studio/maps/abc", limits)).toBe(MB);
    expect(bodyLimitFor("/studio/profile.data", limits)).toBe(16 * MB);
    expect(bodyLimitFor("/studio", limits)).toBe(MB);
    expect(bodyLimitFor("/admin/creator-collab/5c0a1b2c-0000-4000-8000-000000000001.data", limits)).toBe(11 * MB);
    expect(bodyLimitFor("/", limits)).toBe(MB);
  });

  it("parses sizes and rule lists, and refuses nonsense", () => {
    expect(parseSize("1mb")).toBe(MB);
    expect(parseSize("512KB")).toBe(512 * 1024);
    expect(parseSize("2000")).toBe(2000);
    expect(parseSize("lots")).toBeUndefined();
    expect(parseBodyLimitRules(" /account=8mb , /studio/maps/*/cover=20mb")).toEqual([
      { pattern: "/account", bytes: 8 * MB },
      { pattern: "/studio/maps/*/cover", bytes: 20 * MB },
    ]);
    expect(() => parseBodyLimitRules("account=8mb")).toThrow();
  });
});
