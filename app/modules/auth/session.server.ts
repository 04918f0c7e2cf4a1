/**
 * Sessions on the server: who is asking (once per request, by the root
 * middleware). The guards built on it answer in HTTP, so they live with the
 * routes (app/routes/guards.server.ts).
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { parseCookies } from "better-auth/cookies";
import { createContext, type RouterContextProvider } from "react-router";
import { dbContext } from "~/lib/db-context.server";
import type { Database } from "~/lib/db.server";
import { requestContext } from "~/lib/request-context";
import { singleton } from "~/lib/singleton.server";
import { getAuth } from "./auth.server";
import { SESSION_MAX_AGE_SECONDS, SESSION_UPDATE_AGE_SECONDS, mayCarrySession } from "./session-cookie";
import { suspensionInForce } from "./suspension.server";
import { ANONYMOUS, loadSessionViewer, loadViewer, type Viewer } from "./viewer.server";

/** The header better-auth reads the client IP from; always set by us, never trusted from outside. */
export const CLIENT_IP_HEADER = "x-spotfolio-client-ip";

export const viewerContext = singleton("viewerContext", () => createContext<Viewer>(ANONYMOUS));

export function clientIp(context: Readonly<RouterContextProvider>): string {
  try {
    return context.get(requestContext).clientIp;
  } catch {
    return "127.0.0.1";
  }
}

/** The request's headers for an in-process auth call, with our resolved client IP. */
export function authHeaders(request: Request, context: Readonly<RouterContextProvider>): Headers {
  const headers = new Headers(request.headers);
  headers.set(CLIENT_IP_HEADER, clientIp(context));
  return headers;
}

/**
 * Resolve the session cookie to a viewer. Returns the Set-Cookie headers
 * better-auth wants sent back (a rolling session refresh, or clearing a dead
 * cookie) so the caller can pass them on.
 */
export async function resolveViewer(request: Request, context: Readonly<RouterContextProvider>): Promise<{ viewer: Viewer; setCookies: string[] }> {
  const cookie = request.headers.get("cookie");
  if (!cookie || !mayCarrySession(cookie)) return { viewer: ANONYMOUS, setCookies: [] };
  const db = context.get(dbContext);
  const quick = await resolveCurrentSession(db, cookie);
  if (quick) return { viewer: quick, setCookies: [] };
  const { headers, response } = await getAuth(db).api.getSession({ headers: authHeaders(request, context), returnHeaders: true });
  const setCookies = headers.getSetCookie();
  if (!response) return { viewer: ANONYMOUS, setCookies };
  const { user } = response;
  const [viewer, suspension] = await Promise.all([
    loadViewer(db, { id: user.id, email: user.email, emailVerified: user.emailVerified, name: user.name }),
    suspensionInForce(db, user.id),
  ]);
  // Suspending deletes the sessions; a session made in the instant before that commit is refused here.
  if (suspension) return { viewer: ANONYMOUS, setCookies };
  return { viewer, setCookies };
}

/**
 * The common case in one statement (issue 27): a validly signed session cookie whose session is
 * live and not due for its daily refresh. The session, its user, the viewer and any suspension are
 * read together, so a signed-out, expired or suspended session is refused on this very request as
 * before. Anything else (no such session, expired, due for refresh, a stale session-data cookie to
 * clear) returns undefined and goes through better-auth, which refreshes or clears the cookie.
 */
async function resolveCurrentSession(db: Database, cookieHeader: string): Promise<Viewer | undefined> {
  const { authCookies, secret } = await getAuth(db).$context;
  const cookies = parseCookies(cookieHeader);
  if (cookies.has(authCookies.sessionData.name)) return undefined;
  const token = verifiedToken(cookies.get(authCookies.sessionToken.name), secret);
  if (!token) return undefined;
  const found = await loadSessionViewer(db, token);
  if (!found) return undefined;
  const now = Date.now();
  const expires = found.expiresAt.getTime();
  // better-auth's own rule (session.updateAge): refresh once the session is a day old.
  const dueForRefresh = expires - SESSION_MAX_AGE_SECONDS * 1000 + SESSION_UPDATE_AGE_SECONDS * 1000 <= now;
  if (expires <= now || dueForRefresh) return undefined;
  // Suspending deletes the sessions; a session made in the instant before that commit is refused here.
  return found.suspended ? ANONYMOUS : found.viewer;
}

/** The token of a cookie better-auth signed (`token.base64(HMAC-SHA256(secret, token))`), or undefined. */
function verifiedToken(value: string | undefined, secret: string): string | undefined {
  const dot = value?.lastIndexOf(".") ?? -1;
  if (!value || dot < 1) return undefined;
  const token = value.slice(0, dot);
  const signature = Buffer.from(value.slice(dot + 1), "base64");
  const expected = createHmac("sha256", secret).update(token).digest();
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? token : undefined;
}

/** The id (never the token) of the session this request is signed in with. */
export async function currentSessionId(request: Request, context: Readonly<RouterContextProvider>): Promise<string | undefined> {
  const result = await getAuth(context.get(dbContext)).api.getSession({ headers: authHeaders(request, context), query: { disableRefresh: true } });
  return result?.session.id;
}

export function getViewer(context: Readonly<RouterContextProvider>): Viewer {
  return context.get(viewerContext);
}

export type SignedIn = Viewer & { user: NonNullable<Viewer["user"]>; profile: NonNullable<Viewer["profile"]> };

export function isSignedIn(viewer: Viewer): viewer is SignedIn {
  return Boolean(viewer.user && viewer.profile);
}
