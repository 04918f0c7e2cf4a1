/**
 * Rendered public pages for anonymous visitors, kept in this process and used only while the
 * public content version in the database is the one they were rendered at (ADR 0020). The
 * version is bumped by triggers in the same transaction as any write to maps, spots, profiles,
 * categories, slugs or cities, to articles (their maps, creators and old slugs: migration 0027),
 * or to a post with a publication time (migration 0018), and read once per cacheable request (on PGlite, kept in memory
 * from its notifications): an unpublished map or a
 * spot whose visibility changed is gone from the very next request, on every instance.
 *
 * A copy is served with this request's CSP nonce, and replays the views its loaders recorded
 * (so creator stats and last-click attribution count every visitor, as without the cache).
 */
import { getViewAs } from "~/modules/view-as/index.server";
import { sql } from "drizzle-orm";
import type { MiddlewareFunction, RouterContextProvider } from "react-router";
import { dbContext } from "~/lib/db-context.server";
import { type Database, embeddedPglite, executeKept } from "~/lib/db.server";
import { requestContext } from "~/lib/request-context";
import { singleton } from "~/lib/singleton.server";
import { getAnalytics, readConsent, recordView, withAnalytics } from "~/modules/analytics/index.server";
import { getViewer } from "~/modules/auth/index.server";
import { ANONYMOUS, mayCarrySession, type Viewer } from "~/modules/auth";
import {
  type CachedPage,
  DEFAULT_PAGE_CACHE_LIMITS,
  sharedReads,
  isCacheablePath,
  chunksWithNonce,
  keptDocumentResponse,
  type KeptOrigin,
  PageCacheStore,
  pageCacheKey,
  splitOnNonce,
} from "./page-cache";

/** The embedded database's version, kept current by its notifications (set up once per database). */
const embeddedVersions = singleton("embeddedPublicContentVersions", () => new WeakMap<Database, Promise<{ version: number }>>());

/**
 * PGlite is one process's alone, so every write comes through it, and its notifications are
 * handed out (as microtasks) while the committing statement's result is read: before the writer
 * goes on and before any later statement answers. Listening first, then reading the row, loses
 * no bump.
 */
function embeddedVersion(db: Database): Promise<{ version: number }> | undefined {
  const pglite = embeddedPglite(db);
  if (!pglite) return undefined;
  let tracked = embeddedVersions.get(db);
  if (!tracked) {
    const state = { version: 0 };
    tracked = pglite
      .listen("public_content_version", (payload) => {
        state.version = Math.max(state.version, Number(payload));
      })
      .then(() => queryVersion(db))
      .then((version) => {
        state.version = Math.max(state.version, version);
        return state;
      });
    embeddedVersions.set(db, tracked);
    tracked.catch(() => embeddedVersions.delete(db));
  }
  return tracked;
}

/** The public content version now: on PostgreSQL one single-row read (a prepared statement), on PGlite from memory. */
export async function readPublicContentVersion(db: Database): Promise<number> {
  const embedded = embeddedVersion(db);
  if (embedded) return (await embedded).version;
  return sharedVersionRead(db);
}

/** Concurrent requests share version reads (issue 27: a round trip per page was a tenth of a cache hit's time). */
const versionReaders = singleton("publicContentVersionReaders", () => new WeakMap<Database, () => Promise<number>>());

function sharedVersionRead(db: Database): Promise<number> {
  let read = versionReaders.get(db);
  if (!read) {
    read = sharedReads(
      () => queryVersion(db),
      (begin) => void setImmediate(begin),
    );
    versionReaders.set(db, read);
  }
  return read();
}

/** A kept statement (a named one on the kept pool): through Drizzle's prepared query on the main pool it cost twice the CPU. */
const VERSION_QUERY = sql`select version from public_content_version where id = 1`;

async function queryVersion(db: Database): Promise<number> {
  const [row] = await executeKept<{ version: number | string }>(db, VERSION_QUERY);
  return Number(row?.version ?? 0);
}

/** This process's copies (one per process: both bundles share it through globalThis). */
export const pageCache = singleton("pageCache", () => new PageCacheStore());

function nonceOf(context: Readonly<RouterContextProvider>): string {
  try {
    return context.get(requestContext).nonce;
  } catch {
    return "";
  }
}

/**
 * Whether this request could be an anonymous visitor's document request the cache may answer (a
 * cheap test, before anything is made for the request: server/hit-lane.ts asks it of every request).
 */
export function mayBeCachedDocument(request: Request, url: URL = new URL(request.url)): boolean {
  // A Stripe Checkout return (?payment=success&session_id=…) is recorded by the root's middleware first.
  return request.method === "GET" && isCacheablePath(url.pathname) && !url.searchParams.has("session_id") && !mayCarrySession(request.headers.get("cookie"));
}

/**
 * The anonymous cache hit before React Router (issue 27): called by the server for every request,
 * it answers only a GET of a cacheable page by a visitor with no session cookie (so anonymous, and
 * no admin viewing as someone else) whose copy is current, with what the root middleware would have
 * given it: the same document and headers with this request's nonce, the views replayed, the
 * analytics cookies. Anything else (undefined) goes on to React Router, where pageCacheMiddleware
 * decides again with the viewer known. Matching ~200 routes and running the middleware chain was
 * half of a hit's time.
 */
export async function serveCachedDocument(
  request: Request,
  context: RouterContextProvider,
  /** Whether this copy may be served here (server/hit-lane.ts: only one it has the server's headers of). */
  accept: (copy: CachedPage) => boolean = () => true,
): Promise<Response | undefined> {
  const url = new URL(request.url);
  const nonce = nonceOf(context);
  if (!nonce || !mayBeCachedDocument(request, url)) return undefined;
  return withAnalytics(request, context, async () => {
    const { hit } = await lookUp(request, context);
    // The copy and nonce go with the response: the server keeps the headers it gives it (server/hit-lane.ts).
    return hit && accept(hit) ? serveCopy(hit, context, ANONYMOUS, nonce, { copy: hit, nonce }) : undefined;
  });
}

/**
 * The key of this request's copy and the content version now, read before any rendering (a write
 * committed while a page renders makes its copy stale at once), and the copy if it is current.
 */
async function lookUp(request: Request, context: Readonly<RouterContextProvider>) {
  const version = await readPublicContentVersion(context.get(dbContext));
  const key = pageCacheKey(request.url, await readConsent(request.headers.get("cookie")), getAnalytics(context).isBot);
  return { key, version, hit: pageCache.get(key, version, Date.now()) };
}

/** A copy served with this request's nonce; the views its loaders recorded are recorded again for this visitor. */
async function serveCopy(copy: CachedPage, context: Readonly<RouterContextProvider>, viewer: Viewer, nonce: string, origin?: KeptOrigin): Promise<Response> {
  const db = context.get(dbContext);
  for (const view of copy.views) await recordView(db, context, viewer, view);
  return keptDocumentResponse(chunksWithNonce(copy.parts, nonce), { status: 200, headers: copy.headers }, origin);
}

/**
 * Root middleware, after the viewer is known: serves an anonymous visitor's public document
 * from the cache when its version is current, else renders it and keeps the copy.
 */
export const pageCacheMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  if (request.method !== "GET") return next();
  const url = new URL(request.url);
  const viewer = getViewer(context);
  const nonce = nonceOf(context);
  // Without a nonce (no Hono in front) a copy could not be given the next request's.
  // An admin viewing as an anonymous visitor has no user either: their pages carry the banner.
  if (viewer.user || getViewAs(context) || !nonce || !isCacheablePath(url.pathname)) return next();

  const { key, version, hit } = await lookUp(request, context);
  if (hit) return serveCopy(hit, context, viewer, nonce);

  const response = await next();
  const type = response.headers.get("content-type") ?? "";
  // Only a whole, ordinary page: no error, no redirect, no cookie of an inner layer.
  if (response.status !== 200 || !type.startsWith("text/html") || response.headers.has("set-cookie") || !response.body) return response;
  const body = await response.text();
  const headers = [...response.headers];
  const parts = splitOnNonce(body, nonce);
  pageCache.set(key, {
    version,
    storedAt: Date.now(),
    parts,
    headers,
    views: [...getAnalytics(context).views],
    bytes: parts.reduce((sum, part) => sum + part.byteLength, 0),
  });
  return new Response(body, { status: 200, headers });
};

/**
 * Page data that is the same for everyone in one entitlement class (issue 27): a signed-in
 * viewer's page is rendered for them, but what its loader reads need not be read again for each
 * of them. Kept under the same rule as the anonymous documents: used only at the public content
 * version it was read at (read before loading, so a write during the load makes it stale at once)
 * and for at most DEFAULT_PAGE_CACHE_LIMITS.maxAgeMs. The key must name everything the data
 * depends on besides public content: the caller's entitlement class (modules/gate's
 * entitlementClass), never a person.
 */
const sharedData = singleton(
  "sharedPageData",
  () => new PageCacheStore<{ version: number; storedAt: number; bytes: number; value: unknown }>({ ...DEFAULT_PAGE_CACHE_LIMITS, maxEntries: 2000 }),
);

export async function sharedPublicData<T>(db: Database, key: string, load: () => Promise<T>, at?: number): Promise<T> {
  // `at`: the version this request already read (before anything it loaded), for its later reads.
  const version = at ?? (await readPublicContentVersion(db));
  const now = Date.now();
  const hit = sharedData.get(key, version, now);
  if (hit) return hit.value as T;
  const value = await load();
  // Sized by count only: entries are loader data of one page, a few kilobytes each.
  sharedData.set(key, { version, storedAt: now, bytes: 0, value });
  return value;
}

/** For tests: forget every shared page data entry. */
export function clearSharedPublicData(): void {
  sharedData.clear();
}
