import { CircleUserRound } from "lucide-react";
import { SMALL_AVATAR_SIZE, smallAvatarUrl } from "~/modules/images/avatar-variant";

/**
 * A round profile image, or the generic user icon when there is none (the one
 * fallback everywhere: no initials). `size` is the CSS size in pixels;
 * `imageSize` is the pixel size asked of the image: up to 90 it loads the
 * stored 90 px variant instead of the 400 px original (spec section 2).
 */
export function Avatar({ src, size, imageSize = size, alt = "" }: { src: string | null | undefined; size: number; imageSize?: number; alt?: string }) {
  const style = { width: size, height: size };
  if (!src) {
    return (
      <span style={style} className="grid shrink-0 place-items-center rounded-full bg-neutral-100 text-neutral-500" data-testid="avatar-icon">
        <CircleUserRound aria-hidden style={{ width: size * 0.7, height: size * 0.7 }} />
      </span>
    );
  }
  const url = Math.max(size, imageSize) <= SMALL_AVATAR_SIZE ? smallAvatarUrl(src) : src;
  return <img src={url} alt={alt} width={imageSize} height={imageSize} style={style} className="shrink-0 rounded-full object-cover" />;
}
