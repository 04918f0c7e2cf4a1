/**
 * The guards every protected loader and action starts with: a redirect to
 * the login flow or a 403 page, thrown for React Router to answer.
 */
import { href, redirect, type RouterContextProvider } from "react-router";
import { pageUrl } from "~/lib/page-url";
import { safeRedirect } from "~/lib/safe-redirect";
import { getViewer, isSignedIn, type SignedIn } from "~/modules/auth/session.server";

type Ctx = Readonly<RouterContextProvider>;

/** Where to send someone who must log in first, coming back to `request` afterwards. */
export function loginUrl(request: Request): string {
  // A client-side navigation asks for `/atlas.data?_routes=…`: come back to the page, not its data.
  const url = new URL(request.url);
  const back = safeRedirect(pageUrl(url.pathname + url.search));
  return `${href("/auth")}?step=login&redirectTo=${encodeURIComponent(back)}`;
}

/** A signed-in user, or a redirect to the login flow and back. */
export function requireUser(request: Request, context: Ctx): SignedIn {
  const viewer = getViewer(context);
  if (!isSignedIn(viewer)) throw redirect(loginUrl(request));
  return viewer;
}

function forbidden(): never {
  throw new Response("Forbidden", { status: 403, statusText: "Forbidden" });
}

/** A signed-in creator; other users get the 403 page. */
export function requireCreator(request: Request, context: Ctx): SignedIn {
  const viewer = requireUser(request, context);
  if (!viewer.profile.isCreator) forbidden();
  return viewer;
}

/** A creator who has chosen a handle: the Studio's pages and actions (a child route's loader runs apart from the layout's, so each calls this itself). */
export type StudioCreator = SignedIn & { profile: SignedIn["profile"] & { handle: string } };

/**
 * A creator with a handle. Anonymous visitors log in first, other users get
 * the 403 page, and a creator without a handle is sent to /studio to choose one.
 */
export function requireStudioCreator(request: Request, context: Ctx): StudioCreator {
  const viewer = requireCreator(request, context);
  if (!viewer.profile.handle) throw redirect(href("/studio"));
  return viewer as StudioCreator;
}

/** A signed-in admin; other users get the 403 page. */
export function requireAdmin(request: Request, context: Ctx): SignedIn {
  const viewer = requireUser(request, context);
  if (!viewer.profile.isAdmin) forbidden();
  return viewer;
}
