import { href } from "react-router";
import { useToggleAction } from "~/components/atlas/use-toggle-action";
import { useViewer } from "~/components/auth/use-viewer";

/** Follow / Following (optimistic; anonymous visitors log in first, then the follow happens). */
export function FollowButton({ creatorId }: { creatorId: string }) {
  const viewer = useViewer();
  const { on: following, toggle } = useToggleAction({
    key: `follow-${creatorId}`,
    action: href("/api/follows"),
    fields: { creatorId },
    serverOn: viewer.follows.some((f) => f.creatorId === creatorId),
  });
  if (viewer.user?.id === creatorId) return null;
  return (
    <button
      type="button"
      aria-pressed={following}
      data-testid="follow-button"
      onClick={toggle}
      className={
        following
          ? "h-10 rounded-full border border-neutral-300 px-5 text-sm font-semibold hover:bg-neutral-50"
          : "h-10 rounded-full bg-brand-600 px-5 text-sm font-semibold text-white hover:bg-brand-700"
      }
    >
      {following ? "Following" : "Follow"}
    </button>
  );
}
