/**
 * Root middleware: gives every request its analytics state (tracking id,
 * last-click creator) and, on the way out, writes the cookies it calls for —
 * the tracking id when the visitor had none, the credited creator after a
 * creator's page, map or spot was opened.
 */
import type { MiddlewareFunction, RouterContextProvider } from "react-router";
import { analyticsContext, analyticsSetCookies, analyticsStateFor, secureCookies } from "./request.server";

/**
 * A response a shared cache may store must never carry a visitor's cookie
 * (the next visitor would get it): public assets, robots.txt, the sitemap.
 */
function mayCarryCookies(response: Response): boolean {
  const cacheControl = response.headers.get("cache-control")?.toLowerCase() ?? "";
  return !/\b(public|s-maxage|immutable)\b/.test(cacheControl);
}

function withCookies(response: Response, cookies: string[]): Response {
  try {
    for (const cookie of cookies) response.headers.append("Set-Cookie", cookie);
    return response;
  } catch {
    // Immutable headers (a Response.redirect(), a proxied fetch): copy once.
    const copy = new Response(response.body, response);
    for (const cookie of cookies) copy.headers.append("Set-Cookie", cookie);
    return copy;
  }
}

/**
 * Runs `handle` with this request's analytics state on `context`, and puts the cookies the state
 * calls for on its answer. `handle` may decline (undefined): then no cookie is written, and whoever
 * answers instead starts over with a state of its own (the page cache's early hit, issue 27).
 */
export async function withAnalytics<R extends Response | undefined>(
  request: Request,
  context: Readonly<RouterContextProvider>,
  handle: () => Promise<R>,
): Promise<R> {
  const state = await analyticsStateFor(request);
  context.set(analyticsContext, state);
  const response = await handle();
  if (!response) return response;
  const cookies = await analyticsSetCookies(state, secureCookies());
  return (cookies.length > 0 && mayCarryCookies(response) ? withCookies(response, cookies) : response) as R;
}

export const analyticsMiddleware: MiddlewareFunction<Response> = ({ request, context }, next) => withAnalytics(request, context, next);
