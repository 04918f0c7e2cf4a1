/**
 * Every admin route, through the whole server (issue 25, "Bad input and safety"): the table is the
 * server build's own routes (tests/setup/app-build.ts reads app/routes.ts), so a route added under
 * /admin is in it without anyone touching this file. Its address is filled from data made here by
 * the name of each parameter; a route with a parameter this file has no value for fails below, and
 * so does an empty table.
 *
 *  - GET: an anonymous visitor is sent to log in; a plain user and a creator get 403; an admin 200.
 *  - POST (every route with an action): an anonymous visitor is sent to log in, a plain user and a
 *    creator get 403, and nothing in the database changes: no row anywhere, no audit entry.
 */
import { eq, sql } from "drizzle-orm";
import type { ServerBuild } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { appServerBuild } from "../../../tests/setup/app-build";
import { stubDataDir } from "../../../tests/setup/data-dir";
import { setupTestDatabase } from "../../../tests/setup/database";
import { edgeServer, sessionCookie } from "../../../tests/setup/edge-server";
import { stubTestEnv } from "../../../tests/setup/env";
import { articles, creatorApplications, profiles } from "#db/schema";
import { createProfile } from "#db/seed/factories";
import { briefFieldsSchema } from "~/modules/collabs";
import { addAttachment, createBrief } from "~/modules/collabs/index.server";
import { cents } from "~/modules/money";
import { closeMonth, post, runPayouts } from "~/modules/money/index.server";
import { requestPayoutDetails } from "~/modules/money/payout-details.server";
import { saveTaxSettings } from "~/modules/money/tax-settings.server";
import { parsePayoutDetails, parseTaxSettings } from "~/modules/money/validation";
import { spanishTaxForm } from "../../../tests/money/tax-forms";

stubTestEnv({ EMAIL_RATE_PER_SECOND: "0", BETTER_AUTH_SECRET: "a-test-secret-that-is-long-enough-for-better-auth", VIES_URL: "off" });
stubDataDir("admin-guards");
const db = await setupTestDatabase({ reset: "file" });
const build = await appServerBuild({ documents: true });
const server = await edgeServer(db, { build });

interface AdminRoute {
  id: string;
  /** The route's pattern, e.g. "/admin/users/:userId". */
  pattern: string;
  hasAction: boolean;
}

/** Every route of the build whose address is /admin or below it, with its whole pattern. */
function adminRoutes(routes: ServerBuild["routes"]): AdminRoute[] {
  const pattern = (id: string): string => {
    const route = routes[id];
    if (!route) return "";
    const parent = route.parentId ? pattern(route.parentId) : "";
    return route.path ? `${parent.replace(/\/$/, "")}/${route.path}` : parent;
  };
  return Object.values(routes)
    .filter((route) => route !== undefined)
    .map((route) => ({ id: route.id, pattern: pattern(route.id) || "/", hasAction: typeof route.module.action === "function" }))
    .filter((route) => route.pattern === "/admin" || route.pattern.startsWith("/admin/"));
}

const ROUTES = adminRoutes(build.routes);

/** Values for route parameters, by name, made in beforeAll. */
const params: Record<string, string> = {};

/** What an admin's GET answers when it is not 200 (none today: every route finds its data). */
const ADMIN_STATUS: Record<string, number> = {};

function address(route: AdminRoute): string {
  return route.pattern.replace(/:(\w+)\??/g, (_whole, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${route.id}: no value for the parameter "${name}"; make one in admin-guards.integration.test.ts`);
    return encodeURIComponent(value);
  });
}

let n = 0;
async function person(flags: { isAdmin?: boolean; isCreator?: boolean }) {
  const email = `guards${++n}-${Date.now()}@example.com`;
  const { profile } = await createProfile(db, { ...flags, isOnboarded: true, handle: `guard${n}_${Date.now() % 100000}` }, { email });
  return { id: profile.id, cookie: await sessionCookie(db, email) };
}

/** A payout run to download (the money tests' way: a creator with tax and bank details and a balance). */
async function payoutRun(creatorId: string): Promise<string> {
  const tax = parseTaxSettings({
    ...spanishTaxForm(),
    // Self-billing: January's statement and invoice (closed below) are there to download.
    selfBilling: "on",
  });
  if (!tax.ok) throw new Error("tax");
  await saveTaxSettings(db, creatorId, tax.data, { now: new Date("2026-01-02T00:00:00Z") });
  const bank = parsePayoutDetails({ holderName: "Lucía Fernández Ruiz", iban: "ES9121000418450200051332", bic: "" }, "Lucía Fernández Ruiz");
  if (!bank.ok) throw new Error("bank");
  await requestPayoutDetails(db, creatorId, bank.data, { ip: "198.51.100.4", siteUrl: "https://spotfolio.test", now: new Date("2026-01-02T00:00:00Z") });
  await post(db, {
    idempotencyKey: `guards:${creatorId}`,
    kind: "adjustment",
    cause: { type: "test", id: creatorId },
    month: "2026-01",
    creatorId,
    description: "Earnings (test)",
    occurredAt: new Date("2026-01-30T10:00:00Z"),
    postings: [
      { account: "creator_payable", ref: creatorId, amount: cents(-100_00) },
      { account: "platform_revenue", amount: cents(100_00) },
    ],
  });
  const closed = await closeMonth(db, "2026-01", { actor: { userId: null, ip: null }, now: new Date("2026-02-03T09:00:00Z") });
  if (!closed.ok) throw new Error(closed.error);
  const run = await runPayouts(db, { month: "2026-02", now: new Date("2026-03-05T10:00:00Z"), actor: { userId: null, ip: null } });
  if (!run.ok || !run.run) throw new Error("no payout run");
  return run.run.id;
}

const request = (path: string, cookie: string | null, init: RequestInit = {}) =>
  server.request(path, { ...init, headers: { ...(cookie ? { cookie } : {}), ...(init.headers ?? {}) }, redirect: "manual" });

/**
 * Every table's content, as one digest per table, except the ones a request writes whoever makes
 * it: sessions (a rolling refresh), the rate limiter's counters and analytics' events.
 */
async function snapshot(): Promise<Record<string, string>> {
  const tables = await db.execute<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const rows = (tables as { rows?: { name: string }[] }).rows ?? (tables as unknown as { name: string }[]);
  const skip = /^(session|rate_limit.*|analytics.*|events?|page_views?|__drizzle.*)$/;
  const out: Record<string, string> = {};
  for (const { name } of rows) {
    if (skip.test(name)) continue;
    const result = await db.execute<{ digest: string | null }>(
      sql.raw(`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from "${name}" t`),
    );
    const [row] = (result as { rows?: { digest: string | null }[] }).rows ?? (result as unknown as { digest: string | null }[]);
    out[name] = row?.digest ?? "";
  }
  return out;
}

/** Bodies a non-admin might post: every intent the back office knows, and none. */
const BODIES: Record<string, string>[] = [
  {},
  { intent: "approve" },
  { intent: "reject", reason: "No" },
  { intent: "delete" },
  { intent: "publish" },
  { intent: "grant-admin" },
  { intent: "suspend", reason: "Taking over" },
  { intent: "undo-approval", reason: "Taking over" },
  { month: "2026-02" },
];

let member: { id: string; cookie: string };
let creator: { id: string; cookie: string };
let admin: { id: string; cookie: string };

beforeAll(async () => {
  member = await person({});
  creator = await person({ isCreator: true });
  admin = await person({ isAdmin: true });
  const [application] = await db.insert(creatorApplications).values({ userId: member.id, url: "https://maps.app.goo.gl/guards" }).returning();
  const [article] = await db
    .insert(articles)
    .values({ slug: `guards-${Date.now()}`, title: "Guards", type: "guides", bodyMarkdown: "x" })
    .returning();
  const [creatorProfile] = await db.select({ handle: profiles.handle }).from(profiles).where(eq(profiles.id, creator.id));
  const brief = await createBrief(
    db,
    { userId: admin.id, ip: null },
    briefFieldsSchema.parse({ creatorHandle: creatorProfile.handle, title: "Guards", destination: "", fee: "10", dueDate: "2026-12-31", notes: "" }),
  );
  if (!brief.ok) throw new Error(brief.error);
  const attachment = await addAttachment(db, { userId: admin.id, ip: null }, brief.id, { name: "guards.pdf", bytes: new TextEncoder().encode("%PDF-1.7\n") });
  if (!attachment.ok) throw new Error(attachment.error);
  Object.assign(params, {
    id: application.id,
    articleId: article.id,
    userId: member.id,
    runId: await payoutRun(creator.id),
    year: "2026",
    file: "dac7.csv",
    briefId: brief.id,
    attachmentId: attachment.id,
  });
  Object.assign(params, { creatorId: creator.id, month: "2026-01" });
});

describe("every admin route (from app/routes.ts)", () => {
  it("finds the admin routes, with and without actions", () => {
    expect(ROUTES.length).toBeGreaterThan(10);
    expect(ROUTES.map((r) => r.pattern)).toEqual(expect.arrayContaining(["/admin", "/admin/creators/:id", "/admin/users", "/admin/users/:userId"]));
    expect(ROUTES.filter((r) => r.hasAction).length).toBeGreaterThan(5);
  });

  it("GET: an anonymous visitor logs in first, a plain user and a creator get 403, an admin gets the page", async () => {
    for (const route of ROUTES) {
      const path = address(route);
      const anonymous = await request(path, null);
      expect({ path, status: anonymous.status }).toEqual({ path, status: 302 });
      expect(anonymous.headers.get("location")).toContain("/auth?step=login");
      for (const visitor of [member, creator]) expect({ path, status: (await request(path, visitor.cookie)).status }).toEqual({ path, status: 403 });
      expect({ path, status: (await request(path, admin.cookie)).status }).toEqual({ path, status: ADMIN_STATUS[route.id] ?? 200 });
    }
  });

  it("POST: a non-admin's action changes nothing and writes no audit entry", async () => {
    const before = await snapshot();
    expect(before.admin_audit_log).toBeDefined();
    for (const route of ROUTES.filter((r) => r.hasAction)) {
      const path = address(route);
      for (const body of BODIES) {
        const anonymous = await request(path, null, { method: "POST", body: new URLSearchParams(body) });
        expect({ path, body, status: anonymous.status }).toEqual({ path, body, status: 302 });
        expect(anonymous.headers.get("location")).toContain("/auth?step=login");
        for (const visitor of [member, creator]) {
          const response = await request(path, visitor.cookie, { method: "POST", body: new URLSearchParams(body) });
          expect({ path, body, status: response.status }).toEqual({ path, body, status: 403 });
        }
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it("POST: an admin's request reaches the action (the refusals above are the guard's, not the edge's)", async () => {
    for (const route of ROUTES.filter((r) => r.hasAction)) {
      const response = await request(address(route), admin.cookie, { method: "POST", body: new URLSearchParams({ intent: "nothing-at-all" }) });
      expect({ path: route.pattern, forbidden: response.status === 403 }).toEqual({ path: route.pattern, forbidden: false });
    }
  });
});
