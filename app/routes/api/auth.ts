import { href } from "react-router";
import { dbContext } from "~/lib/db-context.server";
import { isSameSiteTarget } from "~/lib/safe-redirect";
import { siteUrl } from "~/lib/site-url.server";
import { getAuth } from "~/modules/auth/auth.server";
import { CLIENT_IP_HEADER, clientIp } from "~/modules/auth/session.server";
import { ACCOUNT_SUSPENDED } from "~/modules/auth/suspension.server";
import type { Route } from "./+types/auth";

/** Every parameter better-auth sends the visitor on to (in the query of a link, or in a JSON body). */
const RETURN_ADDRESS_PARAMS = ["callbackURL", "errorCallbackURL", "newUserCallbackURL", "redirectTo"] as const;

const OFF_SITE_RETURN_MESSAGE = "This link sends you to another site, so it was not followed.";

/** The first return address (query or JSON body) that leaves this site, if any. */
function offSiteReturnAddress(url: URL, body: unknown, siteOrigin: string): string | undefined {
  const values: unknown[] = [];
  for (const name of RETURN_ADDRESS_PARAMS) {
    values.push(...url.searchParams.getAll(name));
    if (body && typeof body === "object" && name in body) values.push((body as Record<string, unknown>)[name]);
  }
  for (const value of values) {
    if (value === undefined || value === null || value === "") continue;
    if (typeof value !== "string" || !isSameSiteTarget(value, siteOrigin)) return String(value);
  }
  return undefined;
}

/** A body's fields, as better-auth would read them: JSON, or a urlencoded form. */
function fieldsOf(text: string, contentType: string | null): unknown {
  if (contentType?.toLowerCase().includes("application/x-www-form-urlencoded")) return Object.fromEntries(new URLSearchParams(text));
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * better-auth's own HTTP endpoints (/api/auth/*): the links in emails
 * (verify-email, magic-link/verify, reset-password/{token}), the social
 * callbacks and sign-out (the session endpoints are closed: see auth.server.ts). It checks the
 * Origin of every write, and so does the server edge (server/same-origin.ts).
 *
 * better-auth accepts any relative return address, and resolves "/..//evil.example" into
 * "//evil.example", another site: every return address it reads is held to our own rule
 * (app/lib/safe-redirect.ts) first, and a request naming another site is refused before
 * better-auth sees it (nothing verified, nothing spent).
 */
async function handle(request: Request, context: Route.LoaderArgs["context"]) {
  const headers = new Headers(request.headers);
  // Never trust a client-sent value: the proxy-aware IP is ours to set.
  headers.set(CLIENT_IP_HEADER, clientIp(context));
  const init: RequestInit & { duplex?: "half" } = { method: request.method, headers, redirect: "manual" };
  let body: unknown;
  if (request.method !== "GET" && request.method !== "HEAD") {
    // The edge has bounded the body already (server/body-limit.ts): read it to check it, then hand it on.
    const text = await request.text();
    body = fieldsOf(text, request.headers.get("content-type"));
    init.body = text;
  }
  if (offSiteReturnAddress(new URL(request.url), body, siteUrl(request)) !== undefined) {
    return new Response(OFF_SITE_RETURN_MESSAGE, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  }
  const response = await getAuth(context.get(dbContext)).handler(new Request(request.url, init));
  // A followed link (magic link, email confirmation, social callback) of a suspended account: the
  // session hook refused it with a JSON error; the person gets the login page saying so instead.
  if (request.method === "GET" && response.status === 403 && (await refusedAsSuspended(response))) {
    return new Response(null, { status: 302, headers: { Location: `${href("/auth")}?step=login&suspended=1`, "Cache-Control": "no-store" } });
  }
  return response;
}

async function refusedAsSuspended(response: Response): Promise<boolean> {
  try {
    const body = (await response.clone().json()) as { code?: unknown };
    return body.code === ACCOUNT_SUSPENDED;
  } catch {
    return false;
  }
}

export function loader({ request, context }: Route.LoaderArgs) {
  return handle(request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return handle(request, context);
}
