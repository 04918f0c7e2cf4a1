import { gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { compress } from "hono/compress";
import { describe, expect, it } from "vitest";
import { coalesceBeforeCompression, coalesceChunks } from "./coalesce-chunks";

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (chunk: Uint8Array) => new TextDecoder().decode(chunk);

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Uint8Array[]> {
  const out: Uint8Array[] = [];
  for await (const chunk of stream) out.push(chunk);
  return out;
}

/** A body written as React's renderer writes a ready page: many small chunks, all at once. */
function chunked(parts: string[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const part of parts) controller.enqueue(bytes(part));
      controller.close();
    },
  });
}

describe("coalesceChunks", () => {
  it("sends chunks that arrive together as one, byte for byte", async () => {
    const parts = Array.from({ length: 55 }, (_, i) => `<li>row ${i}</li>`);
    const out = await readAll(coalesceChunks(chunked(parts)));
    expect(out).toHaveLength(1);
    expect(text(out[0])).toBe(parts.join(""));
  });

  it("sends what came before a pause in the source without waiting for the rest (streaming is kept)", async () => {
    let release!: () => void;
    const later = new Promise<void>((resolve) => (release = resolve));
    const source = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(bytes("<head>"));
        controller.enqueue(bytes("<body>shell"));
        // A Suspense boundary's data: it comes only after the shell has reached the reader.
        await later;
        controller.enqueue(bytes("<template>data</template>"));
        controller.close();
      },
    });
    const reader = coalesceChunks(source).getReader();
    const first = await reader.read();
    expect(text(first.value!)).toBe("<head><body>shell");
    release();
    const second = await reader.read();
    expect(text(second.value!)).toBe("<template>data</template>");
    expect((await reader.read()).done).toBe(true);
  });

  it("sends a chunk once the joined bytes reach the limit", async () => {
    const kb = (n: number, c: string) => c.repeat(n * 1024);
    const out = await readAll(coalesceChunks(chunked([kb(40, "a"), kb(40, "b"), kb(40, "c")]), 64 * 1024));
    expect(out.map((c) => c.byteLength)).toEqual([80 * 1024, 40 * 1024]);
    expect(out.map(text).join("")).toBe(kb(40, "a") + kb(40, "b") + kb(40, "c"));
  });

  it("passes a source's error on to the reader", async () => {
    const source = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes("partial"));
        controller.error(new Error("render failed"));
      },
    });
    await expect(readAll(coalesceChunks(source))).rejects.toThrow("render failed");
  });
});

describe("coalesceBeforeCompression, inside compress()", () => {
  const parts = Array.from({ length: 200 }, (_, i) => `<p>paragraph ${i} of a page streamed in small chunks</p>`);
  const app = new Hono();
  app.use(compress());
  app.use(coalesceBeforeCompression());
  app.get("/page", () => new Response(chunked(parts), { headers: { "Content-Type": "text/html; charset=utf-8" } }));
  app.get("/raw", () => new Response(chunked(parts), { headers: { "Content-Type": "text/html", "Cache-Control": "no-transform" } }));

  it("gzips the joined page to exactly the page", async () => {
    const res = await app.request("/page", { headers: { "Accept-Encoding": "gzip" } });
    expect(res.headers.get("Content-Encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(parts.join(""));
  });

  it("leaves an answer that will not be compressed as it was: no gzip asked for, or no-transform", async () => {
    const plain = await app.request("/page");
    expect(plain.headers.get("Content-Encoding")).toBeNull();
    expect(await readAll(plain.body!)).toHaveLength(parts.length);
    const raw = await app.request("/raw", { headers: { "Accept-Encoding": "gzip" } });
    expect(raw.headers.get("Content-Encoding")).toBeNull();
    expect(await readAll(raw.body!)).toHaveLength(parts.length);
  });
});
