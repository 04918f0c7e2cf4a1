/**
 * A signed-in viewer's page drawn once for everyone it would look the same to (issue 27, ADR 0050).
 *
 * A page's markup is a function of its loader data. Most of a signed-in viewer's data never shows
 * in the markup of a public page: their address, their account's and subscriptions' ids, the maps
 * and spots they saved elsewhere, the creators they follow elsewhere. The page is drawn from the
 * viewer's *shape* (`viewerShape`: those left out; lists kept only where they name something on the
 * page; the rest — Premium, the header's avatar, a save or follow on this page — as it is), and the
 * markup is kept under a hash of the URL and the whole data with that shape. A later request whose
 * data has the same hash gets the same markup without React rendering it again, and its own data
 * for the browser: the hydration payload React Router encoded from the request's real data is put
 * in after the markup, so the browser hydrates with this viewer's own values.
 *
 * Nothing personal can cross: the key is all the markup was drawn from, so a copy is only ever
 * served to a request that would have drawn the very same markup, and the payload is never kept.
 * What the markup must not depend on is listed in `viewerShape`; the equality test
 * (viewer-markup.integration.test.ts) renders each page for viewers who differ in every one of
 * those fields, through the server, fresh and from the copy, and compares.
 */
import { createHash } from "node:crypto";
import type { Viewer } from "~/modules/auth";
import { singleton } from "~/lib/singleton.server";
import { chunksWithNonce, DEFAULT_PAGE_CACHE_LIMITS, isCacheablePath, PageCacheStore, splitOnNonce } from "./page-cache";

interface KeptMarkup {
  version: 0;
  storedAt: number;
  bytes: number;
  /** The document up to the hydration payload, split at the nonce. */
  head: Buffer[];
  /** What follows the payload (`</body></html>`). */
  tail: string;
}

/** Copies of markup; young (a relative date in a page ages) and bounded like the anonymous copies. */
const kept = singleton("viewerMarkup", () => new PageCacheStore<KeptMarkup>({ ...DEFAULT_PAGE_CACHE_LIMITS, maxEntries: 1000 }));

/** For tests: forget every copy. */
export function clearViewerMarkup(): void {
  kept.clear();
}

/** For tests: how many copies are kept. */
export function viewerMarkupCount(): number {
  return kept.size;
}

/** The root route's data, as root.tsx's loader returns it. */
interface RootData {
  viewer: Viewer;
  viewAs: unknown;
}

/** The strings in a value of a page's data; undefined when some of it is not plain data. */
function stringsIn(root: unknown): string[] | undefined {
  const found: string[] = [];
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === "string") found.push(value);
    else if (Array.isArray(value)) stack.push(...value);
    else if (value instanceof Date) continue;
    else if (value && typeof value === "object") {
      const prototype = Object.getPrototypeOf(value);
      if (prototype !== Object.prototype && prototype !== null) return undefined;
      stack.push(...Object.values(value));
    } else if (typeof value === "bigint" || typeof value === "function" || typeof value === "symbol") return undefined;
  }
  return found;
}

/** What a value of a page's data says to the key: its strings and its JSON. */
interface ValueFacts {
  strings: string[] | undefined;
  json: string | undefined;
}

/**
 * Facts read once per object: the page data shared by an entitlement class (sharedPublicData) is
 * the very same object for every viewer of that class until the content changes, and it is never
 * changed in place (another viewer is reading it), so its strings and JSON are too. Walking and
 * writing out a map's 33 spots again for every signed-in request was ~7 % of it (a CPU profile).
 */
const factsOfObject = new WeakMap<object, ValueFacts>();
function factsOf(value: unknown): ValueFacts {
  if (value === null || typeof value !== "object") return { strings: stringsIn(value), json: JSON.stringify(value) };
  let facts = factsOfObject.get(value);
  if (!facts) {
    facts = { strings: stringsIn(value), json: JSON.stringify(value) };
    factsOfObject.set(value, facts);
  }
  return facts;
}

/** A route's data as plain-object fields (the usual loader answer), or as one value. */
function fieldsOf(data: unknown): [string, unknown][] | undefined {
  if (data === null || typeof data !== "object" || Array.isArray(data) || Object.getPrototypeOf(data) !== Object.prototype) return undefined;
  return Object.entries(data);
}

/**
 * Every string of the page's data besides the root's (the map, its spots, its creator, …); undefined
 * when some of it is not plain data that JSON writes out whole (a promise still streaming, a Map,
 * a Set): the key must be all the markup is drawn from, so such a page is drawn as before.
 */
function pageStrings(loaderData: Record<string, unknown>): Set<string> | undefined {
  const found = new Set<string>();
  for (const [id, data] of Object.entries(loaderData)) {
    if (id === "root") continue;
    for (const value of (fieldsOf(data) ?? [["", data]]).map(([, v]) => v)) {
      const strings = factsOf(value).strings;
      if (!strings) return undefined;
      for (const text of strings) found.add(text);
    }
  }
  return found;
}

/** The page data as JSON writes it, each field's JSON read once per object (factsOf). */
function pageJson(loaderData: Record<string, unknown>): string {
  const routes: string[] = [];
  for (const [id, data] of Object.entries(loaderData)) {
    const fields = fieldsOf(data);
    const json = fields
      ? `{${fields
          .flatMap(([name, value]) => {
            const text = factsOf(value).json;
            return text === undefined ? [] : [`${JSON.stringify(name)}:${text}`];
          })
          .join(",")}}`
      : factsOf(data).json;
    if (json !== undefined) routes.push(`${JSON.stringify(id)}:${json}`);
  }
  return `{${routes.join(",")}}`;
}

/**
 * What of a viewer a public page may draw: everything but their identity (ids, address, name, handle,
 * bio, the dates their subscriptions and links began), which the page keeps only where the page itself
 * names it (the creator viewing their own map), and their saves, follows and supports of anything the
 * page does not show. Their avatar, roles and memberships stay: the header and the gate draw them.
 */
export function viewerShape(viewer: Viewer, onPage: ReadonlySet<string>): Viewer {
  const ifOnPage = (value: string) => (onPage.has(value) ? value : "");
  const links = (list: Viewer["follows"]) => list.filter((l) => onPage.has(l.creatorId)).map((l) => ({ ...l, id: "", createdAt: "" }));
  const supports = links(viewer.supports);
  return {
    ...viewer,
    // Whether they support anyone: as far as the page can tell, whether they support someone on it.
    isActiveSupporter: viewer.isActiveSupporter && supports.length > 0,
    user: viewer.user && { ...viewer.user, id: ifOnPage(viewer.user.id), email: "", name: "" },
    profile: viewer.profile && {
      ...viewer.profile,
      id: ifOnPage(viewer.profile.id),
      // Shown only in the account drawer, which is drawn when opened, in the browser.
      handle: viewer.profile.handle && ifOnPage(viewer.profile.handle),
      displayName: viewer.profile.displayName && ifOnPage(viewer.profile.displayName),
      bioText: viewer.profile.bioText && ifOnPage(viewer.profile.bioText),
    },
    subscriptions: viewer.subscriptions.map((s) => ({ ...s, id: "", createdAt: "" })),
    supports,
    follows: links(viewer.follows),
    bookmarks: { maps: viewer.bookmarks.maps.filter((id) => onPage.has(id)), spots: viewer.bookmarks.spots.filter((id) => onPage.has(id)) },
  };
}

export interface MarkupRequest {
  key: string;
  /** The loader data to draw the markup from (the viewer's shape in the root's). */
  loaderData: Record<string, unknown>;
}

/**
 * Whether this document may be drawn from (and kept as) a copy: a 200 GET of a public page for a
 * signed-in viewer who is not an admin nor viewing as someone else, with all its data at hand.
 */
export function markupRequest(request: Request, status: number, loaderData: Record<string, unknown>, hasErrors: boolean): MarkupRequest | undefined {
  if (request.method !== "GET" || status !== 200 || hasErrors) return undefined;
  const root = loaderData.root as RootData | undefined;
  const viewer = root?.viewer;
  if (!viewer?.user || root?.viewAs || viewer.profile?.isAdmin) return undefined;
  if (!isCacheablePath(new URL(request.url).pathname)) return undefined;
  const onPage = pageStrings(loaderData);
  if (!onPage) return undefined;
  const shaped = { ...loaderData, root: { ...root, viewer: viewerShape(viewer, onPage) } };
  const key = createHash("sha256").update(request.url).update("\u0000").update(pageJson(shaped)).digest("base64url");
  return { key, loaderData: shaped };
}

// How React Router's StreamTransfer writes the hydration payload (react-router/lib/dom/ssr/single-fetch):
// each chunk of the encoded data in its own script, inside one more Suspense boundary per chunk.
const ENQUEUE = "window.__reactRouterContext.streamController.enqueue(";
const CLOSE = "window.__reactRouterContext.streamController.close();";
const OPEN_BOUNDARY = "<!--$-->";
const CLOSE_BOUNDARY = "<!--/$-->";
const ESCAPES: Record<string, string> = { "&": "\\u0026", ">": "\\u003e", "<": "\\u003c", "\u2028": "\\u2028", "\u2029": "\\u2029" };
const escapeScript = (text: string) => text.replace(/[&><\u2028\u2029]/g, (c) => ESCAPES[c]);

/** Keeps a freshly drawn document's markup (not its payload) under the request's key, if it has the expected form. */
export function keepMarkup(key: string, html: string, nonce: string, now = Date.now()): void {
  const payloadAt = html.indexOf(`<script nonce="${nonce}">${ENQUEUE}`);
  const closeScript = `<script nonce="${nonce}">${CLOSE}</script>`;
  const closeAt = html.lastIndexOf(closeScript);
  if (payloadAt < 0 || closeAt < payloadAt || !html.startsWith(OPEN_BOUNDARY, payloadAt - OPEN_BOUNDARY.length)) return;
  let tailAt = closeAt + closeScript.length;
  while (html.startsWith(CLOSE_BOUNDARY, tailAt)) tailAt += CLOSE_BOUNDARY.length;
  const head = splitOnNonce(html.slice(0, payloadAt - OPEN_BOUNDARY.length), nonce);
  const tail = html.slice(tailAt);
  kept.set(key, { version: 0, storedAt: now, head, tail, bytes: head.reduce((n, part) => n + part.byteLength, 0) + tail.length });
}

/** The kept markup for this key, if young enough. */
export function keptMarkup(key: string, now = Date.now()): KeptMarkup | undefined {
  return kept.get(key, 0, now);
}

/**
 * The whole document: the kept markup with this request's nonce, then this request's own hydration
 * payload, as chunks in order (keptDocumentResponse writes them out without joining them).
 */
export async function documentFromMarkup(copy: KeptMarkup, nonce: string, payload: ReadableStream<Uint8Array>): Promise<Uint8Array[]> {
  const decoder = new TextDecoder();
  const scripts: string[] = [];
  const reader = payload.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    const text = done ? decoder.decode() : decoder.decode(value, { stream: true });
    if (text) scripts.push(`${OPEN_BOUNDARY}<script nonce="${nonce}">${ENQUEUE}${escapeScript(JSON.stringify(text))});</script>`);
    if (done) break;
  }
  const close = `${OPEN_BOUNDARY}<script nonce="${nonce}">${CLOSE}</script>${CLOSE_BOUNDARY.repeat(scripts.length + 1)}`;
  return [...chunksWithNonce(copy.head, nonce), Buffer.from(scripts.join("") + close + copy.tail)];
}
