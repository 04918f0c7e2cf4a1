/**
 * The rendered-page cache's pure parts (ADR 0020): which pages may be kept, under which key,
 * and a bounded store whose entries are only ever used at the content version they were
 * rendered at. No I/O here; page-cache.server.ts wires it into the request.
 *
 * Only anonymous document requests are cached: an anonymous viewer has no entitlements, so
 * every anonymous visitor of a URL is shown the same gated copy. A signed-in viewer never
 * reads from or writes to this cache (their header, their unlocked spots); their pages' markup is
 * kept apart, under a key that is all the markup was drawn from (viewer-markup.server.ts).
 */
import type { RecordedView } from "~/modules/analytics/index.server";

/**
 * The public pages whose whole document is the same for every anonymous visitor: the home page, a
 * map, a spot and a post (`/@{handle}/posts/{slug}`). A post page depends on posts, whose writes
 * bump the version (migration 0018), and on the clock only through a scheduled post's time, before
 * which it is a 404, which is never kept.
 */
const CACHEABLE_PATHS = [/^\/$/, /^\/maps\/[^/.]+\/?$/, /^\/maps\/[^/.]+\/spots\/[^/.]+\/?$/, /^\/@[^/.]+\/posts\/[^/.]+\/?$/];

/** Whether a document at this path may be cached (never a `.data` request, never a resource route). */
export function isCacheablePath(pathname: string): boolean {
  return CACHEABLE_PATHS.some((pattern) => pattern.test(pathname));
}

/**
 * Everything an anonymous document depends on besides the database: the whole URL (origin:
 * links and canonical addresses are built from it; query: the payment-return notice), the
 * visitor's answer to the cookie banner (the banner shows or not) and whether it is a bot.
 */
export function pageCacheKey(url: string, consent: string | null, bot: boolean): string {
  return `${bot ? "bot" : "person"}\u0000${consent ?? "-"}\u0000${url}`;
}

/**
 * A document split at this request's CSP nonce, so another request's nonce can be put in its
 * place: the nonce is 128 random bits, so it occurs nowhere but where it was written. The parts
 * are kept encoded: a hit copies bytes instead of encoding 100 KB of text again (a profile of the
 * hit path showed the UTF-8 encoding at 8% of its time).
 */
export function splitOnNonce(body: string, nonce: string): Buffer[] {
  return body.split(nonce).map((part) => Buffer.from(part, "utf8"));
}

/** A document's kept parts with this request's nonce between them, in order: the kept bytes themselves, not copies. */
export function chunksWithNonce(parts: readonly Uint8Array[], nonce: string): Uint8Array[] {
  const encodedNonce = Buffer.from(nonce, "utf8");
  const chunks: Uint8Array[] = [];
  parts.forEach((part, i) => {
    if (i > 0) chunks.push(encodedNonce);
    chunks.push(part);
  });
  return chunks;
}

function joinChunks(chunks: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}

/** Where a response answered from kept bytes carries them (shared by both server bundles). */
const KEPT_CHUNKS = Symbol.for("spotfolio.keptChunks");

/** The body of a response made by keptDocumentResponse: its chunks in order, and their length. */
export interface KeptChunks {
  chunks: readonly Uint8Array[];
  byteLength: number;
  /** Whether anything has pulled the body (then it is that reader's, not the socket's). */
  read: boolean;
}

/**
 * A document answered from kept bytes. Joining a kept page's ~100 KB with a new nonce into a fresh
 * buffer was most of a cache hit's cost (the copy, then the kernel and the collector touching new
 * memory: a hit took 340 µs of CPU without it, 600-800 with it), so the node server writes the
 * chunks to the socket as they are, in one writev (server/kept-document.ts); whatever reads the
 * body instead (compression, a test's app.request) gets the same bytes, joined then.
 */
export function keptDocumentResponse(chunks: readonly Uint8Array[], init: ResponseInit): Response {
  const kept: KeptChunks = { chunks, byteLength: chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0), read: false };
  // highWaterMark 0: a stream pulls as soon as it is made unless told to wait for a reader.
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        kept.read = true;
        controller.enqueue(joinChunks(chunks));
        controller.close();
      },
    },
    { highWaterMark: 0 },
  );
  const response = new Response(body, init);
  Object.defineProperty(response, KEPT_CHUNKS, { value: kept });
  return response;
}

/**
 * The kept chunks of a response made by keptDocumentResponse whose body no one has read. Asked
 * through the stream's own pull, not `response.bodyUsed`: on the node server a Response is
 * @hono/node-server's light one, and reading `bodyUsed` makes the full Response behind it, which
 * cost a cached page's answer about a twentieth of its CPU.
 */
export function keptChunksOf(response: Response): KeptChunks | undefined {
  const kept = (response as unknown as Record<symbol, KeptChunks | undefined>)[KEPT_CHUNKS];
  return kept && !kept.read ? kept : undefined;
}

/**
 * `read`, shared by concurrent callers: at most one read runs at a time, and a caller only ever gets
 * the answer of a read that began after it called — one already under way may have been answered
 * before a write the caller saw committed. A caller arriving during a read waits for the next one,
 * which starts as the current one ends and answers everyone who waited.
 */
export function sharedReads<T>(read: () => Promise<T>): () => Promise<T> {
  let current: Promise<T> | undefined;
  let next: Promise<T> | undefined;
  const start = (): Promise<T> => {
    const started = read().finally(() => {
      if (current === started) current = undefined;
    });
    current = started;
    return started;
  };
  return () => {
    if (!current) return start();
    next ??= current
      .catch(() => undefined)
      .then(() => {
        next = undefined;
        return start();
      });
    return next;
  };
}

/** What the store keeps: anything read at a public content version, with its size. */
export interface Versioned {
  /** The public content version it was rendered or read at (public_content_version). */
  version: number;
  /** When it was stored (ms since the epoch). */
  storedAt: number;
  bytes: number;
}

export interface CachedPage extends Versioned {
  /** The document, split at its nonce, UTF-8 encoded. */
  parts: Buffer[];
  headers: [string, string][];
  /** The views its loaders recorded: each visitor served this copy records them again. */
  views: RecordedView[];
}

export interface PageCacheLimits {
  maxEntries: number;
  maxBytes: number;
  /**
   * How long a copy may be served at an unchanged version: bounds what depends on the clock
   * (the footer's year), never what depends on data (that is the version's job).
   */
  maxAgeMs: number;
}

export const DEFAULT_PAGE_CACHE_LIMITS: PageCacheLimits = { maxEntries: 500, maxBytes: 64 * 1024 * 1024, maxAgeMs: 60_000 };

/** Least recently used first out, by count and by size. */
export class PageCacheStore<Entry extends Versioned = CachedPage> {
  private entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(private readonly limits: PageCacheLimits = DEFAULT_PAGE_CACHE_LIMITS) {}

  get size(): number {
    return this.entries.size;
  }

  /** The page stored under key, only if it was rendered at `version` and is young enough. */
  get(key: string, version: number, now: number): Entry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.version !== version || now - entry.storedAt >= this.limits.maxAgeMs) {
      this.delete(key);
      return undefined;
    }
    // Re-inserted: Map keeps insertion order, so the first key is the least recently used.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  set(key: string, entry: Entry): void {
    if (entry.bytes > this.limits.maxBytes) return;
    this.delete(key);
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    while (this.entries.size > this.limits.maxEntries || this.bytes > this.limits.maxBytes) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.delete(oldest);
    }
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}
