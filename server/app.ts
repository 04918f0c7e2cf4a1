import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { type Context, Hono } from "hono";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX, compress } from "hono/compress";
import { requestId } from "hono/request-id";
import { secureHeaders } from "hono/secure-headers";
import { getConnInfo } from "@hono/node-server/conninfo";
import { serveStatic } from "@hono/node-server/serve-static";
import { RouterContextProvider, createRequestHandler, type ServerBuild } from "react-router";
import type { Logger } from "pino";
import { dbContext } from "../app/lib/db-context.server";
import type { Database } from "../app/lib/db.server";
import { requestContext } from "../app/lib/request-context";
import { type ArchiveLocation, BASEMAP_ARCHIVE_PATH, OFFLINE_TILES_PATH } from "../app/modules/basemap/index.server";
import { serveCachedDocument } from "../app/modules/page-cache/index.server";
import { rejectBadRequests } from "./bad-request";
import { BACKUP_PATH, backupEndpoint } from "./backup-endpoint";
import { basemapArchiveEndpoint } from "./basemap-archive";
import { type BodyLimits, DEFAULT_BODY_LIMIT_BYTES, UPLOAD_BODY_LIMITS, bodyLimit } from "./body-limit";
import { clientIp, requestIsHttps } from "./client-ip";
import { coalesceBeforeCompression } from "./coalesce-chunks";
import { forwardedUrl, withUrl } from "./forwarded";
import { methodNotAllowed } from "./method-not-allowed";
import { pooledNonce } from "./nonce";
import { offlineTilesEndpoint } from "./offline-tiles";
import { withRoutePatternMatching } from "./route-matching";
import { sameOrigin } from "./same-origin";

export interface AppOptions {
  build: ServerBuild;
  /** Folder of the built browser assets (build/client). */
  clientDir: string;
  mode: "production" | "development" | "test";
  log: Logger;
  /** The database every loader and action gets through the router context (dbContext). */
  db: Database;
  trustedProxies: Set<string>;
  /** Whether the database answers; /readyz reports it. */
  ready: () => Promise<boolean>;
  /** Where rate limits are counted now ("redis", "memory (Redis unreachable)", …); /readyz reports it. */
  rateLimits?: () => Promise<string>;
  /** Set once shutdown starts: /readyz turns 503 so load balancers drain us. */
  isShuttingDown: () => boolean;
  /** PUBLIC_URL: its origin is ours too (behind a proxy that terminates TLS). */
  publicUrl?: string;
  /** Served over https (PUBLIC_URL): enables upgrade-insecure-requests, and HSTS on requests that came over https. */
  https: boolean;
  /**
   * The hosts the interactive maps' street map loads its style, tiles, glyphs and sprites from (OpenFreeMap's
   * by default, MAP_STYLE_URL's; none for the offline or the self-hosted basemap): connect-src names exactly these.
   */
  mapOrigins?: string[];
  /** The self-hosted basemap's PMTiles archive (BASEMAP_PMTILES), served at BASEMAP_ARCHIVE_PATH with range requests. */
  basemapArchive?: ArchiveLocation;
  /** PostHog's API and script origins when POSTHOG_KEY is set (its loader, recorder and event uploads). */
  analyticsOrigins?: string[];
  /** Stripe is the payment provider (STRIPE_SECRET_KEY): its card form's script, frames and API calls must load. */
  stripe?: boolean;
  startedAt?: Date;
  /** Request body limits by path (default: 1 MB, and the upload routes' own). */
  bodyLimits?: BodyLimits;
}

/** The policy of a private file (an applicant's PDF): nothing runs, nothing loads, nothing frames it. */
export const PRIVATE_FILE_POLICY = "sandbox; default-src 'none'; frame-ancestors 'none'";

/** A map page, `/maps/{map}`, or one of its spots, `/maps/{map}/spots/{spot}`. */
const EMBEDDABLE = /^\/maps\/[^/]+(?:\/spots\/[^/]+)?\/?$/;

type Vars = { Variables: { requestId: string; secureHeadersNonce?: string } };

/** URL paths ("/favicon.svg") of the files under dir, except the hashed assets. */
function listStaticFiles(dir: string): Set<string> {
  const files = new Set<string>();
  let entries: string[];
  try {
    entries = readdirSync(dir, { recursive: true, encoding: "utf8" });
  } catch {
    return files;
  }
  for (const entry of entries) {
    const urlPath = "/" + entry.split(path.sep).join("/");
    if (urlPath.startsWith("/assets/")) continue;
    try {
      if (statSync(path.join(dir, entry)).isFile()) files.add(urlPath);
    } catch {
      // gone since the listing: not served
    }
  }
  return files;
}

/** Adds Accept-Encoding to a compressible answer's Vary, as compress() would (see createApp). */
function varyOnEncoding(res: Response): void {
  const type = res.headers.get("Content-Type");
  if (!type || !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type)) return;
  const vary = res.headers.get("Vary");
  if (vary === "*" || (vary && /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary))) return;
  try {
    res.headers.set("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
  } catch {
    // Immutable headers (a Response.redirect()): compress() copies it and says it itself.
  }
}

function safeDecode(urlPath: string): string {
  try {
    return decodeURIComponent(urlPath);
  } catch {
    return urlPath;
  }
}

/** The socket's peer; undefined when there is no socket (app.request() in tests). */
function remoteAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

/** What the server knows of a request before the router sees it. */
export interface RequestFacts {
  requestId: string;
  /** The CSP nonce of the page this request gets. */
  nonce: string;
  /** The socket's peer. */
  remoteAddress: string | undefined;
  forwardedFor: string | null;
}

/** The context every loader and action gets: this request's facts and the database. */
export function routerContextFor(opts: Pick<AppOptions, "log" | "db" | "trustedProxies">, facts: RequestFacts): RouterContextProvider {
  const context = new RouterContextProvider();
  const id = facts.requestId;
  let log: Logger | undefined;
  context.set(requestContext, {
    requestId: id,
    nonce: facts.nonce,
    clientIp: clientIp(facts.remoteAddress, facts.forwardedFor, opts.trustedProxies),
    // Made when first used: most requests (every cache hit) log nothing of their own, and a
    // child logger serialises its bindings when it is made.
    get log() {
      return (log ??= opts.log.child({ requestId: id }));
    },
  });
  context.set(dbContext, opts.db);
  return context;
}

/** The access log's line for one answered request (`start`: performance.now() when it came in). */
export function logRequest(log: Logger, request: { requestId: string; method: string; path: string; status: number; start: number }): void {
  // A private feed's address is its secret: logs name the route, not the token.
  const path = request.path.replace(/^\/feeds\/[^/]+/, "/feeds/[token]");
  const entry = { requestId: request.requestId, method: request.method, path, status: request.status, ms: Math.round(performance.now() - request.start) };
  // Hashed assets and basemap tiles come by the dozen with every page or map: not worth a line each.
  if (path.startsWith("/assets/") || path === BASEMAP_ARCHIVE_PATH || path.startsWith(`${OFFLINE_TILES_PATH}/`)) log.debug(entry, "request");
  else log.info(entry, "request");
}

export function createApp(opts: AppOptions) {
  const app = new Hono<Vars>();
  const handle = createRequestHandler(withRoutePatternMatching(opts.build), opts.mode);
  const notAllowed = methodNotAllowed(opts.build);
  const buildId = opts.build.assets.version;
  // Stripe.js and its card form (Stripe's published CSP needs): the script and its iframes from js.stripe.com,
  // 3-D Secure frames from hooks.stripe.com, API calls to api.stripe.com and Checkout's merchant-ui-api.
  const stripe = opts.stripe
    ? {
        script: ["https://js.stripe.com", "https://*.js.stripe.com"],
        frame: ["https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com"],
        connect: ["https://api.stripe.com", "https://merchant-ui-api.stripe.com"],
      }
    : { script: [], frame: [], connect: [] };
  const startedAt = (opts.startedAt ?? new Date()).toISOString();
  const fromTrustedProxy = (c: Context) => opts.trustedProxies.has((remoteAddress(c) ?? "").replace(/^::ffff:/, ""));

  // Behind a proxy that terminates TLS: from here on the request's URL is the one the visitor used
  // (https, the public host), so React Router's own Origin check of form posts, and every link and
  // redirect built from the URL, see the public address. Only a configured proxy is believed.
  app.use(async (c, next) => {
    const url = forwardedUrl(c.req.raw, fromTrustedProxy(c));
    if (url) c.req.raw = withUrl(c.req.raw, url);
    await next();
  });

  app.use(requestId({ headerName: "X-Request-Id" }));

  app.use(async (c, next) => {
    const start = performance.now();
    await next();
    // Responses returned as-is by React Router miss headers set with c.header().
    c.res.headers.set("X-Request-Id", c.get("requestId"));
    logRequest(opts.log, { requestId: c.get("requestId"), method: c.req.method, path: c.req.path, status: c.res.status, start });
  });

  // Private files (an application's PDF) come from applicants and may hold scripts: downloads, with a
  // policy of their own should a browser show one anyway: sandboxed (no scripts, not our origin), loading
  // nothing, framed by no one. Registered before secureHeaders so this runs after it has set the page CSP.
  app.use("/files/*", async (c, next) => {
    await next();
    c.res.headers.set("Content-Security-Policy", PRIVATE_FILE_POLICY);
  });

  // Public map pages (and their spots) may be embedded by any site: the embed code of map-is-ready (ADR 0016).
  // Nothing else may be framed by another site. Cookies are SameSite=Lax, so a framed page is always seen
  // anonymously: drafts are a 404 there and no signed-in action can be clicked through the frame.
  app.use("/maps/*", async (c, next) => {
    await next();
    if (!EMBEDDABLE.test(c.req.path)) return;
    const policy = c.res.headers.get("Content-Security-Policy");
    if (policy) c.res.headers.set("Content-Security-Policy", policy.replace("frame-ancestors 'none'", "frame-ancestors *"));
    c.res.headers.delete("X-Frame-Options");
  });

  // HSTS is for https only: a browser ignores it over http, and RFC 6797 says not to send it there (a direct
  // http hit on the port, a health check). Over https means the socket, or a configured proxy saying so.
  app.use(async (c, next) => {
    await next();
    if (opts.https && requestIsHttps(c.req.raw, remoteAddress(c), opts.trustedProxies)) {
      c.res.headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    }
  });

  app.use(
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", pooledNonce, ...(opts.analyticsOrigins ?? []), ...stripe.script],
        // React and the toast and dialog libraries set inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:", "https:"],
        fontSrc: ["'self'", "data:"],
        // The street map's style, tiles, glyphs and sprites come from its provider's hosts, and only those.
        connectSrc: ["'self'", ...(opts.mapOrigins ?? []), ...(opts.analyticsOrigins ?? []), ...stripe.connect],
        workerSrc: ["'self'", "blob:"],
        frameSrc: ["'self'", ...stripe.frame],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(opts.https ? { upgradeInsecureRequests: [] } : {}),
      },
      strictTransportSecurity: false,
      crossOriginEmbedderPolicy: false,
      referrerPolicy: "strict-origin-when-cross-origin",
      permissionsPolicy: { geolocation: ["self"], camera: [], microphone: [] },
    }),
  );

  app.use(compress());
  // Inside compress(): the page's small chunks reach it joined (see coalesce-chunks.ts).
  app.use(coalesceBeforeCompression());
  // compress() says "Vary: Accept-Encoding" of every compressible answer, with c.header(), which
  // re-wraps a finished response: a copy of the whole page into a stream, on every page, even when
  // nothing is compressed (a cached page's answer spent a sixth of its time there). Said here first,
  // on the headers themselves, compress() finds it said and leaves the response as it is.
  app.use(async (c, next) => {
    await next();
    varyOnEncoding(c.res);
  });

  // Writes from other origins (another site, or another port of this host) are refused before their body is read.
  app.use(
    sameOrigin({
      publicOrigin: opts.publicUrl,
      fromTrustedProxy,
    }),
  );

  // Before anything reads a body: no route ever buffers more than its limit.
  app.use(bodyLimit(opts.bodyLimits ?? { defaultBytes: DEFAULT_BODY_LIMIT_BYTES, rules: UPLOAD_BODY_LIMITS }));
  // Then no NUL byte in the address, and form and JSON bodies that fail to parse are a 4xx, not a 500.
  app.use(rejectBadRequests());

  app.get("/healthz", (c) => c.json({ status: "ok", buildId, startedAt }));
  app.get("/readyz", async (c) => {
    if (opts.isShuttingDown()) return c.json({ status: "shutting-down" }, 503);
    const [db, rateLimits] = await Promise.all([opts.ready().catch(() => false), opts.rateLimits?.().catch(() => "unknown")]);
    // A Redis outage does not make the instance unready: the limits still hold, counted in this instance's memory.
    return c.json({ status: db ? "ready" : "unavailable", database: db, ...(rateLimits ? { rateLimits } : {}) }, db ? 200 : 503);
  });
  // `npm run backup` asks the server holding the embedded database for a snapshot (loopback and a token only).
  app.post(BACKUP_PATH, backupEndpoint({ db: opts.db, log: opts.log }));
  // Pages poll this to notice a new deployment (see app/lib/stale-build.client.ts).
  app.get("/builds/latest.json", (c) => {
    c.header("Cache-Control", "no-store");
    return c.json({ id: buildId, timestamp: startedAt });
  });

  // The self-hosted basemap, read by range requests (before the static files and React Router: no page work per tile).
  if (opts.basemapArchive) app.get(BASEMAP_ARCHIVE_PATH, basemapArchiveEndpoint(opts.basemapArchive, { log: opts.log }));
  // The offline basemap's vector tiles (what every map draws offline, or when its street map does not answer).
  app.get(`${OFFLINE_TILES_PATH}/:z/:x/:tile`, offlineTilesEndpoint());

  // Hashed assets never change: cache them for a year.
  app.use(
    "/assets/*",
    serveStatic({
      root: opts.clientDir,
      onFound: (_path, c) => c.header("Cache-Control", "public, max-age=31536000, immutable"),
    }),
  );
  app.get("/assets/*", (c) => c.text("Not found", 404));
  // Other static files (the favicon) are few and fixed by the build: listed once here, so a page
  // request does not first try to open a file of its name (a profile showed that on every page).
  const staticFiles = listStaticFiles(opts.clientDir);
  const otherStatic = serveStatic({
    root: opts.clientDir,
    onFound: (_path, c) => c.header("Cache-Control", "public, max-age=3600"),
  });
  app.use("*", (c, next) => (staticFiles.has(safeDecode(c.req.path)) ? otherStatic(c, next) : next()));

  app.all("*", async (c) => {
    // A read of a route that only takes posts: the client's mistake, answered (and logged) as one.
    const allow = notAllowed(c.req.method, c.req.path);
    if (allow) {
      c.header("Allow", allow);
      c.header("Cache-Control", "no-store");
      return c.text(`This address only takes ${allow} requests.`, 405);
    }
    const context = routerContextFor(opts, {
      requestId: c.get("requestId"),
      nonce: c.get("secureHeadersNonce") ?? "",
      remoteAddress: getConnInfo(c).remote.address,
      forwardedFor: c.req.header("x-forwarded-for") ?? null,
    });
    // An anonymous visitor's current copy of a public page is served without React Router (issue 27).
    // Should that fail (the database gone), React Router answers as it would without the cache.
    const cached = await serveCachedDocument(c.req.raw, context).catch((err: unknown) => {
      opts.log.warn({ err, requestId: c.get("requestId") }, "page cache lookup failed");
      return undefined;
    });
    return cached ?? handle(c.req.raw, context);
  });

  app.onError((err, c) => {
    opts.log.error({ err, requestId: c.get("requestId"), path: c.req.path }, "unhandled server error");
    return c.text("Internal Server Error", 500);
  });

  return app;
}
