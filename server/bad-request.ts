/**
 * Malformed requests end at the edge as a 4xx with a clear message, before any route or query
 * runs, instead of surfacing as a 500 from deep inside (issue 16, item 3):
 *
 * - a NUL byte in the path or the query: PostgreSQL refuses NUL in text, so such a value must
 *   never reach a query, and nothing legitimate carries one (other control characters, a tab or
 *   a newline in redirectTo, are the routes' to judge: the safe-redirect check drops them);
 * - a path or query that is not valid percent-encoded UTF-8;
 * - a form action sent something that is not a form (no body, JSON, text, bytes, a multipart
 *   body without its boundary): `request.formData()` throws a TypeError there. Every request
 *   that may carry a body is handed on as a `CheckedRequest`, whose `formData()` and `json()`
 *   turn an unreadable body into a thrown 400/415 Response, the way routes refuse a request,
 *   and refuse NUL bytes in form fields and JSON strings for the same reason as in URLs.
 */
import type { MiddlewareHandler } from "hono";

export const BAD_ADDRESS = "This address contains a character that is not allowed.";
export const NOT_A_FORM = "This form must be sent as application/x-www-form-urlencoded or multipart/form-data.";
export const UNREADABLE_FORM = "This form could not be read: its body is malformed.";
export const NUL_IN_FORM = "This form contains a character that is not allowed (a NUL byte).";
export const UNREADABLE_JSON = "This request's body is not valid JSON.";

const FORM_TYPE = /^\s*(multipart\/form-data|application\/x-www-form-urlencoded)\s*(;|$)/i;

/** Whether a path or query, as received (percent-encoded), decodes to UTF-8 without a NUL. */
export function isCleanUrlPart(part: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(part.replaceAll("+", " "));
  } catch {
    return false;
  }
  return !decoded.includes("\u0000");
}

function refuse(status: 400 | 415, message: string): Response {
  return new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

function hasNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (Array.isArray(value)) return value.some(hasNul);
  if (value && typeof value === "object") return Object.entries(value).some(([k, v]) => k.includes("\u0000") || hasNul(v));
  return false;
}

/**
 * A Request whose body readers fail as a refusal (a thrown Response with a 4xx status, which
 * React Router answers as that status) rather than with a TypeError (a 500).
 */
export class CheckedRequest extends Request {
  override async formData(): Promise<FormData> {
    if (!FORM_TYPE.test(this.headers.get("content-type") ?? "")) throw refuse(415, NOT_A_FORM);
    let form: FormData;
    try {
      form = await super.formData();
    } catch {
      throw refuse(400, UNREADABLE_FORM);
    }
    for (const [key, value] of form) if (key.includes("\u0000") || (typeof value === "string" && value.includes("\u0000"))) throw refuse(400, NUL_IN_FORM);
    return form;
  }

  override async json(): Promise<unknown> {
    let value: unknown;
    try {
      value = JSON.parse(await super.text());
    } catch {
      throw refuse(400, UNREADABLE_JSON);
    }
    if (hasNul(value)) throw refuse(400, NUL_IN_FORM);
    return value;
  }

  override clone(): CheckedRequest {
    return new CheckedRequest(super.clone());
  }
}

export function rejectBadRequests(): MiddlewareHandler {
  return async (c, next) => {
    const url = c.req.url;
    const start = url.indexOf("/", url.indexOf("//") + 2);
    const hash = url.indexOf("#");
    const pathAndQuery = url.slice(start, hash === -1 ? undefined : hash);
    const q = pathAndQuery.indexOf("?");
    const path = q === -1 ? pathAndQuery : pathAndQuery.slice(0, q);
    const query = q === -1 ? "" : pathAndQuery.slice(q + 1);
    if (!isCleanUrlPart(path) || !query.split("&").every(isCleanUrlPart)) return refuse(400, BAD_ADDRESS);
    if (c.req.method !== "GET" && c.req.method !== "HEAD") {
      const raw = c.req.raw;
      c.req.raw = new CheckedRequest(raw, raw.body ? ({ duplex: "half" } as RequestInit) : undefined);
    }
    return next();
  };
}
