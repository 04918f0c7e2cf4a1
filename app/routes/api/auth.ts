import { dbContext } from "~/lib/db-context.server";
import { getAuth } from "~/modules/auth/auth.server";
import { CLIENT_IP_HEADER, clientIp } from "~/modules/auth/session.server";
import type { Route } from "./+types/auth";

/**
 * better-auth's own HTTP endpoints (/api/auth/*): the links in emails
 * (verify-email, magic-link/verify, reset-password/{token}), the social
 * callbacks and sign-out (the session endpoints are closed: see auth.server.ts). It checks the
 * Origin of every write, and so does the server edge (server/same-origin.ts).
 */
async function handle(request: Request, context: Route.LoaderArgs["context"]) {
  const headers = new Headers(request.headers);
  // Never trust a client-sent value: the proxy-aware IP is ours to set.
  headers.set(CLIENT_IP_HEADER, clientIp(context));
  const init: RequestInit & { duplex?: "half" } = { method: request.method, headers, redirect: "manual" };
  if (request.method !== "GET" && request.method !== "HEAD") {
    init.body = request.body;
    init.duplex = "half";
  }
  return getAuth(context.get(dbContext)).handler(new Request(request.url, init));
}

export function loader({ request, context }: Route.LoaderArgs) {
  return handle(request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return handle(request, context);
}
