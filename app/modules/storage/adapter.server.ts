/**
 * The one interface every stored file goes through. An adapter knows where
 * bytes live (a folder on disk, an S3-compatible bucket) and nothing about
 * buckets, keys or who may read what: `storage.server.ts` validates those and
 * hands the adapter an object path it has already checked, such as
 * `uploads/avatars/ab/ab01….webp` or `private/applications/….pdf`.
 */
export interface StoredObject {
  body: ReadableStream<Uint8Array>;
  contentType: string;
  /** Bytes, when the backend says. */
  size?: number;
}

export interface PutOptions {
  contentType: string;
  /** false: refuse to replace an object already stored under the path (private documents are written once). */
  overwrite?: boolean;
}

export interface StorageAdapter {
  readonly kind: "local" | "s3";
  put(objectPath: string, body: Uint8Array, options: PutOptions): Promise<void>;
  /** The object, or null when there is none. */
  get(objectPath: string): Promise<StoredObject | null>;
  /** Remove the object; removing one that is not there is not an error. */
  delete(objectPath: string): Promise<void>;
}

export class ObjectExistsError extends Error {
  constructor(objectPath: string) {
    super(`storage: ${objectPath} already exists`);
    this.name = "ObjectExistsError";
  }
}

/** All of a stored object's bytes (images and documents are small; pages stream instead). */
export async function readAll(object: StoredObject): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await new Response(object.body).arrayBuffer());
}
