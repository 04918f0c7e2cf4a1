/**
 * Root middleware: gives every request its analytics state (tracking id,
 * last-click creator) and, on the way out, writes the cookies it calls for —
 * the tracking id when the visitor had none, the credited creator after a
 * creator's page, map or spot was opened.
 */
import type { MiddlewareFunction } from "react-router";
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

export const analyticsMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const state = await analyticsStateFor(request);
  context.set(analyticsContext, state);
  const response = await next();
  const cookies = await analyticsSetCookies(state, secureCookies());
  return cookies.length > 0 && mayCarryCookies(response) ? withCookies(response, cookies) : response;
};
