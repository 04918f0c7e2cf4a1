import { readFile } from "node:fs/promises";
import { smallAvatarFromOriginal } from "~/modules/images/avatar-store.server";
import { CONTENT_TYPES, filePath } from "~/modules/storage/storage.server";
import type { Route } from "./+types/uploads";

const NOT_FOUND = () => new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });

/** GET /uploads/{bucket}/{key}: public uploaded images (content-addressed, so cached for a year). */
export async function loader({ params }: Route.LoaderArgs) {
  const file = filePath(params.bucket, params["*"] ?? "");
  if (!file) return NOT_FOUND();
  // An avatar stored before its 90 px variant existed gets the variant on first request.
  const body = (await readFile(file).catch(() => null)) ?? (params.bucket === "avatars" ? await smallAvatarFromOriginal(params["*"] ?? "") : null);
  if (!body) return NOT_FOUND();
  const ext = file.slice(file.lastIndexOf(".") + 1).toLowerCase();
  return new Response(new Uint8Array(body), {
    headers: {
      "Content-Type": CONTENT_TYPES[ext] ?? "application/octet-stream",
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
