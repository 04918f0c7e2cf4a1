/**
 * The address a visitor used, behind a proxy that terminates TLS. The Node adapter builds the
 * request URL from the socket (always http) and the Host header; the proxy says what the visitor
 * used in X-Forwarded-Proto and X-Forwarded-Host. React Router compares a form post's Origin with
 * the request URL (and refuses a mismatch with a 400), links and redirects are built from it: so
 * the URL handed on must carry the public scheme and host, when, and only when, the request
 * comes from a configured proxy (TRUSTED_PROXIES). Anyone else's X-Forwarded-* headers are ignored.
 */

/** A host, with an optional port: a name, an IPv4 address or a bracketed IPv6 one. Nothing else (no path, no user). */
const HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

// A list ("https, http") from a chain of proxies: the first is what the visitor used.
function first(value: string | null): string | undefined {
  const head = value?.split(",")[0]?.trim();
  return head || undefined;
}

/**
 * The public URL of a request from a trusted proxy (its X-Forwarded-Proto and X-Forwarded-Host
 * applied to the URL), or undefined when nothing changes: the request is not from a trusted proxy,
 * says nothing, or says something that is not a scheme or a host.
 */
export function forwardedUrl(request: Request, fromTrustedProxy: boolean): string | undefined {
  if (!fromTrustedProxy) return undefined;
  const proto = first(request.headers.get("x-forwarded-proto"))?.toLowerCase();
  const host = first(request.headers.get("x-forwarded-host"));
  const url = new URL(request.url);
  const scheme = proto === "http" || proto === "https" ? `${proto}:` : url.protocol;
  const authority = host && HOST.test(host) ? host.toLowerCase() : url.host;
  if (scheme === url.protocol && authority === url.host) return undefined;
  let rebuilt: URL;
  try {
    rebuilt = new URL(`${scheme}//${authority}${url.pathname}${url.search}`);
  } catch {
    return undefined;
  }
  return rebuilt.href === url.href ? undefined : rebuilt.href;
}

/** The same request at another URL: method, headers, body (still unread) and signal carried over. */
export function withUrl(request: Request, url: string): Request {
  const init: RequestInit & { duplex?: "half" } = { method: request.method, headers: request.headers, signal: request.signal };
  if (request.body) {
    init.body = request.body;
    init.duplex = "half";
  }
  return new Request(url, init);
}
