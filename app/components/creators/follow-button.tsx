import { href } from "react-router";
import { useToggleAction } from "~/components/atlas/use-toggle-action";
import { useViewer } from "~/components/auth/use-viewer";
import { Button } from "~/components/ui/button";

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
    <Button
      variant={following ? "secondary" : "primary"}
      size="none"
      aria-pressed={following}
      data-testid="follow-button"
      onClick={toggle}
      className="h-10 px-5 text-sm"
    >
      {following ? "Following" : "Follow"}
    </Button>
  );
}
