import { env } from "./env.server";

/** The public origin: PUBLIC_URL when configured, else the request's own. */
export function siteUrl(request: Request): string {
  const configured = env().PUBLIC_URL;
  return (configured ?? new URL(request.url).origin).replace(/\/+$/, "");
}
