import http from "node:http";
import { expect, test } from "@playwright/test";
import { baseURL } from "../../playwright.config";

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
