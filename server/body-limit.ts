/**
 * Request body size limits for every route, decided before any handler reads a byte.
 *
 * A body announced too large (Content-Length) is refused at once. A body without a length
 * (chunked) is read here with a running byte count, up to the route's limit and no further:
 * the first chunk past it answers 413, so a 100 MB upload costs at most the limit plus one
 * chunk of memory. Bodies within the limit are handed on as a buffer of exactly what was read.
 *
 * After a 413 the rest of the body is read and thrown away for a while (DRAIN_BYTES): a client
 * (a browser uploading a file) only sees the answer if the connection is not reset under it
 * while it is still sending. Past that the stream is cancelled and the connection dropped, so
 * the 413 says `Connection: close`: the client opens a new connection for its next request.
 *
 * Limits go by path pattern (a "*" segment matches any one segment; a pattern matches the path,
 * anything below it, and the ".data" form of a page): the first matching rule wins, else the default.
 */
import type { IncomingMessage } from "node:http";
import type { Context, MiddlewareHandler } from "hono";

export interface BodyLimitRule {
  // "/account", "/studio/maps/*/cover" (a "*" segment is any one segment).
  pattern: string;
  bytes: number;
}

export interface BodyLimits {
  defaultBytes: number;
  rules: BodyLimitRule[];
}

const MB = 1024 * 1024;

/**
 * Routes that take files. Each limit is the largest file the route accepts plus room for the
 * rest of the form; the route still checks the file itself (size and content).
 */
export const UPLOAD_BODY_LIMITS: BodyLimitRule[] = [
  // Creator application: a PDF of up to 20 MB (MAX_APPLICATION_BYTES).
  { pattern: "/api/creator-application", bytes: 21 * MB },
  // Account: the avatar, up to 5 MB (MAX_IMAGE_BYTES).
  { pattern: "/account", bytes: 6 * MB },
  // Studio profile: the cover image, up to 15 MB (MAX_PHOTO_BYTES), or the avatar.
  { pattern: "/studio/profile", bytes: 16 * MB },
  // Tax settings: a certificate of tax residence of up to 10 MB (MAX_CERTIFICATE_BYTES).
  { pattern: "/studio/revenue/tax-settings", bytes: 11 * MB },
  // Studio photos and map covers: 15 MB per file.
  { pattern: "/studio/maps/*/spots/*/photos", bytes: 16 * MB },
  { pattern: "/studio/maps/*/cover", bytes: 16 * MB },
  // Images in a post's body: 15 MB per file.
  { pattern: "/studio/posts/postId/*/images", bytes: 16 * MB },
  // The back office's covers (an article's, a featured destination's): 15 MB per file.
  { pattern: "/admin/articles", bytes: 16 * MB },
  { pattern: "/admin/destinations", bytes: 16 * MB },
  // A collaboration brief's attachments: a PDF or a scan of up to 10 MB (ATTACHMENT_MAX_BYTES).
  { pattern: "/admin/creator-collab", bytes: 11 * MB },
  // Imports: several files of up to 50 MB each (IMPORT_LIMITS.maxUploadBytes), 100 MB together (IMPORT_TOTAL_BYTES).
  { pattern: "/studio/maps/import/google-saved-lists", bytes: 101 * MB },
];

export const DEFAULT_BODY_LIMIT_BYTES = MB;

/** How much of a refused body is read and discarded before the connection is dropped. */
export const DRAIN_BYTES = 8 * MB;

// BODY_LIMITS, "/account=8mb,/studio/maps/*/cover=20mb": rules from the environment, ahead of the built-in ones.
export function parseBodyLimitRules(spec: string): BodyLimitRule[] {
  return spec
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const at = entry.lastIndexOf("=");
      const pattern = entry.slice(0, at).trim();
      const bytes = parseSize(entry.slice(at + 1));
      if (at < 1 || !pattern.startsWith("/") || bytes === undefined) throw new Error(`not "/path=size": ${entry}`);
      return { pattern, bytes };
    });
}

/** "1048576", "512kb", "15mb" → bytes. */
export function parseSize(value: string): number | undefined {
  const match = /^\s*(\d+)\s*(b|kb|mb)?\s*$/i.exec(value);
  if (!match) return undefined;
  const unit = { b: 1, kb: 1024, mb: MB }[(match[2] ?? "b").toLowerCase() as "b" | "kb" | "mb"];
  return Number(match[1]) * unit;
}

/** The limit for a request path. */
export function bodyLimitFor(path: string, limits: BodyLimits): number {
  const segments = stripData(path).split("/");
  for (const rule of limits.rules) {
    const pattern = rule.pattern.replace(/\/+$/, "").split("/");
    if (pattern.length <= segments.length && pattern.every((part, i) => part === "*" || part === segments[i])) return rule.bytes;
  }
  return limits.defaultBytes;
}

// A page's data request (/account.data, /_root.data for "/") posts to the same action as the page.
function stripData(path: string): string {
  if (path === "/_root.data") return "/";
  return path.endsWith(".data") ? path.slice(0, -".data".length) : path;
}

export function tooLargeMessage(bytes: number): string {
  const size = bytes >= MB ? `${Math.round((bytes / MB) * 10) / 10} MB` : `${Math.round(bytes / 1024)} KB`;
  return `The request is too large: the limit here is ${size}.`;
}

export function bodyLimit(limits: BodyLimits): MiddlewareHandler {
  return async (c, next) => {
    const raw = c.req.raw;
    // A GET or HEAD has no body. Asked first: reading `body` turns the node server's light request into a
    // whole fetch Request (its URL parsed, its headers copied and checked): about a fifth of a cached page's time.
    if (raw.method === "GET" || raw.method === "HEAD" || !raw.body) return next();
    const limit = bodyLimitFor(c.req.path, limits);
    // The rest of the body is not read (or only drained for a while), so this connection cannot carry
    // another request: say so, or a keep-alive client sends its next request down a socket about to close.
    const refuse = () => {
      c.header("Connection", "close");
      lingerOnClose(c);
      return c.text(tooLargeMessage(limit), 413);
    };

    const declared = raw.headers.get("content-length");
    if (declared !== null && !raw.headers.has("transfer-encoding")) {
      const length = Number(declared);
      if (!Number.isFinite(length) || length > limit) return refuse();
    }

    const reader = raw.body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        void drain(reader, DRAIN_BYTES);
        return refuse();
      }
      chunks.push(value);
    }
    const body = new Uint8Array(size);
    let offset = 0;
    for (const chunk of chunks) {
      body.set(chunk, offset);
      offset += chunk.byteLength;
    }
    c.req.raw = new Request(raw, { body });
    return next();
  };
}

/** How long a refused upload's connection keeps taking (and discarding) bytes after the 413 has gone. */
export const LINGER_MS = 2_000;

/**
 * A lingering close (as Apache and nginx do): Node ends a `Connection: close` response with
 * `socket.destroySoon()`, which destroys the socket the moment the answer is flushed. The client
 * is still sending its body, so the kernel answers the unread bytes with a reset, and a client
 * that had not yet read the 413 loses it (EPIPE / ECONNRESET instead of the message). Here the
 * socket half-closes instead — our side is done, theirs may go on for LINGER_MS, its bytes read
 * and thrown away by the HTTP parser — and only then is destroyed.
 */
function lingerOnClose(c: Context): void {
  const socket = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket;
  if (!socket) return;
  socket.destroySoon = function destroyAfterLinger() {
    this.end();
    setTimeout(() => this.destroy(), LINGER_MS).unref();
  };
}

// Read and discard (no buffering) until the body ends or `cap` bytes have gone by, then let go.
async function drain(reader: ReadableStreamDefaultReader<Uint8Array>, cap: number): Promise<void> {
  try {
    for (let seen = 0; seen <= cap;) {
      const { done, value } = await reader.read();
      if (done) return;
      seen += value.byteLength;
    }
    await reader.cancel();
  } catch {
    // The client went away: nothing left to do.
  }
}
