/**
 * A collaboration attachment as a download. It may come from anyone's computer (a PDF can hold
 * scripts): it is an attachment, never shown in our pages, with nosniff and never cached, as
 * private-file.ts does for applications.
 */
export function attachmentResponse(file: { bytes: Uint8Array; contentType: string; fileName: string; ext: string } | null): Response {
  if (!file) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain", "Cache-Control": "private, no-store" } });
  const base = file.fileName.replace(/\.[^.]*$/, "").replace(/[^\w.-]/g, "_") || "attachment";
  return new Response(file.bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.bytes.byteLength),
      "Content-Disposition": `attachment; filename="${base}.${file.ext}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
