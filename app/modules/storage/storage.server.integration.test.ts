import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { resetEnvCache } from "~/lib/env.server";
import { startS3rver } from "../../../tests/setup/s3rver";
import { ObjectExistsError, readAll, type StorageAdapter } from "./adapter.server";
import { createLocalAdapter } from "./local-adapter.server";
import { createS3Adapter } from "./s3-adapter.server";
import {
  deleteByUrl,
  deletePrivateObject,
  getObjectBytes,
  getPrivateObject,
  putObject,
  putPrivateObject,
  signedUrl,
  storage,
  verifySignedUrl,
} from "./storage.server";

// An S3-compatible server of our own, on a free port.
let s3: Awaited<ReturnType<typeof startS3rver>>;
beforeAll(async () => {
  s3 = await startS3rver();
});
afterAll(async () => {
  await s3.close();
  vi.unstubAllEnvs();
  resetEnvCache();
});

const bytes = (text: string) => new TextEncoder().encode(text);
const text = async (body: Uint8Array | null) => (body ? new TextDecoder().decode(body) : null);

const adapters: [string, () => StorageAdapter][] = [
  ["local disk", () => createLocalAdapter(mkdtempSync(path.join(tmpdir(), "spotfolio-local-")), () => "image/webp")],
  ["S3 (s3rver)", () => createS3Adapter(s3.adapterSettings)],
];

describe.each(adapters)("the %s adapter", (_name, make) => {
  it("gets back what was put, replaces it on a second put, and forgets it once deleted", async () => {
    const adapter = make();
    await adapter.put("uploads/spot-photos/ab/one-800.webp", bytes("first"), { contentType: "image/webp" });
    const stored = await adapter.get("uploads/spot-photos/ab/one-800.webp");
    expect(stored).toMatchObject({ contentType: "image/webp", size: 5 });
    expect(await text(stored && (await readAll(stored)))).toBe("first");

    await adapter.put("uploads/spot-photos/ab/one-800.webp", bytes("second"), { contentType: "image/webp" });
    const replaced = await adapter.get("uploads/spot-photos/ab/one-800.webp");
    expect(await text(replaced && (await readAll(replaced)))).toBe("second");

    await adapter.delete("uploads/spot-photos/ab/one-800.webp");
    expect(await adapter.get("uploads/spot-photos/ab/one-800.webp")).toBeNull();
    // Deleting what is not there is not an error.
    await adapter.delete("uploads/spot-photos/ab/one-800.webp");
  });

  it("is a null for an object that was never stored", async () => {
    expect(await make().get("uploads/covers/zz/never.webp")).toBeNull();
  });

  it("never overwrites a write-once object", async () => {
    const adapter = make();
    await adapter.put("private/applications/once.pdf", bytes("%PDF-1 original"), { contentType: "application/pdf", overwrite: false });
    await expect(
      adapter.put("private/applications/once.pdf", bytes("%PDF-1 other"), { contentType: "application/pdf", overwrite: false }),
    ).rejects.toBeInstanceOf(ObjectExistsError);
    const kept = await adapter.get("private/applications/once.pdf");
    expect(await text(kept && (await readAll(kept)))).toBe("%PDF-1 original");
  });
});

const settings: [string, () => Record<string, string>][] = [
  [
    "local disk (no S3_* settings)",
    () => ({ DATA_DIR: mkdtempSync(path.join(tmpdir(), "spotfolio-data-")), S3_BUCKET: "", S3_ENDPOINT: "", S3_ACCESS_KEY_ID: "", S3_SECRET_ACCESS_KEY: "" }),
  ],
  ["S3 (S3_BUCKET set)", () => ({ DATA_DIR: mkdtempSync(path.join(tmpdir(), "spotfolio-data-")), ...s3.settings })],
];

describe.each(settings)("storage on %s", (name, variables) => {
  const use = () => {
    for (const [variable, value] of Object.entries(variables())) vi.stubEnv(variable, value);
    resetEnvCache();
  };

  it("is the adapter the settings choose", () => {
    use();
    expect(storage().kind).toBe(name.startsWith("S3") ? "s3" : "local");
  });

  it("stores a public image under its /uploads URL until it is deleted", async () => {
    use();
    const url = await putObject("spot-photos", "cd/photo-400.webp", bytes("webp bytes"));
    expect(url).toBe("/uploads/spot-photos/cd/photo-400.webp");
    expect(await text(await getObjectBytes("spot-photos", "cd/photo-400.webp"))).toBe("webp bytes");

    await deleteByUrl(url);
    expect(await getObjectBytes("spot-photos", "cd/photo-400.webp")).toBeNull();
  });

  it("keeps private documents behind a signed URL that expires", async () => {
    use();
    await putPrivateObject("applications", "ef/application.pdf", bytes("%PDF-1.7 portfolio"));
    const now = Date.UTC(2026, 0, 1);
    const url = new URL(signedUrl("applications", "ef/application.pdf", 300, now), "http://spotfolio.test");
    expect(url.pathname).toBe("/files/applications/ef/application.pdf");
    const [expires, signature] = [url.searchParams.get("expires"), url.searchParams.get("signature")];
    expect(verifySignedUrl("applications", "ef/application.pdf", expires, signature, now + 60_000)).toBe(true);
    expect(verifySignedUrl("applications", "ef/application.pdf", expires, signature, now + 301_000)).toBe(false);
    expect(verifySignedUrl("applications", "ef/other.pdf", expires, signature, now + 60_000)).toBe(false);
    expect(await text(await getPrivateObject("applications", "ef/application.pdf"))).toBe("%PDF-1.7 portfolio");
    // Not reachable as a public object.
    expect(await getObjectBytes("applications", "ef/application.pdf")).toBeNull();

    await deletePrivateObject("applications", "ef/application.pdf");
    expect(await getPrivateObject("applications", "ef/application.pdf")).toBeNull();
  });
});
