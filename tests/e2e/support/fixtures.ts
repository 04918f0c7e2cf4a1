/**
 * A spec's own people and maps, made by the test server's /dev/fixtures (ADR 0025) with the
 * project's factories, signed in with a session better-auth created. No sign-up form, no mailbox,
 * no admin approval: the specs of those flows drive them; everyone else starts signed in.
 */
import { expect, type APIRequestContext, type Browser, type BrowserContext, type Page } from "@playwright/test";

export type Kind = "member" | "premium" | "supporter" | "creator" | "admin";

export const PASSWORD = "correct horse 42";

export interface MadeSpot {
  id: string;
  slug: string;
  name: string;
  visibility: "public" | "premium" | "supporters";
  lat: number;
  lng: number;
}

export interface MadeMap {
  id: string;
  slug: string;
  title: string;
  spots: MadeSpot[];
}

export interface MadePost {
  id: string;
  slug: string;
  title: string;
  visibility: "public" | "premium" | "supporters";
  /** The body's first paragraph: shown to everyone who may see the post. */
  teaser: string;
  /** A word of the rest of the body: only its readers may see it. */
  secret: string;
}

export interface Account {
  userId: string;
  email: string;
  password: string;
  /** A creator's handle (null for everyone else, and for a creator made with handle "none"). */
  handle: string | null;
  displayName: string | null;
  /** A creator's maps, each with its spots in order. */
  maps: MadeMap[];
  /** A creator's posts (with `posts: true`): public, Premium, supporters-only, the last the newest. */
  posts: MadePost[];
}

export interface AccountOptions {
  /** Starts the made address: `{prefix}-{random}@example.com`. */
  prefix?: string;
  email?: string;
  password?: string;
  /** Supporter: the handle of the creator supported. */
  supports?: string;
  /** Creator: the handle, or "none" for a creator who has not chosen one. */
  handle?: string;
  /** Creator: the first map's title (the others add their number). */
  title?: string;
  /** Creator: how many maps (default 1) of how many published spots (default 30). */
  maps?: number;
  spots?: number;
  /** Creator: whether the maps are published (default true). */
  published?: boolean;
  /** Creator: the second spot of each map is Premium, the third supporters-only. */
  gated?: boolean;
  /** Creator: a published public, Premium and supporters-only post. */
  posts?: boolean;
  /** Creator: the spots in these site categories, alternately ("food,coffee"), spread over a city. */
  categories?: string;
}

function form(kind: Kind, options: AccountOptions): Record<string, string> {
  const out: Record<string, string> = { kind };
  for (const [key, value] of Object.entries(options)) {
    if (value === undefined) continue;
    out[key] = typeof value === "boolean" ? (value ? "on" : "off") : String(value);
  }
  return out;
}

async function post(request: APIRequestContext, kind: Kind, options: AccountOptions): Promise<Account> {
  const response = await request.post("/dev/fixtures", { form: form(kind, options) });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as Account;
}

/**
 * Make an account of `kind` and sign it in in this page's (or context's) browser, or in a request
 * context of its own: the session cookie lands in that cookie jar, so the next request is signed in.
 */
export function signIn(target: Page | BrowserContext | APIRequestContext, kind: Kind = "member", options: AccountOptions = {}): Promise<Account> {
  return post("request" in target ? target.request : target, kind, options);
}

/** Make an account of `kind` without signing anybody in here (its session goes to a throwaway jar). */
export async function makeAccount(request: APIRequestContext, kind: Kind, options: AccountOptions = {}): Promise<Account> {
  return post(request, kind, options);
}

/** A second browser context of its own, signed in as a new account of `kind`. */
export async function signedInContext(browser: Browser, baseURL: string, kind: Kind = "member", options: AccountOptions = {}) {
  const context = await browser.newContext({ baseURL });
  const account = await signIn(context, kind, options);
  return { context, page: await context.newPage(), account };
}

/** One more signed-in browser for an existing account (a second device), without the login form. */
export async function secondSession(browser: Browser, baseURL: string, email: string, password = PASSWORD): Promise<Page> {
  // A page of its own context: closing it closes that browser.
  const page = await browser.newPage({ baseURL });
  const response = await page.request.post("/dev/fixtures", { form: { kind: "session", email, password } });
  expect(response.status(), await response.text()).toBe(200);
  await page.goto("/");
  await expect(page.locator('[data-testid="profile-button"]:visible, [data-testid="profile-tab"]:visible')).toHaveCount(1);
  return page;
}
