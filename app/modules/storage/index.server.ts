/**
 * The storage room's public API on the server: what other modules may import from it (lint checks it).
 * It owns stored files: local disk or an S3-compatible bucket.
 */
export { readAll } from "./adapter.server";
export {
  deleteByUrl,
  deleteObject,
  deletePrivateObject,
  getObjectBytes,
  getPrivateObject,
  objectOfUrl,
  publicUrl,
  putObject,
  putPrivateObject,
  signedUrl,
  storage,
} from "./storage.server";
