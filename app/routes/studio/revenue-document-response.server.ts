import type { DocumentFile } from "~/modules/money/index.server";

/** A money PDF as a download (Studio and back office); a missing one (not this creator's, not published, no such month) is a plain 404. */
export function pdfResponse(file: DocumentFile | null): Response {
  if (!file) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain", "Cache-Control": "private, no-store" } });
  return new Response(file.bytes, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(file.bytes.byteLength),
      "Content-Disposition": `attachment; filename="${file.filename}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
