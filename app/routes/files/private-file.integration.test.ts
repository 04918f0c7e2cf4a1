import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/setup/database";
import { stubDataDir } from "../../../tests/setup/data-dir";
import { TestVisitor } from "../../../tests/setup/visitor";
import { createProfile } from "#db/seed/factories";
import { submitApplication } from "~/modules/creators/applications.server";
import { signedUrl } from "~/modules/storage/storage.server";
import { loader as uploads } from "../public/uploads";
import { loader } from "./private-file";

const db = await setupTestDatabase();

stubDataDir("private-files");

const PDF = new TextEncoder().encode("%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n");

type Loader = (args: { request: Request; context: unknown; params: Record<string, string> }) => Promise<Response>;

/** GET a path through a loader; a thrown Response (a guard's redirect or 403) is the answer too. */
async function get(visitor: TestVisitor, url: string, handler: Loader) {
  const { pathname } = new URL(url, "http://localhost");
  const [, , bucket, ...rest] = pathname.split("/");
  const { response } = await visitor.request(url, async (request, context) => {
    try {
      return await handler({ request, context, params: { bucket, "*": rest.join("/") } });
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    }
  });
  return response;
}

async function setup() {
  const { user: ana } = await createProfile(db);
  const { user: admin } = await createProfile(db, { isAdmin: true });
  const result = await submitApplication(db, { userId: ana.id, file: { bytes: PDF } });
  if (!result.ok) throw new Error(result.error);
  const key = `${result.application.id}.pdf`;
  const adminVisitor = new TestVisitor();
  await adminVisitor.signIn(db, admin.id, admin.email);
  const applicant = new TestVisitor();
  await applicant.signIn(db, ana.id, ana.email);
  return { db, key, adminVisitor, applicant };
}

describe("GET /files/{bucket}/{key}: application PDFs", () => {
  it("serves the PDF as a download, never cached, to an admin holding a fresh signed URL", async () => {
    const { key, adminVisitor } = await setup();
    const response = await get(adminVisitor, signedUrl("applications", key, 60), loader as unknown as Loader);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="${key}"`);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(PDF);
  });

  it("is refused without an admin session, even with a valid signature (the applicant included)", async () => {
    const { key, applicant } = await setup();
    const url = signedUrl("applications", key, 60);
    const anonymous = await get(new TestVisitor(), url, loader as unknown as Loader);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/auth\?step=login/);
    expect((await get(applicant, url, loader as unknown as Loader)).status).toBe(403);
  });

  it("is refused to an admin with an expired, forged or missing signature, or another object's", async () => {
    const { key, adminVisitor } = await setup();
    const expired = signedUrl("applications", key, 60, Date.now() - 61_000);
    const valid = new URL(signedUrl("applications", key, 60), "http://localhost");
    const forged = new URL(valid);
    forged.searchParams.set("expires", String(Number(valid.searchParams.get("expires")) + 86_400));
    const otherKey = signedUrl("applications", "00000000-0000-4000-8000-000000000000.pdf", 60);
    for (const url of [expired, forged.pathname + forged.search, valid.pathname, otherKey.replace("00000000-0000-4000-8000-000000000000", key.slice(0, -4))]) {
      const response = await get(adminVisitor, url, loader as unknown as Loader);
      expect(response.status, url).toBe(403);
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    }
  });

  it("is not reachable at /uploads", async () => {
    const { key, adminVisitor } = await setup();
    for (const url of [`/uploads/applications/${key}`, `/uploads/avatars/../../private/applications/${key}`]) {
      expect((await get(adminVisitor, url, uploads as unknown as Loader)).status, url).toBe(404);
    }
  });
});
