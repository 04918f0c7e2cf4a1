/**
 * For integration tests: a browser-like visitor that sends its cookies,
 * and requests that go through the analytics middleware exactly as the
 * root runs it, with the viewer resolved the way the root does and the
 * test file's database in the context, as the server hands it in.
 * The jar holds what our cookies mean (a tracking id, a creator id, a
 * consent); on the wire they travel in their declared encoding.
 */
import { RouterContextProvider } from "react-router";
import { dbContext } from "~/lib/db-context.server";
import type { Database } from "~/lib/db.server";
import { viewerContext } from "~/modules/auth/session.server";
import { ANONYMOUS, loadViewer, type Viewer } from "~/modules/auth/viewer.server";
import type { Consent } from "~/modules/analytics/consent";
import { OWN_COOKIES, consentCookie } from "~/modules/analytics/cookies.server";
import { analyticsMiddleware } from "~/modules/analytics/middleware.server";
import { getTestDb } from "./database";

export const BROWSER_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
export const BOT_UA = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

const OURS = new Map(OWN_COOKIES.map(({ cookie }) => [cookie.name, cookie]));

async function toWire(name: string, value: string): Promise<string> {
  const cookie = OURS.get(name);
  return cookie ? (await cookie.serialize(value)).split(";")[0] : `${name}=${value}`;
}

async function fromWire(name: string, pair: string, raw: string): Promise<string> {
  const cookie = OURS.get(name);
  if (!cookie) return decodeURIComponent(raw);
  const value: unknown = await cookie.parse(pair);
  return typeof value === "string" ? value : "";
}

export class TestVisitor {
  readonly cookies = new Map<string, string>();
  viewer: Viewer = ANONYMOUS;

  /** Visitors have accepted analytics cookies unless a test says otherwise (`consent` null: not asked yet). */
  constructor(
    readonly userAgent = BROWSER_UA,
    consent: Consent | null = "granted",
  ) {
    if (consent) this.cookies.set(consentCookie.name, consent);
  }

  /** Sign in as `userId` (the viewer the session middleware would resolve). */
  async signIn(db: Database, userId: string, email = `${userId}@example.com`): Promise<void> {
    this.viewer = await loadViewer(db, { id: userId, email, emailVerified: true, name: userId });
  }

  /**
   * One request: `handle` plays the route (a loader or an action) with the
   * request's context; its Response (or a page) goes back through the
   * middleware, and the Set-Cookie headers land in this visitor's jar.
   */
  async request<T>(
    path: string,
    handle: (request: Request, context: RouterContextProvider) => Promise<T>,
    init: RequestInit = {},
  ): Promise<{ result: T; response: Response }> {
    const headers = new Headers(init.headers);
    headers.set("User-Agent", this.userAgent);
    if (this.cookies.size > 0) headers.set("Cookie", (await Promise.all([...this.cookies].map(([k, v]) => toWire(k, v)))).join("; "));
    const request = new Request(`http://localhost${path}`, { ...init, headers });
    const context = new RouterContextProvider();
    context.set(viewerContext, this.viewer);
    context.set(dbContext, await getTestDb());
    let result: T | undefined;
    const response = (await analyticsMiddleware({ request, context, params: {}, url: new URL(request.url), pattern: "" }, async () => {
      result = await handle(request, context);
      return result instanceof Response ? result : new Response("<html></html>", { headers: { "Content-Type": "text/html" } });
    })) as Response;
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq);
      this.cookies.set(name, await fromWire(name, pair, pair.slice(eq + 1)));
    }
    return { result: result as T, response };
  }
}

/** A visitor of the site, signed in as `userId` if given. */
export async function visitorAs(db: Database, userId?: string): Promise<TestVisitor> {
  const visitor = new TestVisitor();
  if (userId) await visitor.signIn(db, userId);
  return visitor;
}

/** What a loader or action answered: its status and data, or a thrown Response's status and Location. */
export type RouteOutcome = { status: number; location?: string | null; data?: unknown };

/** Run a loader or action as `visitor` at `path`; a thrown Response (redirect, 403, 404) is an outcome too. */
export async function runRoute<A>(
  visitor: TestVisitor,
  path: string,
  handle: (args: A) => Promise<unknown>,
  // `form`: a urlencoded post; a FormData (repeated fields, files) is posted as multipart.
  opts: { form?: Record<string, string> | FormData; params?: Record<string, string | undefined> } = {},
): Promise<RouteOutcome> {
  let outcome: RouteOutcome | undefined;
  await visitor.request(
    path,
    async (request, context) => {
      try {
        const result = (await handle({ request, context, params: opts.params ?? {} } as unknown as A)) as unknown;
        const init = (result as { init?: ResponseInit } | undefined)?.init;
        outcome = { status: init?.status ?? 200, data: (result as { data?: unknown }).data ?? result };
      } catch (error) {
        if (!(error instanceof Response)) throw error;
        outcome = { status: error.status, location: error.headers.get("Location") };
      }
      return outcome;
    },
    opts.form ? { method: "POST", body: opts.form instanceof FormData ? opts.form : new URLSearchParams(opts.form) } : {},
  );
  return outcome!;
}
