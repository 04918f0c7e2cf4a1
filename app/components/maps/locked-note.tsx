import { Lock } from "lucide-react";
import type { Visibility } from "#db/schema";

/** Why a spot is locked, in words (the unlock buttons come with memberships). */
export function lockedText(visibility: Visibility, creator: string): string {
  return visibility === "supporters" ? `For supporters of ${creator}` : "For Premium members";
}

export function LockedBadge({ visibility, creator }: { visibility: Visibility; creator: string }) {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-800" data-testid="locked-badge">
      <Lock aria-hidden className="size-3" /> {lockedText(visibility, creator)}
    </span>
  );
}
