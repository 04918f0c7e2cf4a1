/**
 * Files on local disk under one root folder (DATA_DIR by default): the
 * object path is the file's path below the root. Fine for one instance; more
 * than one needs the S3 adapter (DESIGN.md section 7: uploads live in object storage).
 */
import { createReadStream } from "node:fs";
import { mkdir, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { ObjectExistsError, type StorageAdapter } from "./adapter.server";

export function createLocalAdapter(root: string, contentTypeOf: (objectPath: string) => string): StorageAdapter {
  const base = path.resolve(root);
  const fileOf = (objectPath: string) => {
    const file = path.resolve(base, objectPath);
    if (!file.startsWith(base + path.sep)) throw new Error(`storage: ${objectPath} is outside the storage folder`);
    return file;
  };

  return {
    kind: "local",
    async put(objectPath, body, { overwrite = true }) {
      const file = fileOf(objectPath);
      await mkdir(path.dirname(file), { recursive: true });
      try {
        // Private documents are written once and readable by this process only.
        await writeFile(file, body, overwrite ? undefined : { flag: "wx", mode: 0o600 });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "EEXIST") throw new ObjectExistsError(objectPath);
        throw error;
      }
    },
    async get(objectPath) {
      const file = fileOf(objectPath);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) return null;
      return {
        body: Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>,
        contentType: contentTypeOf(objectPath),
        size: info.size,
      };
    },
    async delete(objectPath) {
      await rm(fileOf(objectPath), { force: true });
    },
  };
}
