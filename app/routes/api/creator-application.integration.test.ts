import { readdirSync } from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/setup/database";
import { stubDataDir } from "../../../tests/setup/data-dir";
import { TestVisitor } from "../../../tests/setup/visitor";
import { creatorApplications, emailOutbox, profiles, session, termsAuditLog } from "#db/schema";
import { createProfile } from "#db/seed/factories";
import type { Database } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { requestContext } from "~/lib/request-context";
import { APPLICATION_MESSAGES, MAX_APPLICATION_BYTES, NEED_FILE_OR_LINK, type ApplicationView } from "~/modules/creators/application-rules";
import { privateRoot } from "~/modules/storage/storage.server";
import { action, loader } from "./creator-application";
import { action as withdraw } from "./creator-application-withdraw";
import { action as terms } from "./creator-terms";

const db = await setupTestDatabase();

stubDataDir("application-api");

type Body = { application?: ApplicationView | null; error?: string; ok?: boolean };
type Handler = (args: { request: Request; context: unknown; params: Record<string, string> }) => Promise<unknown>;

const pdf = (size = 2048) => {
  const bytes = new Uint8Array(size);
  bytes.set(new TextEncoder().encode("%PDF-1.4\n"));
  return bytes;
};
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
const LINK = "https://maps.app.goo.gl/xYz987";

/** A multipart body as a browser sends it (encoded up front, as it arrives on the wire). */
async function multipart(fields: { file?: { bytes: Uint8Array; name: string; type?: string }; url?: string }): Promise<RequestInit> {
  const form = new FormData();
  if (fields.file) form.set("file", new File([fields.file.bytes as BlobPart], fields.file.name, { type: fields.file.type ?? "application/pdf" }));
  if (fields.url !== undefined) form.set("url", fields.url);
  const encoded = new Response(form);
  return { body: new Uint8Array(await encoded.arrayBuffer()), headers: { "Content-Type": encoded.headers.get("content-type")! } };
}

async function withHeader(init: Promise<RequestInit>, name: string, value: string): Promise<RequestInit> {
  const resolved = await init;
  const headers = new Headers(resolved.headers);
  headers.set(name, value);
  return { ...resolved, headers };
}

/** One call of a route handler as the server makes it; a thrown Response is the answer too. */
async function call(visitor: TestVisitor, path: string, handler: Handler, init: RequestInit, clientIp = "198.51.100.20") {
  const { response } = await visitor.request(
    path,
    async (request, context) => {
      context.set(requestContext, { requestId: "test", nonce: "", clientIp, log: logger });
      try {
        const result = await handler({ request, context, params: {} });
        if (result instanceof Response) return result;
        // A data() result, as React Router sends it from a resource route: JSON with its status.
        const { data, init } = result as { data: unknown; init?: ResponseInit | null };
        return Response.json(data, init ?? undefined);
      } catch (thrown) {
        if (thrown instanceof Response) return thrown;
        throw thrown;
      }
    },
    init,
  );
  return { status: response.status, body: (await response.json()) as Body };
}

const post = (visitor: TestVisitor, init: RequestInit) => call(visitor, "/api/creator-application", action as unknown as Handler, { method: "POST", ...init });

const storedFiles = () => {
  try {
    return readdirSync(path.join(privateRoot(), "applications"));
  } catch {
    return [];
  }
};

async function written(db: Database) {
  const [apps, mails] = await Promise.all([db.select().from(creatorApplications), db.select().from(emailOutbox)]);
  return { apps: apps.length, mails: mails.length, files: storedFiles().length };
}

describe("POST /api/creator-application", () => {
  it("refuses a visitor without a session or token: 'No authentication token found', nothing written", async () => {
    const before = await written(db);
    expect(await post(new TestVisitor(), await multipart({ url: LINK }))).toEqual({ status: 401, body: { error: "No authentication token found" } });
    expect(await post(new TestVisitor(), await withHeader(multipart({ url: LINK }), "Authorization", "Bearer not-a-session"))).toEqual({
      status: 401,
      body: { error: "No authentication token found" },
    });
    expect(await written(db)).toEqual(before);
  });

  it("takes a PDF and a link from a signed-in user: 201, pending, emails queued; GET shows it", async () => {
    const { user: ana } = await createProfile(db);
    await createProfile(db, { isAdmin: true });
    const visitor = new TestVisitor();
    await visitor.signIn(db, ana.id, ana.email);

    const { status, body } = await post(visitor, await multipart({ file: { bytes: pdf(), name: "my-map.pdf" }, url: LINK }));
    expect(status).toBe(201);
    expect(body.application).toMatchObject({ status: "pending", url: LINK, hasFile: true, reason: null });
    const mails = await db.select({ to: emailOutbox.to, template: emailOutbox.template }).from(emailOutbox);
    expect(mails.map((m) => m.template).sort()).toEqual(["creator-application-new", "creator-application-received"]);

    const current = await call(visitor, "/api/creator-application", loader as unknown as Handler, { method: "GET" });
    expect(current).toEqual({ status: 200, body: { application: body.application } });
  });

  it("accepts a bearer session token instead of the cookie (spec section 7)", async () => {
    const { user: ana } = await createProfile(db);
    const token = randomUUID().replace(/-/g, "");
    await db.insert(session).values({ id: randomUUID(), token, userId: ana.id, expiresAt: new Date(Date.now() + 3600_000) });
    const { status, body } = await post(new TestVisitor(), await withHeader(multipart({ url: LINK }), "Authorization", `Bearer ${token}`));
    expect(status).toBe(201);
    const [row] = await db.select().from(creatorApplications);
    expect(row).toMatchObject({ id: body.application?.id, userId: ana.id, url: LINK });
  });

  it("answers every bad upload with a clear 4xx and writes nothing", async () => {
    const { user: ana } = await createProfile(db);
    await createProfile(db, { isAdmin: true });
    const visitor = new TestVisitor();
    await visitor.signIn(db, ana.id, ana.email);
    const before = await written(db);

    const cases: [RequestInit, number, string][] = [
      [await multipart({ file: { bytes: PNG, name: "map.pdf" } }), 415, APPLICATION_MESSAGES.NOT_A_PDF],
      [await multipart({ file: { bytes: pdf(25 * 1024 * 1024), name: "huge.pdf" } }), 413, APPLICATION_MESSAGES.FILE_TOO_LARGE],
      [await multipart({ file: { bytes: pdf(MAX_APPLICATION_BYTES + 1), name: "just-over.pdf" } }), 413, APPLICATION_MESSAGES.FILE_TOO_LARGE],
      [await multipart({ file: { bytes: new Uint8Array(), name: "empty.pdf" } }), 400, APPLICATION_MESSAGES.FILE_EMPTY],
      [await multipart({ url: "javascript:alert(document.cookie)" }), 400, APPLICATION_MESSAGES.BAD_LINK],
      [await multipart({}), 400, NEED_FILE_OR_LINK],
      // An untouched file input: an empty, nameless file and an empty link.
      [await multipart({ file: { bytes: new Uint8Array(), name: "", type: "application/octet-stream" }, url: "" }), 400, NEED_FILE_OR_LINK],
      [{ body: new URLSearchParams({ url: "" }) }, 400, NEED_FILE_OR_LINK],
      [
        { body: JSON.stringify({ url: LINK }), headers: { "Content-Type": "application/json" } },
        415,
        "Send the application as multipart form data with a file and/or a url",
      ],
    ];
    for (const [init, status, error] of cases) {
      expect(await post(visitor, init), error).toEqual({ status, body: { error } });
    }
    expect(await written(db)).toEqual(before);
  });

  it("refuses a body declared larger than 20 MB before reading it", async () => {
    const { user: ana } = await createProfile(db);
    const visitor = new TestVisitor();
    await visitor.signIn(db, ana.id, ana.email);
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        if (pulled > 3) controller.close();
        else controller.enqueue(pdf(1024));
      },
    });
    const init = {
      body,
      duplex: "half",
      headers: { "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(30 * 1024 * 1024) },
    } as RequestInit;
    expect(await post(visitor, init)).toEqual({ status: 413, body: { error: APPLICATION_MESSAGES.FILE_TOO_LARGE } });
    // Nothing read past what the stream offers up front.
    expect(pulled).toBeLessThanOrEqual(1);
    expect(await written(db)).toEqual({ apps: 0, mails: 0, files: storedFiles().length });
  });

  it("refuses a second pending application (409), and withdrawing allows a new one", async () => {
    const { user: ana } = await createProfile(db);
    const visitor = new TestVisitor();
    await visitor.signIn(db, ana.id, ana.email);
    expect((await post(visitor, await multipart({ url: LINK }))).status).toBe(201);
    const before = await written(db);
    expect(await post(visitor, await multipart({ file: { bytes: pdf(), name: "again.pdf" } }))).toEqual({
      status: 409,
      body: { error: APPLICATION_MESSAGES.ALREADY_PENDING },
    });
    expect(await written(db)).toEqual(before);

    const withdrawn = await call(visitor, "/api/creator-application/withdraw", withdraw as unknown as Handler, { method: "POST" });
    expect(withdrawn).toMatchObject({ status: 200, body: { application: { status: "withdrawn" } } });
    expect(await call(visitor, "/api/creator-application/withdraw", withdraw as unknown as Handler, { method: "POST" })).toEqual({
      status: 404,
      body: { error: APPLICATION_MESSAGES.NOTHING_TO_WITHDRAW },
    });
    expect((await post(visitor, await multipart({ url: LINK }))).status).toBe(201);
    expect(await call(visitor, "/api/creator-application", action as unknown as Handler, { method: "DELETE" })).toMatchObject({
      status: 200,
      body: { application: { status: "withdrawn" } },
    });
  });
});

describe("POST /api/creator-terms", () => {
  const accepted = { termsAccepted: "on", copyrightAccepted: "on", compensationAccepted: "on" };

  it("records the three agreements with the request's client IP and onboards the profile", async () => {
    const { user: ana } = await createProfile(db);
    const visitor = new TestVisitor();
    await visitor.signIn(db, ana.id, ana.email);
    expect(
      await call(visitor, "/api/creator-terms", terms as unknown as Handler, { method: "POST", body: new URLSearchParams(accepted) }, "203.0.113.9"),
    ).toEqual({
      status: 200,
      body: { ok: true },
    });
    const rows = await db.select().from(termsAuditLog);
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.ip === "203.0.113.9" && r.userId === ana.id)).toBe(true);
    const [profile] = await db.select().from(profiles).where(eq(profiles.id, ana.id));
    expect(profile.isOnboarded).toBe(true);
  });

  it("takes JSON too; refuses an unticked box (400) and a visitor without a session (401), writing nothing", async () => {
    const { user: ana } = await createProfile(db);
    const visitor = new TestVisitor();
    const json = (value: unknown): RequestInit => ({ method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(value) });
    expect(
      await call(
        visitor,
        "/api/creator-terms",
        terms as unknown as Handler,
        json({ termsAccepted: true, copyrightAccepted: true, compensationAccepted: true }),
      ),
    ).toEqual({
      status: 401,
      body: { error: APPLICATION_MESSAGES.NO_AUTH },
    });
    await visitor.signIn(db, ana.id, ana.email);
    expect(await call(visitor, "/api/creator-terms", terms as unknown as Handler, json({ termsAccepted: true, copyrightAccepted: true }))).toEqual({
      status: 400,
      body: { error: APPLICATION_MESSAGES.TERMS_REQUIRED },
    });
    expect(await db.select().from(termsAuditLog)).toEqual([]);
    expect(
      await call(
        visitor,
        "/api/creator-terms",
        terms as unknown as Handler,
        json({ termsAccepted: true, copyrightAccepted: true, compensationAccepted: true }),
      ),
    ).toEqual({
      status: 200,
      body: { ok: true },
    });
  });
});
