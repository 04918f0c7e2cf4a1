/**
 * POST /api/events: the few events only a browser sees (see
 * CLIENT_EVENT_TYPES), as JSON or form data. The server attaches the user,
 * tracking id and last-click creator; the client only names the event and
 * its properties. Bad input gets a 4xx with a clear message, never a 500.
 * This returns the answer as plain data; the route turns it into HTTP.
 */
import type { RouterContextProvider } from "react-router";
import type { Database } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { hit } from "~/modules/rate-limit/index.server";
import { getAnalytics } from "./request.server";
import { clientEventSchema, firstIssue, type ClientEvent } from "./schema";
import { trackForRequest, type TrackedViewer } from "./track.server";

/** Per client IP: far above what a person produces, low enough that a script cannot flood the table. */
export const EVENTS_RATE_LIMIT = { limit: 60, windowMs: 60_000 };
export const MAX_EVENT_BODY_BYTES = 4096;

type Read = { ok: true; event: ClientEvent } | { ok: false; status: number; error: string };

function fail(status: number, error: string): Read {
  return { ok: false, status, error };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

const NOT_JSON = Symbol("not JSON");

/** Form data: `type`, and `properties` as a JSON object in one field. */
function fromForm(fields: Map<string, FormDataEntryValue>): unknown {
  const properties = fields.get("properties");
  if (properties === undefined || properties === "") return { type: fields.get("type") };
  const parsed = typeof properties === "string" ? parseJson(properties) : undefined;
  return parsed === undefined ? NOT_JSON : { type: fields.get("type"), properties: parsed };
}

/** The event in the request body, validated. */
export async function readClientEvent(request: Request): Promise<Read> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_EVENT_BODY_BYTES) return fail(413, `An event is at most ${MAX_EVENT_BODY_BYTES} bytes`);
  const contentType = (request.headers.get("content-type") ?? "").toLowerCase();

  let candidate: unknown;
  if (contentType.startsWith("multipart/form-data")) {
    const form = await request.formData().catch(() => null);
    if (!form) return fail(400, "The form data could not be read");
    candidate = fromForm(new Map(form));
  } else {
    const text = await request.text().catch(() => null);
    if (text === null) return fail(400, "The request body could not be read");
    if (new TextEncoder().encode(text).length > MAX_EVENT_BODY_BYTES) return fail(413, `An event is at most ${MAX_EVENT_BODY_BYTES} bytes`);
    if (contentType.startsWith("application/json")) {
      candidate = parseJson(text);
      if (candidate === undefined) return fail(400, "The body is not valid JSON");
    } else if (contentType.startsWith("application/x-www-form-urlencoded")) {
      candidate = fromForm(new Map(new URLSearchParams(text)));
    } else {
      return fail(415, "Send the event as JSON or form data");
    }
  }
  if (candidate === NOT_JSON) return fail(400, "properties: send a JSON object");
  if (typeof candidate !== "object" || candidate === null || Array.isArray(candidate)) return fail(400, "The event must be an object with a type");
  const parsed = clientEventSchema.safeParse(candidate);
  if (!parsed.success) return fail(400, firstIssue(parsed.error));
  return { ok: true, event: parsed.data };
}

/** Pages of this site only: a browser says where a request comes from. */
function isCrossSite(request: Request): boolean {
  const site = request.headers.get("sec-fetch-site");
  return site !== null && site !== "same-origin" && site !== "none";
}

/** What the route answers: a status, a JSON body and, when refused for speed, when to retry. */
export interface ClientEventReply {
  status: number;
  body: { ok: true } | { ok: false; error: string };
  headers?: Record<string, string>;
}

/** The request's side: its database, its context (analytics state), who is asking and from which IP. */
export interface ClientEventSource {
  db: Database;
  context: Readonly<RouterContextProvider>;
  viewer: TrackedViewer;
  clientIp: string;
}

function refuse(status: number, error: string, headers?: Record<string, string>): ClientEventReply {
  return { status, body: { ok: false, error }, headers };
}

const ACCEPTED: ClientEventReply = { status: 202, body: { ok: true } };

export async function receiveClientEvent(request: Request, { db, context, viewer, clientIp }: ClientEventSource): Promise<ClientEventReply> {
  if (request.method !== "POST") return refuse(405, "Use POST", { Allow: "POST" });
  if (isCrossSite(request)) return refuse(403, "Events are accepted from this site's pages only");

  const limit = await hit(`events:ip:${clientIp}`, EVENTS_RATE_LIMIT);
  if (!limit.allowed) return refuse(429, "Too many events. Please slow down.", { "Retry-After": String(limit.retryAfterSeconds) });

  const read = await readClientEvent(request);
  if (!read.ok) return refuse(read.status, read.error);

  // Bots get the same answer but are not counted.
  if (getAnalytics(context).isBot) return ACCEPTED;
  const recorded = await trackForRequest(db, context, viewer, { type: read.event.type, properties: read.event.properties }).catch((error: unknown) => {
    logger.warn({ err: error }, "could not record a client event");
    return false;
  });
  return recorded ? ACCEPTED : refuse(503, "The event could not be recorded");
}
