import { ServerResponse, type OutgoingHttpHeaders } from "node:http";
import type { Http2Bindings, HttpBindings } from "@hono/node-server";
import { RESPONSE_ALREADY_SENT } from "@hono/node-server/utils/response";
import { keptChunksOf } from "../app/modules/page-cache/index.server";

/**
 * Writes a document answered from kept bytes (the page cache's keptDocumentResponse) to the socket
 * as its chunks are, after every middleware has had its say on the status and headers: the kept
 * parts and the request's nonce go out in one writev, never copied into a new buffer (ADR 0051).
 * False, and nothing written, for any other response.
 */
export function sendKeptDocument(response: Response, outgoing: (HttpBindings | Http2Bindings)["outgoing"] | undefined): boolean {
  const kept = keptChunksOf(response);
  if (!kept || !(outgoing instanceof ServerResponse) || outgoing.headersSent) return false;
  const headers: OutgoingHttpHeaders = {};
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie" && name !== "content-length") headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers["set-cookie"] = cookies;
  headers["content-length"] = kept.byteLength;
  outgoing.writeHead(response.status, headers);
  // Corked: the headers and every chunk leave in one write to the socket.
  outgoing.cork();
  for (const chunk of kept.chunks) outgoing.write(chunk);
  outgoing.uncork();
  outgoing.end();
  return true;
}

/** The app's fetch for @hono/node-server: kept documents written by sendKeptDocument, the rest as Hono answered. */
export function nodeFetch(fetch: (request: Request, env: HttpBindings | Http2Bindings) => Response | Promise<Response>) {
  return async (request: Request, env: HttpBindings | Http2Bindings): Promise<Response> => {
    const response = await fetch(request, env);
    if (sendKeptDocument(response, env.outgoing)) return RESPONSE_ALREADY_SENT;
    // Not written here (no node socket to write to): an ordinary Response with the kept body as a stream,
    // since the kept one's own body is made only when asked and @hono/node-server does not ask.
    return keptChunksOf(response) ? new Response(response.body, response) : response;
  };
}
