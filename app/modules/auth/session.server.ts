/**
 * Sessions on the server: who is asking (once per request, by the root
 * middleware). The guards built on it answer in HTTP, so they live with the
 * routes (app/routes/guards.server.ts).
 */
import { createContext, type RouterContextProvider } from "react-router";
import { dbContext } from "~/lib/db-context.server";
import { requestContext } from "~/lib/request-context";
import { singleton } from "~/lib/singleton.server";
import { getAuth } from "./auth.server";
import { suspensionInForce } from "./suspension.server";
import { ANONYMOUS, loadViewer, type Viewer } from "./viewer.server";

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
  if (!request.headers.get("cookie")?.includes("session_token")) return { viewer: ANONYMOUS, setCookies: [] };
  const db = context.get(dbContext);
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
