/**
 * An S3-compatible server for integration tests: s3rver on a free port of
 * 127.0.0.1, its objects in a scratch folder, one bucket made. `settings`
 * are the S3_* variables that point the app's storage at it.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";

export const TEST_BUCKET = "spotfolio-test";

export async function startS3rver() {
  const server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory: mkdtempSync(path.join(tmpdir(), "spotfolio-s3rver-")),
    configureBuckets: [{ name: TEST_BUCKET }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    adapterSettings: { endpoint, bucket: TEST_BUCKET, region: "us-east-1", accessKeyId: "S3RVER", secretAccessKey: "S3RVER", forcePathStyle: true },
    settings: { S3_BUCKET: TEST_BUCKET, S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: "S3RVER", S3_SECRET_ACCESS_KEY: "S3RVER", S3_FORCE_PATH_STYLE: "on" },
    close: () => server.close(),
  };
}
