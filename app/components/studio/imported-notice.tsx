/**
 * The message a confirmed import leaves on the first map's editor
 * (`?imported=N&review=M`, `&photos=K` when photos could not be fetched): shown once, from the URL, so it survives the
 * redirect without a session flash and works before JavaScript loads. How many rows wait in the review
 * queue is the queue's own count as the page has it now (`inReview`), not the URL's: placing or
 * dismissing rows updates it, and at zero the notice no longer mentions the queue.
 */
import { useSearchParams } from "react-router";
import { IMPORTED_PARAMS, importedMessage, importedParamsSchema } from "~/modules/imports/import-form";

export function ImportedNotice({ inReview }: { inReview?: number }) {
  const [params] = useSearchParams();
  if (!params.has(IMPORTED_PARAMS.imported)) return null;
  const parsed = importedParamsSchema.safeParse({
    imported: params.get(IMPORTED_PARAMS.imported),
    review: params.get(IMPORTED_PARAMS.review) ?? undefined,
    missedPhotos: params.get(IMPORTED_PARAMS.missedPhotos) ?? undefined,
  });
  if (!parsed.success) return null;
  return (
    <p role="status" className="border-b border-green-300 bg-green-50 px-4 py-2 text-sm text-green-800" data-testid="imported-notice">
      {importedMessage(parsed.data.imported, inReview ?? parsed.data.review, parsed.data.missedPhotos)}
    </p>
  );
}
