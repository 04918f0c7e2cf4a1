import { data, type HeadersFunction } from "react-router";

/** Body of an error response thrown by a loader; `fatal` marks a failed route validation. */
export interface ErrorPayload {
  fatal?: boolean;
  message: string;
}

/**
 * A route whose parameters fail validation: a fatal 404 ('Page Not Found: {path}'),
 * as opposed to the non-fatal 'Page not found: {path}' of an unknown route.
 */
export function routeValidationFailed(request: Request): never {
  const path = new URL(request.url).pathname;
  throw data<ErrorPayload>({ fatal: true, message: `Page Not Found: ${path}` }, { status: 404, statusText: "Not Found" });
}

/** Headers of a 429: when to try again (every 429 says so). Empty for any other answer. */
export function retryAfter(result: { retryAfterSeconds?: number }): Record<string, string> {
  return result.retryAfterSeconds === undefined ? {} : { "Retry-After": String(Math.max(1, Math.ceil(result.retryAfterSeconds))) };
}

/** A route's `headers`: an action's Retry-After reaches the browser (React Router drops action headers otherwise). */
export const actionRetryAfter: HeadersFunction = ({ actionHeaders }) => {
  const value = actionHeaders.get("Retry-After");
  return value ? { "Retry-After": value } : new Headers();
};

/** An item that does not exist or may not be seen by this viewer. */
export function notFound(request: Request): never {
  const path = new URL(request.url).pathname;
  throw data<ErrorPayload>({ message: `Page not found: ${path}` }, { status: 404, statusText: "Not Found" });
}
