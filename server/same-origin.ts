/**
 * Cross-site request forgery, refused once at the edge for every route (pages, their .data, resource
 * and API routes alike): a request that can change something (any method but GET, HEAD, OPTIONS)
 * must come from our own origin. Browsers say where a request comes from in Origin (every
 * cross-origin request, and every POST from current browsers) or, failing that, Sec-Fetch-Site; a
 * page on the same host but another port is another origin and is refused too. A request with
 * neither header is not from a browser, so no visitor's cookies are being ridden: it passes, and
 * each route's own authorisation decides.
 *
 * Exempt: the Stripe webhook (server to server, authenticated by its signature). better-auth's
 * endpoints check Origin against their base URL themselves; they go through this check as well.
 */
import type { MiddlewareHandler } from "hono";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Paths whose writes are authenticated otherwise and come from other origins by design. */
export const CROSS_ORIGIN_EXEMPT = ["/api/webhooks/stripe"];

export const CROSS_ORIGIN_MESSAGE = "This request came from another site and was refused.";

export interface SameOriginOptions {
  /** PUBLIC_URL's origin: the site's address behind a proxy that terminates TLS. */
  publicOrigin?: string;
  /** Whether X-Forwarded-Proto/-Host come from a configured proxy (so they may be believed). */
  fromTrustedProxy: (c: Parameters<MiddlewareHandler>[0]) => boolean;
}

/** Whether a request that may change something comes from a page of this site. */
export function isSameOrigin(request: Request, opts: { publicOrigin?: string; trustForwarded: boolean }): boolean {
  const origin = request.headers.get("origin");
  if (origin === null) {
    // No Origin: a browser still says whether the request crosses sites; a non-browser client says nothing.
    const site = request.headers.get("sec-fetch-site");
    return site === null || site === "same-origin" || site === "none";
  }
  const url = new URL(request.url);
  const allowed = new Set([url.origin]);
  if (opts.publicOrigin) allowed.add(opts.publicOrigin);
  if (opts.trustForwarded) {
    const proto = request.headers.get("x-forwarded-proto")?.split(",")[0].trim().toLowerCase();
    const host = request.headers.get("x-forwarded-host")?.split(",")[0].trim() || url.host;
    if (proto === "http" || proto === "https") allowed.add(`${proto}://${host}`);
  }
  // "null" (a sandboxed frame, a data: page) matches nothing.
  return allowed.has(origin);
}

export function sameOrigin(opts: SameOriginOptions): MiddlewareHandler {
  const publicOrigin = opts.publicOrigin ? new URL(opts.publicOrigin).origin : undefined;
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || CROSS_ORIGIN_EXEMPT.includes(c.req.path)) return next();
    if (isSameOrigin(c.req.raw, { publicOrigin, trustForwarded: opts.fromTrustedProxy(c) })) return next();
    c.header("Cache-Control", "no-store");
    return c.text(CROSS_ORIGIN_MESSAGE, 403);
  };
}
