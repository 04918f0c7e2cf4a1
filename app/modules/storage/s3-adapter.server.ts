/**
 * Objects in one S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, …); the
 * object path is the object's key, so `uploads/…` and `private/…` keep the
 * same layout as on disk and one bucket holds both. The bucket itself can
 * (and should) stay private: the app serves its objects (see storage.server.ts).
 */
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client, S3ServiceException } from "@aws-sdk/client-s3";
import { ObjectExistsError, type StorageAdapter } from "./adapter.server";

export interface S3Settings {
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

const isMissing = (error: unknown) =>
  error instanceof NoSuchKey || (error instanceof S3ServiceException && (error.name === "NotFound" || error.$metadata.httpStatusCode === 404));

export function createS3Adapter(settings: S3Settings): StorageAdapter {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    // Unset keys: the SDK's own chain (instance role, AWS_* variables).
    credentials:
      settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
    // Checksums on every request are new in the SDK; several S3-compatible servers refuse them.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const Bucket = settings.bucket;

  return {
    kind: "s3",
    async put(Key, body, { contentType, overwrite = true }) {
      if (!overwrite) {
        // IfNoneMatch makes it atomic on S3 itself; servers that ignore it still get the check before.
        const existing = await this.get(Key);
        if (existing) {
          await existing.body.cancel();
          throw new ObjectExistsError(Key);
        }
      }
      try {
        await client.send(new PutObjectCommand({ Bucket, Key, Body: body, ContentType: contentType, ...(overwrite ? {} : { IfNoneMatch: "*" }) }));
      } catch (error) {
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 412) throw new ObjectExistsError(Key);
        throw error;
      }
    },
    async get(Key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key }));
        if (!object.Body) return null;
        return {
          body: object.Body.transformToWebStream() as ReadableStream<Uint8Array>,
          contentType: object.ContentType ?? "application/octet-stream",
          size: object.ContentLength,
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(Key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key }));
    },
  };
}
