import { openPrivateObject, privateContentType, verifySignedUrl } from "~/modules/storage/storage.server";
import { requireAdmin } from "../guards.server";
import type { Route } from "./+types/private-file";

/** The object's own name, safe in a header (an application's is "{uuid}.pdf", a certificate's may be ".jpg" or ".png"). */
function downloadName(key: string): string {
  const name = (key.split("/").pop() ?? "").replace(/[^\w.-]/g, "_");
  return /\.(pdf|png|jpe?g)$/i.test(name) ? name : `${name || "document"}.pdf`;
}

const plain = (status: number, body: string) => new Response(body, { status, headers: { "Content-Type": "text/plain", "Cache-Control": "private, no-store" } });

/**
 * GET /files/{bucket}/{key}?expires=…&signature=…: a private object (an
 * application PDF, a document or a scan), only for an admin holding an unexpired URL
 * signed by us. Never cached by anyone.
 *
 * The file comes from an applicant, and a PDF may hold JavaScript: it is a download
 * (Content-Disposition: attachment), never shown in our pages, and if a browser
 * shows it anyway its own policy sandboxes it (no scripts, no same-origin access,
 * nothing loaded, no framing; the edge sets it, server/app.ts).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const key = params["*"] ?? "";
  const query = new URL(request.url).searchParams;
  if (!verifySignedUrl(params.bucket, key, query.get("expires"), query.get("signature"))) return plain(403, "This link has expired or is not valid");
  // Streamed from the active storage; the check above runs on every request, whichever adapter holds the file.
  const object = await openPrivateObject(params.bucket, key);
  if (!object) return plain(404, "Not found");
  return new Response(object.body, {
    headers: {
      "Content-Type": privateContentType(key),
      ...(object.size !== undefined ? { "Content-Length": String(object.size) } : {}),
      "Content-Disposition": `attachment; filename="${downloadName(key)}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
