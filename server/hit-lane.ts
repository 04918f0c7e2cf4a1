/**
 * The cache hit lane (ADR 0060): an anonymous visitor's current copy of a public page answered
 * before Hono's middleware, with the very headers that middleware gave the same copy for a
 * request of the same shape. Running a dozen middleware and their header edits was a third of a
 * hit's time once the page itself was kept (ADR 0058).
 *
 * The headers are replayed, never rebuilt: each time the whole server answers a copy (the first
 * hit of a new copy, or of a new request shape), the headers it wrote are kept with that copy,
 * with the nonce marked where it stood and the per-request ones (the request id, the length, the
 * analytics cookies) left out. A later request takes the lane only when the copy it gets has kept
 * headers for its shape: everything the middleware read that is not in the cache key (the URL) —
 * whether it came from a trusted proxy and what that proxy said of the scheme and host, and
 * the Accept-Encoding that decides compression. A browser asking for gzip gets a compressed copy
 * from the middleware, which is not kept, so it keeps going the whole way.
 */
import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders } from "node:http";
import type { Http2Bindings, HttpBindings } from "@hono/node-server";
import { keptChunksOf, mayBeCachedDocument, serveCachedDocument } from "../app/modules/page-cache/index.server";
import { type AppOptions, logRequest, routerContextFor } from "./app";
import { forwardedUrl, withUrl } from "./forwarded";
import { type EarlyAnswers, writableResponse, writeKept } from "./kept-document";
import { freshNonce } from "./nonce";

/** A kept header: its value, or the pieces of it around the nonce. */
type HeaderTemplate = [name: string, value: string | string[]][];

/** Headers each request has its own of: never kept. */
const PER_REQUEST = new Set(["set-cookie", "x-request-id", "content-length"]);

/** Request shapes kept per copy: a handful in practice (direct, through the proxy, a few Accept-Encodings). */
const SHAPES_PER_COPY = 8;

function header(headers: IncomingHttpHeaders, name: string): string {
  const value = headers[name];
  return Array.isArray(value) ? value.join(", ") : (value ?? "");
}

export function createHitLane(opts: Pick<AppOptions, "log" | "db" | "trustedProxies">): EarlyAnswers {
  const templates = new WeakMap<object, Map<string, HeaderTemplate>>();
  const fromTrustedProxy = (remote: string | undefined) => opts.trustedProxies.has((remote ?? "").replace(/^::ffff:/, ""));

  /**
   * What the middleware's headers depend on besides the URL, or undefined for a request the lane
   * never takes: not a plain GET over HTTP/1 (a body, whose size the body limit judges), or one
   * that brings its own request id (the middleware would echo it).
   */
  function shapeOf(incoming: IncomingMessage): string | undefined {
    const h = incoming.headers;
    if (incoming.method !== "GET" || h["x-request-id"] !== undefined || h["transfer-encoding"] !== undefined) return undefined;
    if (h["content-length"] !== undefined && h["content-length"] !== "0") return undefined;
    const proxy = fromTrustedProxy(incoming.socket.remoteAddress);
    const forwarded = proxy ? `${header(h, "x-forwarded-proto")}\u0000${header(h, "x-forwarded-host")}` : "";
    return `${proxy ? "proxy" : "direct"}\u0000${forwarded}\u0000${header(h, "accept-encoding")}`;
  }

  return {
    async answer(request: Request, env: HttpBindings | Http2Bindings): Promise<boolean> {
      const out = writableResponse(env.outgoing);
      const incoming = env.incoming as IncomingMessage;
      if (!out) return false;
      const shape = shapeOf(incoming);
      if (shape === undefined) return false;
      const start = performance.now();
      const remoteAddress = incoming.socket.remoteAddress;
      const url = forwardedUrl(request, fromTrustedProxy(remoteAddress));
      const visitor = url ? withUrl(request, url) : request;
      // Assets, signed-in pages, posts: turned away before a request id, a nonce or a context is made for them.
      if (!mayBeCachedDocument(visitor)) return false;
      const requestId = crypto.randomUUID();
      const nonce = freshNonce();
      const context = routerContextFor(opts, { requestId, nonce, remoteAddress, forwardedFor: header(incoming.headers, "x-forwarded-for") || null });
      let template: HeaderTemplate | undefined;
      // Only a copy whose headers are kept for this shape: anything else goes the whole way, untouched.
      const response = await serveCachedDocument(visitor, context, (copy) => (template = templates.get(copy)?.get(shape)) !== undefined).catch(() => undefined);
      const kept = response && keptChunksOf(response);
      if (!kept || !template) return false;
      const headers: OutgoingHttpHeaders = {};
      for (const [name, value] of template) headers[name] = typeof value === "string" ? value : value.join(nonce);
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) headers["set-cookie"] = cookies;
      headers["x-request-id"] = requestId;
      headers["content-length"] = kept.byteLength;
      writeKept(out, 200, headers, kept);
      logRequest(opts.log, { requestId, method: "GET", path: new URL(visitor.url).pathname, status: 200, start });
      return true;
    },

    answered(env: HttpBindings | Http2Bindings, response: Response): void {
      const kept = keptChunksOf(response);
      if (!kept?.origin || response.status !== 200 || !writableResponse(env.outgoing)) return;
      const shape = shapeOf(env.incoming as IncomingMessage);
      if (shape === undefined) return;
      const { copy, nonce } = kept.origin;
      let shapes = templates.get(copy);
      if (!shapes) templates.set(copy, (shapes = new Map()));
      if (shapes.has(shape) || shapes.size >= SHAPES_PER_COPY) return;
      const template: HeaderTemplate = [];
      response.headers.forEach((value, name) => {
        if (!PER_REQUEST.has(name)) template.push([name, value.includes(nonce) ? value.split(nonce) : value]);
      });
      shapes.set(shape, template);
    },
  };
}
