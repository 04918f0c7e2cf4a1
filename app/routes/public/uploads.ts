import { smallAvatarFromOriginal } from "~/modules/images/avatar-store.server";
import { CONTENT_TYPES, getObject } from "~/modules/storage/storage.server";
import type { Route } from "./+types/uploads";

const NOT_FOUND = () => new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });

/**
 * GET /uploads/{bucket}/{key}: public uploaded images, streamed from the active
 * storage (local disk or S3; storage.server.ts says why the app serves them).
 * Keys are content hashes or fresh ids, never reused, so cached for a year.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const key = params["*"] ?? "";
  const object = await getObject(params.bucket, key);
  // An avatar stored before its 90 px variant existed gets the variant on first request.
  const body = object?.body ?? (params.bucket === "avatars" ? await smallAvatarFromOriginal(key) : null);
  if (!body) return NOT_FOUND();
  const ext = key.slice(key.lastIndexOf(".") + 1).toLowerCase();
  return new Response(body instanceof Uint8Array ? new Uint8Array(body) : body, {
    headers: {
      "Content-Type": CONTENT_TYPES[ext] ?? "application/octet-stream",
      ...(object?.size !== undefined ? { "Content-Length": String(object.size) } : {}),
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
