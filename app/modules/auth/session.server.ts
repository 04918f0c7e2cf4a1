/**
 * Sessions on the server: who is asking (once per request, by the root
 * middleware), and the guards every protected loader and action starts with.
 */
import { createContext, href, redirect, type RouterContextProvider } from "react-router";
import { getDb } from "~/lib/db.server";
import { requestContext } from "~/lib/request-context";
import { singleton } from "~/lib/singleton.server";
import { getAuth } from "./auth.server";
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
  const auth = await getAuth();
  const { headers, response } = await auth.api.getSession({ headers: authHeaders(request, context), returnHeaders: true });
  const setCookies = headers.getSetCookie();
  if (!response) return { viewer: ANONYMOUS, setCookies };
  const db = await getDb();
  const { user } = response;
  const viewer = await loadViewer(db, { id: user.id, email: user.email, emailVerified: user.emailVerified, name: user.name });
  return { viewer, setCookies };
}

export function getViewer(context: Readonly<RouterContextProvider>): Viewer {
  return context.get(viewerContext);
}

/** Where to send someone who must log in first, coming back to `request` afterwards. */
export function loginUrl(request: Request): string {
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  return `${href("/auth")}?step=login&redirectTo=${encodeURIComponent(back)}`;
}

export type SignedIn = Viewer & { user: NonNullable<Viewer["user"]>; profile: NonNullable<Viewer["profile"]> };

/** A signed-in user, or a redirect to the login flow and back. */
export function requireUser(request: Request, context: Readonly<RouterContextProvider>): SignedIn {
  const viewer = getViewer(context);
  if (!viewer.user || !viewer.profile) throw redirect(loginUrl(request));
  return viewer as SignedIn;
}

function forbidden(): never {
  throw new Response("Forbidden", { status: 403, statusText: "Forbidden" });
}

/** A signed-in creator; other users get the 403 page. */
export function requireCreator(request: Request, context: Readonly<RouterContextProvider>): SignedIn {
  const viewer = requireUser(request, context);
  if (!viewer.profile.isCreator) forbidden();
  return viewer;
}

/** A signed-in admin; other users get the 403 page. */
export function requireAdmin(request: Request, context: Readonly<RouterContextProvider>): SignedIn {
  const viewer = requireUser(request, context);
  if (!viewer.profile.isAdmin) forbidden();
  return viewer;
}

/** A same-site relative path to continue to after auth; anything else falls back to `fallback`. */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  return to;
}
