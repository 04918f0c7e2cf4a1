import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { resetEnvCache } from "~/lib/env.server";
import { deleteByUrl, putObject, storage } from "~/modules/storage/storage.server";
import { startS3rver } from "../../../tests/setup/s3rver";
import { loader } from "./uploads";
import { stubDataDir } from "../../../tests/setup/data-dir";

let s3: Awaited<ReturnType<typeof startS3rver>>;
beforeAll(async () => {
  s3 = await startS3rver();
});
afterAll(async () => {
  await s3.close();
  vi.unstubAllEnvs();
  resetEnvCache();
});

const get = (bucket: string, key: string) => loader({ params: { bucket, "*": key } } as unknown as Parameters<typeof loader>[0]);

describe.each([
  ["local disk", (): Record<string, string> => ({})],
  ["an S3 bucket", () => s3.settings],
])("GET /uploads/{bucket}/{key} with uploads on %s", (name, settings) => {
  it("serves a stored image, cached for good, and a 404 once it is deleted", async () => {
    stubDataDir("uploads");
    for (const variable of ["S3_BUCKET", "S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"]) vi.stubEnv(variable, "");
    for (const [variable, value] of Object.entries(settings())) vi.stubEnv(variable, value);
    resetEnvCache();
    expect(storage().kind).toBe(name === "local disk" ? "local" : "s3");

    const url = await putObject("covers", "ab/cover-800.webp", new TextEncoder().encode("webp bytes"));
    const served = await get("covers", "ab/cover-800.webp");
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/webp");
    expect(served.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(await served.text()).toBe("webp bytes");

    await deleteByUrl(url);
    expect((await get("covers", "ab/cover-800.webp")).status).toBe(404);
    expect((await get("private", "../applications/x.pdf")).status).toBe(404);
  });
});
