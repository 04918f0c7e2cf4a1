/**
 * The client's address: the socket's peer, unless that peer is a configured
 * proxy, in which case the right-most X-Forwarded-For entry not itself a proxy.
 */
export function clientIp(remote: string | undefined, forwardedFor: string | null, trustedProxies: Set<string>): string {
  const peer = normalise(remote ?? "");
  if (!forwardedFor || !trustedProxies.has(peer)) return peer || "unknown";
  const hops = forwardedFor
    .split(",")
    .map((s) => normalise(s.trim()))
    .filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) {
    if (!trustedProxies.has(hops[i])) return hops[i];
  }
  return hops[0] ?? peer;
}

function normalise(ip: string): string {
  return ip.startsWith("::ffff:") ? ip.slice(7) : ip;
}

export function parseProxyList(value: string): Set<string> {
  return new Set(
    value
      .split(",")
      .map((s) => normalise(s.trim()))
      .filter(Boolean),
  );
}

/** Whether the request reached us over https: the URL's scheme, or X-Forwarded-Proto from a configured proxy. */
export function requestIsHttps(request: Request, remote: string | undefined, trustedProxies: Set<string>): boolean {
  if (new URL(request.url).protocol === "https:") return true;
  const forwarded = request.headers.get("x-forwarded-proto");
  if (!forwarded || !trustedProxies.has(normalise(remote ?? ""))) return false;
  return forwarded.split(",")[0].trim().toLowerCase() === "https";
}
