import { PassThrough } from "node:stream";
import type { EntryContext, HandleDataRequestFunction, HandleErrorFunction, RouterContextProvider } from "react-router";
import { ServerRouter, isRouteErrorResponse } from "react-router";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import { requestContext } from "./lib/request-context";
import { logger } from "./lib/logger.server";
import { documentFromMarkup, keepMarkup, keptDocumentResponse, keptMarkup, markupRequest } from "./modules/page-cache/index.server";

export const streamTimeout = 5_000;

// Pages and their data depend on who asks (Premium spots, the signed-in header): a shared cache
// must never keep one viewer's copy for the next. A route that knows better sets its own header.
const PRIVATE_CACHING = "private, no-store";

function requestInfo(loadContext: Readonly<RouterContextProvider> | undefined) {
  try {
    return loadContext?.get(requestContext);
  } catch {
    return undefined;
  }
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const info = requestInfo(loadContext);
  const log = info?.log ?? logger;
  const path = new URL(request.url).pathname;
  const userAgent = request.headers.get("user-agent");
  const bot = Boolean(userAgent && isbot(userAgent));

  if (responseStatusCode === 404) {
    const fatal = routerContext.staticHandlerContext.errors
      ? Object.values(routerContext.staticHandlerContext.errors).some((e) => isRouteErrorResponse(e) && (e.data as { fatal?: boolean } | null)?.fatal)
      : false;
    log.warn({ path, fatal }, fatal ? `Page Not Found: ${path}` : `Page not found: ${path}`);
  }

  if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", PRIVATE_CACHING);

  // Bots get the bare status, never an error page.
  if (bot && responseStatusCode >= 400) {
    return new Response(null, { status: responseStatusCode, headers: { "Cache-Control": "no-store" } });
  }

  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  // A signed-in viewer's public page: drawn from a copy of the same markup when there is one, else
  // drawn whole and its markup kept (modules/page-cache/viewer-markup.server.ts, ADR 0050).
  const nonce = info?.nonce;
  const memo =
    nonce && !bot && !routerContext.isSpaMode && routerContext.serverHandoffStream
      ? markupRequest(request, responseStatusCode, routerContext.staticHandlerContext.loaderData, Boolean(routerContext.staticHandlerContext.errors))
      : undefined;
  if (memo && nonce) {
    const copy = keptMarkup(memo.key);
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    if (copy)
      return documentFromMarkup(copy, nonce, routerContext.serverHandoffStream!).then((chunks) =>
        keptDocumentResponse(chunks, { headers: responseHeaders, status: 200 }),
      );
    const shaped = { ...routerContext, staticHandlerContext: { ...routerContext.staticHandlerContext, loaderData: memo.loaderData } };
    return renderWhole(shaped, request.url, nonce, log).then(({ html, failed }) => {
      if (!failed) keepMarkup(memo.key, html, nonce);
      return new Response(html, { headers: responseHeaders, status: failed ? 500 : 200 });
    });
  }

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    // Bots and SPA-mode renders wait for all content so crawlers see the whole page.
    const readyOption: keyof RenderToPipeableStreamOptions = bot || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} nonce={info?.nonce} />, {
      nonce: info?.nonce,
      [readyOption]() {
        shellRendered = true;
        const body = new PassThrough({
          final(callback) {
            clearTimeout(timeoutId);
            timeoutId = undefined;
            callback();
          },
        });
        const stream = createReadableStreamFromReadable(body);
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        pipe(body);
        resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) log.error({ err: error }, "error while streaming a page");
      },
    });
  });
}

/** The whole document as text (for a copy to be kept of it), and whether a part of it failed (as the stream would, a 500). */
function renderWhole(context: EntryContext, url: string, nonce: string, log: typeof logger): Promise<{ html: string; failed: boolean }> {
  return new Promise((resolve, reject) => {
    let failed = false;
    const chunks: Buffer[] = [];
    const body = new PassThrough();
    body.on("data", (chunk: Buffer) => chunks.push(chunk));
    body.on("end", () => resolve({ html: Buffer.concat(chunks).toString("utf8"), failed }));
    body.on("error", reject);
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={context} url={url} nonce={nonce} />, {
      nonce,
      onAllReady() {
        clearTimeout(timeoutId);
        pipe(body);
      },
      onShellError(error: unknown) {
        clearTimeout(timeoutId);
        reject(error);
      },
      onError(error: unknown) {
        failed = true;
        log.error({ err: error }, "error while rendering a page");
      },
    });
  });
}

export const handleDataRequest: HandleDataRequestFunction = (response) => {
  if (response.headers.has("Cache-Control")) return response;
  // A copy: a redirect's headers may be immutable.
  const headers = new Headers(response.headers);
  headers.set("Cache-Control", PRIVATE_CACHING);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
};

export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const log = requestInfo(context)?.log ?? logger;
  const path = new URL(request.url).pathname;
  // React Router's own refusals (a method a route does not take, a route that does not match) are
  // the client's mistake, not the app failing: noted, not raised as errors.
  if (isRouteErrorResponse(error) && error.status < 500) {
    log.info({ path, method: request.method, status: error.status }, `refused: ${error.statusText || error.status}`);
    return;
  }
  log.error({ err: error, path }, "unhandled error in a loader or action");
};
