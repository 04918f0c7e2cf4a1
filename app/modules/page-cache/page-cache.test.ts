import { describe, expect, it } from "vitest";
import {
  type CachedPage,
  PageCacheStore,
  chunksWithNonce,
  isCacheablePath,
  keptChunksOf,
  keptDocumentResponse,
  pageCacheKey,
  sharedReads,
  splitOnNonce,
} from "./page-cache";

function page(version: number, storedAt: number, body = "<p>hi</p>"): CachedPage {
  return { version, storedAt, parts: [Buffer.from(body)], headers: [], views: [], bytes: body.length * 2 };
}

describe("isCacheablePath", () => {
  it("takes the home page, map pages, spot pages and post pages", () => {
    expect(isCacheablePath("/")).toBe(true);
    expect(isCacheablePath("/@ana/posts/five-coves")).toBe(true);
    expect(isCacheablePath("/maps/barcelona-tapas")).toBe(true);
    expect(isCacheablePath("/maps/barcelona-tapas/")).toBe(true);
    expect(isCacheablePath("/maps/barcelona-tapas/spots/bar-pinotxo")).toBe(true);
  });

  it("leaves out data requests, downloads, listings and everything else", () => {
    expect(isCacheablePath("/_root.data")).toBe(false);
    expect(isCacheablePath("/maps/barcelona-tapas.data")).toBe(false);
    expect(isCacheablePath("/maps/barcelona-tapas/export.gpx")).toBe(false);
    expect(isCacheablePath("/maps")).toBe(false);
    expect(isCacheablePath("/studio/maps/x")).toBe(false);
    expect(isCacheablePath("/atlas/maps/x")).toBe(false);
    expect(isCacheablePath("/creators/@ana")).toBe(false);
    expect(isCacheablePath("/@ana/posts")).toBe(false);
    expect(isCacheablePath("/@ana/posts/feed.xml")).toBe(false);
    expect(isCacheablePath("/@ana/posts/five-coves.data")).toBe(false);
  });
});

describe("pageCacheKey", () => {
  it("differs by URL, origin included, by the consent answer and by bot", () => {
    const keys = new Set([
      pageCacheKey("http://a.test/maps/x", null, false),
      pageCacheKey("http://b.test/maps/x", null, false),
      pageCacheKey("http://a.test/maps/x?payment=success", null, false),
      pageCacheKey("http://a.test/maps/x", "granted", false),
      pageCacheKey("http://a.test/maps/x", "denied", false),
      pageCacheKey("http://a.test/maps/x", null, true),
    ]);
    expect(keys.size).toBe(6);
  });
});

describe("nonce substitution", () => {
  it("puts the next request's nonce wherever the first one was", () => {
    const parts = splitOnNonce('<script nonce="AAA">1</script><script nonce="AAA">2</script>', "AAA");
    expect(Buffer.concat(chunksWithNonce(parts, "BBB")).toString("utf8")).toBe('<script nonce="BBB">1</script><script nonce="BBB">2</script>');
  });

  it("answers with the kept parts themselves, and the joined document to whoever reads the body", async () => {
    const parts = splitOnNonce('<script nonce="AAA">1</script><script nonce="AAA">2</script>', "AAA");
    const response = keptDocumentResponse(chunksWithNonce(parts, "BBB"), { status: 200, headers: { "Content-Type": "text/html" } });
    const kept = keptChunksOf(response);
    expect(kept?.chunks.slice(0, 1)).toEqual([parts[0]]);
    expect(kept?.chunks[0]).toBe(parts[0]);
    expect(kept?.byteLength).toBe(Buffer.byteLength('<script nonce="BBB">1</script><script nonce="BBB">2</script>'));
    expect(await response.text()).toBe('<script nonce="BBB">1</script><script nonce="BBB">2</script>');
    // Read once, its body is gone: no writer may send the chunks again.
    expect(keptChunksOf(response)).toBeUndefined();
    expect(keptChunksOf(new Response("made elsewhere"))).toBeUndefined();
  });

  it("gives its body as a stream to whoever asks for one, once, with its exact length", async () => {
    const document = '<script nonce="BBB">1</script><p>déjà vu</p>';
    const response = keptDocumentResponse(chunksWithNonce(splitOnNonce(document.replace("BBB", "AAA"), "AAA"), "BBB"), {
      status: 200,
      headers: [["Content-Type", "text/html"]],
    });
    expect(response.headers.get("Content-Length")).toBe(String(Buffer.byteLength(document)));
    expect(response.bodyUsed).toBe(false);
    // As compression reads it: through the body stream.
    expect(await new Response(response.body).text()).toBe(document);
    expect(response.bodyUsed).toBe(true);
    expect(keptChunksOf(response)).toBeUndefined();
    await expect(response.text()).rejects.toThrow(TypeError);
  });

  it("clones into a copy with the same document and headers", async () => {
    const response = keptDocumentResponse([Buffer.from("<p>one</p>")], { status: 200, headers: { "Content-Type": "text/html" } });
    const copy = response.clone();
    expect(await copy.text()).toBe("<p>one</p>");
    expect(copy.headers.get("Content-Type")).toBe("text/html");
    expect(await response.text()).toBe("<p>one</p>");
  });
});

describe("PageCacheStore", () => {
  it("serves an entry only at the version it was rendered at", () => {
    const store = new PageCacheStore({ maxEntries: 10, maxBytes: 1_000_000, maxAgeMs: 60_000 });
    store.set("k", page(7, 0));
    expect(store.get("k", 7, 1)).toBeDefined();
    expect(store.get("k", 8, 1)).toBeUndefined();
    // A stale entry is dropped, not kept for a version that could come back.
    expect(store.get("k", 7, 1)).toBeUndefined();
  });

  it("drops entries older than the age limit", () => {
    const store = new PageCacheStore({ maxEntries: 10, maxBytes: 1_000_000, maxAgeMs: 1_000 });
    store.set("k", page(1, 0));
    expect(store.get("k", 1, 999)).toBeDefined();
    expect(store.get("k", 1, 1_000)).toBeUndefined();
  });

  it("evicts the least recently used past its entry and byte limits", () => {
    const store = new PageCacheStore({ maxEntries: 2, maxBytes: 1_000_000, maxAgeMs: 60_000 });
    store.set("a", page(1, 0));
    store.set("b", page(1, 0));
    store.get("a", 1, 1);
    store.set("c", page(1, 0));
    expect(store.get("b", 1, 1)).toBeUndefined();
    expect(store.get("a", 1, 1)).toBeDefined();
    expect(store.get("c", 1, 1)).toBeDefined();

    const small = new PageCacheStore({ maxEntries: 10, maxBytes: 100, maxAgeMs: 60_000 });
    small.set("x", page(1, 0, "x".repeat(30)));
    small.set("y", page(1, 0, "y".repeat(30)));
    expect(small.size).toBe(1);
    small.set("huge", page(1, 0, "z".repeat(80)));
    expect(small.get("huge", 1, 1)).toBeUndefined();
  });
});

describe("sharedReads", () => {
  /** A reader of a value another party writes: each read sees the value as it was when the read began, answered when the test says. */
  function world() {
    let value = 0;
    const pending: (() => void)[] = [];
    let reads = 0;
    const read = () => {
      reads++;
      const seen = value;
      return new Promise<number>((resolve) => pending.push(() => resolve(seen)));
    };
    return {
      read,
      write: () => value++,
      answerOne: async () => {
        pending.shift()?.();
        // Let the answer and what it starts run.
        for (let i = 0; i < 5; i++) await Promise.resolve();
      },
      reads: () => reads,
    };
  }

  /** A schedule the test runs by hand: each read begins when the test says. */
  function byHand() {
    const begins: (() => void)[] = [];
    return {
      schedule: (begin: () => void) => void begins.push(begin),
      begin: async () => {
        for (let i = 0; i < 5; i++) await Promise.resolve();
        begins.shift()?.();
        for (let i = 0; i < 5; i++) await Promise.resolve();
      },
    };
  }

  it("never answers a caller with a read that began before it called", async () => {
    const w = world();
    const clock = byHand();
    const shared = sharedReads(w.read, clock.schedule);
    const early = shared();
    await clock.begin();
    w.write(); // committed after the early read began, before the late callers asked
    const late = shared();
    const alsoLate = shared();
    await w.answerOne();
    expect(await early).toBe(0);
    await clock.begin();
    await w.answerOne();
    expect(await late).toBe(1);
    expect(await alsoLate).toBe(1);
    expect(w.reads()).toBe(2);
  });

  it("makes one read for everyone who asked before it began, with every write made until then", async () => {
    const w = world();
    const clock = byHand();
    const shared = sharedReads(w.read, clock.schedule);
    const first = shared();
    w.write();
    const together = [first, shared(), shared()];
    expect(w.reads()).toBe(0);
    await clock.begin();
    expect(w.reads()).toBe(1);
    await w.answerOne();
    expect(await Promise.all(together)).toEqual([1, 1, 1]);
  });

  it("makes one read for everyone who waited on the one under way, and a new one for the next caller", async () => {
    const w = world();
    const clock = byHand();
    const shared = sharedReads(w.read, clock.schedule);
    const first = shared();
    await clock.begin();
    const waiting = [shared(), shared(), shared()];
    expect(w.reads()).toBe(1);
    await w.answerOne();
    await first;
    await clock.begin();
    expect(w.reads()).toBe(2);
    await w.answerOne();
    await Promise.all(waiting);
    const after = shared();
    await clock.begin();
    expect(w.reads()).toBe(3);
    await w.answerOne();
    await after;
  });

  it("a failed read fails its callers only; the next caller reads again", async () => {
    let fail = true;
    const shared = sharedReads(async () => {
      if (fail) throw new Error("connection lost");
      return 7;
    });
    await expect(shared()).rejects.toThrow("connection lost");
    fail = false;
    expect(await shared()).toBe(7);
  });
});
