/**
 * Images in a post's body: checked by their bytes (never their name or type header), stored as
 * the Studio's WebP variants (upright, without EXIF) in the public `post-images` bucket, and
 * handed back as the markdown to insert. The body names the default variant (800 px, or the
 * largest made from a smaller picture); the smaller ones sit beside it for `srcset`.
 */
import type { Database } from "~/lib/db.server";
import { makeVariants } from "~/modules/images/index.server";
import { deleteByUrl, putObject, publicUrl } from "~/modules/storage/index.server";
import { imageMarkdown } from "./post-body";
import { ownsPost } from "./post-editing.server";

export type PostImageResult = { ok: true; src: string; markdown: string } | { ok: false; status: 400 | 404; error: string };

const ALT_MAX = 200;

export async function storePostImage(db: Database, creatorId: string, postId: string, bytes: Uint8Array, alt: string): Promise<PostImageResult> {
  if (!(await ownsPost(db, creatorId, postId))) return { ok: false, status: 404, error: "This post is not one of yours" };
  const made = await makeVariants(bytes);
  if (!made.ok) return { ok: false, status: 400, error: made.error };
  await Promise.all(made.variants.files.map((file) => putObject("post-images", file.key, file.bytes)));
  const src = publicUrl("post-images", made.variants.main.key);
  return { ok: true, src, markdown: imageMarkdown(alt.trim().slice(0, ALT_MAX), src) };
}

/** Remove the files of images no post shows any more (every variant of each). */
export async function removePostImages(urls: string[]): Promise<void> {
  await Promise.all(
    urls.flatMap((url) => {
      const base = url.replace(/-\d+\.webp$/, "");
      return [160, 400, 800, 1600, Number(/-(\d+)\.webp$/.exec(url)?.[1])].map((width) => deleteByUrl(`${base}-${width}.webp`));
    }),
  );
}
