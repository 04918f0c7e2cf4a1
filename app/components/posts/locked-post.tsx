/** A locked post's call to action, as a locked spot has: who it is for, and the way in. */
import { Lock } from "lucide-react";
import { lockedText } from "~/components/maps/locked-note";
import { UnlockButton } from "~/components/memberships/support-button";
import type { PostVisibility } from "~/modules/posts";

export function LockedPost({ visibility, creator }: { visibility: PostVisibility; creator: { id: string; handle: string; displayName: string | null } }) {
  const name = creator.displayName ?? `@${creator.handle}`;
  return (
    <section className="mt-6 rounded-2xl border border-amber-200 bg-amber-50 p-6" data-testid="locked-post">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <Lock aria-hidden className="size-4" /> {lockedText(visibility, name)}
      </h2>
      <p className="mt-2 text-neutral-800">
        {name} writes this post for {visibility === "supporters" ? "the people who support them" : "Premium members"}. Unlock it to read the rest.
      </p>
      <UnlockButton visibility={visibility} creator={creator} />
    </section>
  );
}
