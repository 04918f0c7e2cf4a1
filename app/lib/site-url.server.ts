import { env } from "./env.server";

/**
 * The public origin: PUBLIC_URL when configured, else the request's own, else
 * (work done outside a request, e.g. an email queued by a module) this machine's
 * address. The one source of the site's address for links, legal texts and emails.
 */
export function siteUrl(request?: Request): string {
  const { PUBLIC_URL, PORT } = env();
  return (PUBLIC_URL ?? (request ? new URL(request.url).origin : `http://localhost:${PORT}`)).replace(/\/+$/, "");
}
