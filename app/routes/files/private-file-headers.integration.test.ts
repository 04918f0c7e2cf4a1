/**
 * An applicant's PDF reaches an admin as a download with a policy of its own (issue 28, item 10):
 * the headers as the whole server sends them (the route and the edge), never shown inline in the
 * site's pages, sandboxed and unframeable should a browser show it anyway.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getTestDb } from "../../../tests/setup/database";
import { stubDataDir } from "../../../tests/setup/data-dir";
import { type EdgeServer, edgeServer, sessionCookie } from "../../../tests/setup/edge-server";
import { createProfile } from "#db/seed/factories";
import { resetEnvCache } from "~/lib/env.server";
import { submitApplication } from "~/modules/creators/applications.server";
import { signedUrl } from "~/modules/storage/storage.server";

stubDataDir("private-file-headers");
vi.stubEnv("BETTER_AUTH_SECRET", "a-test-secret-that-is-long-enough-for-better-auth");
resetEnvCache();
afterAll(() => {
  vi.unstubAllEnvs();
  resetEnvCache();
});

const PDF = new TextEncoder().encode("%PDF-1.7\n1 0 obj << /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >> endobj\n%%EOF\n");

let server: EdgeServer;
let admin: string;
let url: string;
let key: string;

beforeAll(async () => {
  const db = await getTestDb();
  const { user: applicant } = await createProfile(db, {}, { email: "pdf-applicant@example.com" });
  await createProfile(db, { isAdmin: true, handle: "pdfadmin" }, { email: "pdf-admin@example.com" });
  const result = await submitApplication(db, { userId: applicant.id, file: { bytes: PDF } });
  if (!result.ok) throw new Error(result.error);
  key = `${result.application.id}.pdf`;
  url = `http://localhost${signedUrl("applications", key, 600)}`;
  admin = await sessionCookie(db, "pdf-admin@example.com");
  server = await edgeServer(db);
}, 120_000);

describe("an application's PDF, as the server sends it", () => {
  it("is a download, not shown inline", async () => {
    const answer = await server.request(url, { headers: { cookie: admin } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("application/pdf");
    expect(answer.headers.get("content-disposition")).toBe(`attachment; filename="${key}"`);
    expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
    expect(new Uint8Array(await answer.arrayBuffer())).toEqual(PDF);
  });

  it("has a policy of its own: sandboxed (no scripts, not our origin), loading nothing, framed by no one", async () => {
    const answer = await server.request(url, { headers: { cookie: admin } });
    const policy = answer.headers.get("content-security-policy") ?? "";
    const directives = policy.split(";").map((d) => d.trim());
    // A bare "sandbox": every restriction, no allow-scripts, no allow-same-origin.
    expect(directives).toContain("sandbox");
    expect(directives).toContain("default-src 'none'");
    expect(directives).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain("'self'");
  });

  it("is refused, with the same policy, to anyone else", async () => {
    const answer = await server.request(url);
    expect(answer.status).toBeGreaterThanOrEqual(300);
    expect(answer.headers.get("content-security-policy")).toContain("sandbox");
  });
});
