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
  /** Whether anything has read the body (then it is that reader's, not the socket's). */
  read: boolean;
  /**
   * The anonymous copy this document is (an object of the page cache's) and the nonce put in it:
   * the server replays the headers it gave such a document for later requests (server/hit-lane.ts).
   */
  origin?: KeptOrigin;
}

export interface KeptOrigin {
  copy: object;
  nonce: string;
}

/** The kept document's bytes, joined, for its one reader: a second read is refused, as a Response's is. */
function takeBody(kept: KeptChunks): Uint8Array<ArrayBuffer> {
  if (kept.read) throw new TypeError("Body is unusable: Body has already been read");
  kept.read = true;
  return joinChunks(kept.chunks);
}

/**
 * A Response whose body is kept chunks, made into a stream only when something asks for it
 * (compression, a test's app.request): the node server writes the chunks themselves
 * (server/kept-document.ts), and building a web ReadableStream that no one reads was a
 * twentieth of a cache hit's CPU. The class extends whatever `Response` is when the first
 * document is kept, memoised per base: on the node server that is @hono/node-server's light
 * Response (swapped into the global when it starts listening), whose headers are made only when
 * read; a base made before the swap would build undici's full Response on every hit.
 */
type KeptResponse = new (kept: KeptChunks, init: ResponseInit) => Response;
const keptResponseClasses = new WeakMap<typeof Response, KeptResponse>();

function keptResponseClass(Base: typeof Response): KeptResponse {
  const known = keptResponseClasses.get(Base);
  if (known) return known;
  const streams = new WeakMap<Response, ReadableStream<Uint8Array>>();
  const keptOf = (response: Response) => (response as unknown as Record<symbol, KeptChunks>)[KEPT_CHUNKS];
  class KeptDocument extends Base {
    constructor(kept: KeptChunks, init: ResponseInit) {
      super(null, init);
      Object.defineProperty(this, KEPT_CHUNKS, { value: kept });
    }
    // Async, as a Response's are: a second read is a rejected promise, not a throw.
    override async text(): Promise<string> {
      return Buffer.from(takeBody(keptOf(this))).toString("utf8");
    }
    override async arrayBuffer(): Promise<ArrayBuffer> {
      return takeBody(keptOf(this)).buffer;
    }
    override async bytes(): Promise<Uint8Array<ArrayBuffer>> {
      return takeBody(keptOf(this));
    }
    override async blob(): Promise<Blob> {
      return new Blob([takeBody(keptOf(this))], { type: this.headers.get("content-type") ?? "" });
    }
    override async json(): Promise<unknown> {
      return JSON.parse(await this.text()) as unknown;
    }
    override clone(): Response {
      const kept = keptOf(this);
      if (kept.read) throw new TypeError("Response.clone: Body has already been consumed.");
      return new KeptDocument({ ...kept }, { status: this.status, statusText: this.statusText, headers: new Headers(this.headers) });
    }
  }
  // Accessors over the base's body (a data property in the DOM types, so not declared in the class).
  Object.defineProperties(KeptDocument.prototype, {
    body: {
      get(this: Response): ReadableStream<Uint8Array> {
        let stream = streams.get(this);
        if (!stream) {
          const kept = keptOf(this);
          // highWaterMark 0: a stream pulls as soon as it is made unless told to wait for a reader.
          stream = new ReadableStream<Uint8Array>(
            {
              pull(controller) {
                controller.enqueue(takeBody(kept));
                controller.close();
              },
            },
            { highWaterMark: 0 },
          );
          streams.set(this, stream);
        }
        return stream;
      },
    },
    bodyUsed: {
      get(this: Response): boolean {
        return keptOf(this).read;
      },
    },
  });
  keptResponseClasses.set(Base, KeptDocument);
  return KeptDocument;
}

/**
 * A document answered from kept bytes. Joining a kept page's ~100 KB with a new nonce into a fresh
 * buffer was most of a cache hit's cost (the copy, then the kernel and the collector touching new
 * memory: a hit took 340 µs of CPU without it, 600-800 with it), so the node server writes the
 * chunks to the socket as they are, in one writev (server/kept-document.ts); whatever reads the
 * body instead (compression, a test's app.request) gets the same bytes, joined then. Its
 * Content-Length is known, so nothing on the way treats it as a stream to gather (coalesce-chunks).
 */
export function keptDocumentResponse(chunks: readonly Uint8Array[], init: ResponseInit, origin?: KeptOrigin): Response {
  const kept: KeptChunks = { chunks, byteLength: chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0), read: false, origin };
  const headers = new Headers(init.headers);
  headers.set("Content-Length", String(kept.byteLength));
  return new (keptResponseClass(globalThis.Response))(kept, { ...init, headers });
}

/**
 * The kept chunks of a response made by keptDocumentResponse whose body no one has read. Asked
 * of the kept body itself, not `response.bodyUsed`: on the node server a Response is
 * @hono/node-server's light one, whose `bodyUsed` of any other response makes the full Response
 * behind it.
 */
export function keptChunksOf(response: Response): KeptChunks | undefined {
  const kept = (response as unknown as Record<symbol, KeptChunks | undefined>)[KEPT_CHUNKS];
  return kept && !kept.read ? kept : undefined;
}

/**
 * `read`, shared by concurrent callers: at most one read runs at a time, and a caller only ever gets
 * the answer of a read that began after it called — one already under way may have been answered
 * before a write the caller saw committed. A read begins when `schedule` says, and every caller
 * until then shares it: on the server, at the end of the event loop's turn (setImmediate), so the
 * requests that arrived together make one read, not the first of them one and the rest the next.
 * A caller arriving while a read is under way waits for the next one, which begins after it.
 */
export function sharedReads<T>(read: () => Promise<T>, schedule: (begin: () => void) => void = (begin) => begin()): () => Promise<T> {
  // The read callers may still join (it has not begun), and the one under way (settled with it).
  let open: Promise<T> | undefined;
  let running: Promise<void> | undefined;
  return () => {
    if (open) return open;
    const joined: Promise<T> = (running ?? Promise.resolve())
      .then(() => new Promise<void>((begin) => schedule(begin)))
      .then(() => {
        open = undefined;
        const answer = read();
        const settled = answer.then(
          () => undefined,
          () => undefined,
        );
        running = settled;
        void settled.then(() => {
          if (running === settled) running = undefined;
        });
        return answer;
      });
    open = joined;
    return joined;
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
