import { ServerResponse, type OutgoingHttpHeaders } from "node:http";
import type { Http2Bindings, HttpBindings } from "@hono/node-server";
import { RESPONSE_ALREADY_SENT } from "@hono/node-server/utils/response";
import { type KeptChunks, keptChunksOf } from "../app/modules/page-cache/index.server";

type Outgoing = (HttpBindings | Http2Bindings)["outgoing"] | undefined;

/** A Node response that nothing has answered yet: where kept chunks can be written as they are. */
export function writableResponse(outgoing: Outgoing): ServerResponse | undefined {
  return outgoing instanceof ServerResponse && !outgoing.headersSent ? outgoing : undefined;
}

/** Kept chunks written with `headers`: corked, so the headers and every chunk leave in one write to the socket. */
export function writeKept(outgoing: ServerResponse, status: number, headers: OutgoingHttpHeaders, kept: KeptChunks): void {
  outgoing.writeHead(status, headers);
  outgoing.cork();
  for (const chunk of kept.chunks) outgoing.write(chunk);
  outgoing.uncork();
  outgoing.end();
}

/**
 * Writes a document answered from kept bytes (the page cache's keptDocumentResponse) to the socket
 * as its chunks are, after every middleware has had its say on the status and headers: the kept
 * parts and the request's nonce go out in one writev, never copied into a new buffer (ADR 0051).
 * False, and nothing written, for any other response.
 */
export function sendKeptDocument(response: Response, outgoing: Outgoing): boolean {
  const kept = keptChunksOf(response);
  const out = writableResponse(outgoing);
  if (!kept || !out) return false;
  const headers: OutgoingHttpHeaders = {};
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie" && name !== "content-length") headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers["set-cookie"] = cookies;
  headers["content-length"] = kept.byteLength;
  writeKept(out, response.status, headers, kept);
  return true;
}

/** Answers some requests before the app does (server/hit-lane.ts), and is told what the app answered the others. */
export interface EarlyAnswers {
  /** True when it has written the answer itself. */
  answer(request: Request, env: HttpBindings | Http2Bindings): Promise<boolean>;
  /** The app's answer to a request it did not take, before it is written. */
  answered(env: HttpBindings | Http2Bindings, response: Response): void;
}

/**
 * The app's fetch for @hono/node-server: kept documents written by sendKeptDocument, the rest as
 * Hono answered; `early` (the cache hit lane) first, when given.
 */
export function nodeFetch(fetch: (request: Request, env: HttpBindings | Http2Bindings) => Response | Promise<Response>, early?: EarlyAnswers) {
  return async (request: Request, env: HttpBindings | Http2Bindings): Promise<Response> => {
    if (early && (await early.answer(request, env))) return RESPONSE_ALREADY_SENT;
    const response = await fetch(request, env);
    early?.answered(env, response);
    if (sendKeptDocument(response, env.outgoing)) return RESPONSE_ALREADY_SENT;
    // Not written here (no node socket to write to): an ordinary Response with the kept body as a stream,
    // since the kept one's own body is made only when asked and @hono/node-server does not ask.
    return keptChunksOf(response) ? new Response(response.body, response) : response;
  };
}
