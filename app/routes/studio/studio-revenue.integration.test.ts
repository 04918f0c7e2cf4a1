/**
 * /studio/revenue and its pages through the whole server: a member's EUR 10.00 Supporter payment
 * in Spain with a EUR 0.40 fee, November closed, and what the creator then reads: the month's
 * EUR 5.50 on the chart's table, the payment line by line and in the CSV (never the member), the
 * statement and the self-billed invoice as PDFs (their text read back). Only their own: another
 * creator finds nothing, visitors log in first, members get 403, an unclosed month is a 404;
 * admins download any creator's documents, each download audited.
 */
import { asc, eq } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { beforeAll, describe, expect, it } from "vitest";
import { pay } from "../../../tests/money/world";
import { appServerBuild } from "../../../tests/setup/app-build";
import { setupTestDatabase } from "../../../tests/setup/database";
import { stubDataDir } from "../../../tests/setup/data-dir";
import { edgeServer, sessionCookie } from "../../../tests/setup/edge-server";
import { stubTestEnv } from "../../../tests/setup/env";
import { taxSettings } from "#db/schema";
import { adminAuditLog } from "#db/schema/audit";
import { createProfile } from "#db/seed/factories";
import { closeMonth, selfBilledInvoiceNumber } from "~/modules/money/index.server";

stubTestEnv({ EMAIL_RATE_PER_SECOND: "0", BETTER_AUTH_SECRET: "a-test-secret-that-is-long-enough-for-better-auth", VIES_URL: "off" });
stubDataDir("studio-revenue");
const db = await setupTestDatabase({ reset: "file" });
const server = await edgeServer(db, { build: await appServerBuild({ documents: true }) });

const NOV_1 = new Date("2026-11-01T10:00:00Z");
const NOV_15 = new Date("2026-11-15T10:00:00Z");
const DEC_3 = new Date("2026-12-03T09:00:00Z");

let n = 0;
async function person(overrides: { isCreator?: boolean; isAdmin?: boolean } = {}) {
  const email = `revenue${++n}-${Date.now()}@example.com`;
  const creator = overrides.isCreator ? { isCreator: true, isOnboarded: true } : {};
  const { profile, user } = await createProfile(
    db,
    { ...creator, isAdmin: overrides.isAdmin ?? false, handle: `revenue${n}_${Date.now() % 100000}` },
    { email },
  );
  return { id: profile.id, handle: profile.handle!, name: user.name, email, cookie: await sessionCookie(db, email) };
}

const get = async (cookie: string | null, path: string) => {
  const response = await server.request(path, { headers: cookie ? { cookie } : {}, redirect: "manual" });
  return response;
};

async function pdfText(response: Response): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(await response.arrayBuffer()));
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
}

type Person = Awaited<ReturnType<typeof person>>;
let ana: Person, bo: Person, member: Person, admin: Person;

// The world: Ana (self-billing, IRPF 15%) is supported by a member in Spain; Bo, another creator, by nobody.
beforeAll(async () => {
  [ana, bo, member, admin] = [await person({ isCreator: true }), await person({ isCreator: true }), await person(), await person({ isAdmin: true })];
  await db.insert(taxSettings).values({
    creatorId: ana.id,
    entityType: "individual",
    legalName: "Ana García López",
    taxResidenceCountry: "ES",
    taxId: "12345678Z",
    taxIdKind: "nif",
    irpfPercent: 15,
    address: "Calle Mayor 1",
    postalCode: "28013",
    city: "Madrid",
    addressCountry: "ES",
    dateOfBirth: "1990-05-01",
    selfBillingAgreedAt: NOV_1,
  });
  await pay(db, {
    userId: member.id,
    tier: "supporter",
    creatorId: ana.id,
    grossCents: 10_00,
    country: "ES",
    provider: "stripe",
    feeCents: 40,
    periodStart: NOV_15,
  });
  const closed = await closeMonth(db, "2026-11", { actor: { userId: null, ip: null }, now: DEC_3 });
  if (!closed.ok) throw new Error(closed.error);
});

describe("/studio/revenue", () => {
  it("shows the creator's months, Supporters against the pool, with the totals and the links", async () => {
    const response = await get(ana.cookie, "/studio/revenue");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Revenue");
    expect(html).toMatch(/data-month="2026-11"[^]*?€5\.50[^]*?€0\.00[^]*?€0\.00[^]*?€5\.50/);
    expect(html).toContain("December 2025 to November 2026");
    expect(html).toContain('aria-label="Earnings per month from December 2025 to November 2026: €5.50 from supporters, €0.00 from the Premium pool');
    expect(html).toContain('href="/studio/revenue/payments"');
    expect(html).toContain('href="/studio/revenue/documents"');
    expect(html).toContain('href="/studio/revenue/tax-settings"');
    // Bo earned nothing: his months are all zero.
    const bos = await (await get(bo.cookie, "/studio/revenue")).text();
    expect(bos).not.toContain("€5.50");
  });

  it("lists each payment with what it earned, and the CSV has the same columns and never the member", async () => {
    const html = await (await get(ana.cookie, "/studio/revenue/payments")).text();
    expect(html).toMatch(/2026-11-15[^]*?Supporter, monthly[^]*?Spain[^]*?€10\.00[^]*?€1\.74[^]*?21%[^]*?€0\.40[^]*?€7\.86[^]*?€5\.50[^]*?Earned/);
    expect(html).not.toContain(member.email);
    expect(await (await get(bo.cookie, "/studio/revenue/payments")).text()).toContain("No payments yet");
    // A page past the last, or nonsense, answers a page, never an error.
    expect(await (await get(ana.cookie, "/studio/revenue/payments?page=9")).text()).toContain("There is no page 9");
    expect((await get(ana.cookie, "/studio/revenue/payments?page=-1x")).status).toBe(200);

    const csv = await get(ana.cookie, "/studio/revenue/payments.csv");
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toContain(`payments-${ana.handle}-`);
    const text = await csv.text();
    expect(text.split("\r\n")).toEqual([
      "date,tier,billing,country,gross (EUR),VAT rate (%),VAT (EUR),fee (EUR),net (EUR),share (EUR),earned so far (EUR),refunded (EUR),status",
      "2026-11-15,supporter,monthly,ES,10.00,21,1.74,0.40,7.86,5.50,5.50,0.00,earned",
      "",
    ]);
    for (const secret of [member.email, member.name, member.handle, member.id]) expect(text).not.toContain(secret);
    // Bo's CSV has the header only.
    expect((await (await get(bo.cookie, "/studio/revenue/payments.csv")).text()).split("\r\n")).toHaveLength(2);
  });

  it("lists November's statement and invoice, and the PDFs show the computation", async () => {
    const number = selfBilledInvoiceNumber(ana.id, "2026-11");
    const html = await (await get(ana.cookie, "/studio/revenue/documents")).text();
    expect(html).toMatch(/November 2026[^]*?3 December 2026[^]*?€5\.50/);
    expect(html).toContain('href="/studio/revenue/documents/2026-11/statement.pdf"');
    expect(html).toContain('href="/studio/revenue/documents/2026-11/invoice.pdf"');
    expect(html).toContain(number);
    expect(await (await get(bo.cookie, "/studio/revenue/documents")).text()).toContain("No statements yet");

    const statement = await get(ana.cookie, "/studio/revenue/documents/2026-11/statement.pdf");
    expect(statement.status).toBe(200);
    expect(statement.headers.get("content-type")).toBe("application/pdf");
    expect(statement.headers.get("content-disposition")).toBe(`attachment; filename="statement-${ana.handle}-2026-11.pdf"`);
    const text = await pdfText(statement);
    expect(text).toContain("Monthly statement: November 2026");
    expect(text).toContain("Ana García López");
    expect(text).toMatch(/15 Nov 2026 Monthly ES 1\/1 EUR 10\.00 EUR 1\.74 \(21%\) EUR 0\.40 EUR 7\.86 EUR 5\.50/);
    expect(text).toMatch(/Your share \(70% of each payment's net\)\s*EUR 5\.50/);
    expect(text).toMatch(/Balance at the end of the month \(owed to you\)\s*EUR 5\.50/);
    expect(text).toContain("below the EUR 50.00 minimum");
    expect(text).toContain("largest remainders");
    expect(text).not.toContain(member.email);

    const invoice = await get(ana.cookie, "/studio/revenue/documents/2026-11/invoice.pdf");
    expect(invoice.status).toBe(200);
    const invoiceText = await pdfText(invoice);
    expect(invoiceText).toContain(`Self-billed invoice ${number}`);
    expect(invoiceText).toContain("Facturación por el destinatario");
    expect(invoiceText).toMatch(/Ana García López\s+NIF 12345678Z\s+Calle Mayor 1\s+28013 Madrid\s+Spain/);
    expect(invoiceText).toContain("NIF B67123456");
    expect(invoiceText).toMatch(/Taxable base\s*EUR 5\.50/);
    expect(invoiceText).toContain("No VAT charged: the supplier is not registered for VAT");
    // 15% of 5.50 is 0.825: to the nearest cent, halves away from zero.
    expect(invoiceText).toMatch(/IRPF withheld \(15%\)\s*-EUR 0\.83/);
    expect(invoiceText).toMatch(/Amount payable\s*EUR 4\.67/);
  });

  it("finds nothing for a month not published, not theirs or not a month", async () => {
    for (const path of [
      "/studio/revenue/documents/2026-12/statement.pdf",
      "/studio/revenue/documents/2026-10/statement.pdf",
      "/studio/revenue/documents/2026-13/statement.pdf",
      "/studio/revenue/documents/nonsense/invoice.pdf",
    ]) {
      expect((await get(ana.cookie, path)).status, path).toBe(404);
    }
    // Bo has no November of his own, and no way to name Ana's.
    expect((await get(bo.cookie, "/studio/revenue/documents/2026-11/statement.pdf")).status).toBe(404);
    expect((await get(bo.cookie, "/studio/revenue/documents/2026-11/invoice.pdf")).status).toBe(404);
  });

  it("sends visitors to log in and refuses members, on every page and file", async () => {
    for (const path of [
      "/studio/revenue",
      "/studio/revenue/payments",
      "/studio/revenue/payments.csv",
      "/studio/revenue/documents",
      "/studio/revenue/documents/2026-11/statement.pdf",
    ]) {
      const anonymous = await get(null, path);
      expect(anonymous.status, path).toBe(302);
      expect(anonymous.headers.get("location"), path).toBe(`/auth?step=login&redirectTo=${encodeURIComponent(path)}`);
      expect((await get(member.cookie, path)).status, path).toBe(403);
    }
  });

  it("lets admins download any creator's documents, and nobody else", async () => {
    const path = `/admin/money/creators/${ana.id}/documents/2026-11`;
    const statement = await get(admin.cookie, `${path}/statement.pdf`);
    expect(statement.status).toBe(200);
    expect(await pdfText(statement)).toContain("EUR 5.50");
    expect((await get(admin.cookie, `${path}/invoice.pdf`)).status).toBe(200);
    // Each download is audited (the missing ones below are not).
    // In the order they were downloaded (a select without an order comes back in any).
    const audit = await db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, "money.creator_document_downloaded"))
      .orderBy(asc(adminAuditLog.createdAt), asc(adminAuditLog.seq));
    expect(audit.map((a) => ({ actor: a.adminId, target: a.targetId, after: a.after }))).toEqual([
      { actor: admin.id, target: ana.id, after: { month: "2026-11", file: "statement", filename: `statement-${ana.handle}-2026-11.pdf` } },
      { actor: admin.id, target: ana.id, after: { month: "2026-11", file: "invoice", filename: `invoice-${selfBilledInvoiceNumber(ana.id, "2026-11")}.pdf` } },
    ]);
    expect((await get(admin.cookie, `/admin/money/creators/${bo.id}/documents/2026-11/statement.pdf`)).status).toBe(404);
    expect((await get(admin.cookie, `${path.replace("2026-11", "2026-12")}/statement.pdf`)).status).toBe(404);
    expect((await get(bo.cookie, `${path}/statement.pdf`)).status).toBe(403);
    expect((await get(null, `${path}/statement.pdf`)).status).toBe(302);
    expect(await db.$count(adminAuditLog, eq(adminAuditLog.action, "money.creator_document_downloaded"))).toBe(2);

    // The back office's page finds the creator by handle and links the same files.
    const page = await (await get(admin.cookie, `/admin/money/documents?creator=%40${ana.handle.toUpperCase()}`)).text();
    expect(page).toContain(`href="${path}/statement.pdf"`);
    expect(page).toContain(`href="${path}/invoice.pdf"`);
    expect(await (await get(admin.cookie, "/admin/money/documents?creator=nobody-here")).text()).toContain("Nobody has the handle @nobody-here.");
    expect(await (await get(admin.cookie, `/admin/money/documents?creator=${bo.handle}`)).text()).toContain("No published month yet.");
    expect((await get(ana.cookie, `/admin/money/documents?creator=${ana.handle}`)).status).toBe(403);
  });
});
