import { z } from "zod";
import { dbContext } from "~/lib/db-context.server";
import { recordOpen } from "~/modules/email/index.server";
import type { Route } from "./+types/email-open";

/** A transparent 1×1 GIF. */
const PIXEL = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

/**
 * GET /email/open/{messageId}.gif: the image at the foot of a post's email. Its first load counts
 * the message as opened (the Studio's "opens"); any other name answers the same image.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const id = z.uuid().safeParse(params.image.replace(/\.gif$/, ""));
  if (id.success) await recordOpen(context.get(dbContext), id.data);
  return new Response(new Uint8Array(PIXEL), {
    headers: { "Content-Type": "image/gif", "Cache-Control": "no-store", "Content-Length": String(PIXEL.length) },
  });
}
