import { useEffect } from "react";
import { useFetcher } from "react-router";
import { useAuthDialog } from "~/components/auth/auth-dialog";
import { toast } from "~/components/ui/toaster";
import { useViewer } from "~/lib/use-viewer";

/**
 * Follow / Following. Optimistic: the button flips at once, the server's
 * answer (and the revalidated viewer state) is the truth. Anonymous visitors
 * get the login dialog, and the follow happens once they are in.
 */
export function FollowButton({ creatorId }: { creatorId: string }) {
  const viewer = useViewer();
  const { openAuth } = useAuthDialog();
  const fetcher = useFetcher<{ ok: boolean; error?: string; following?: boolean }>({ key: `follow-${creatorId}` });
  const isOwn = viewer.user?.id === creatorId;
  const pending = fetcher.formData?.get("intent");
  const following = pending ? pending === "follow" : viewer.follows.some((f) => f.creatorId === creatorId);

  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && !fetcher.data.ok) toast("error", fetcher.data.error ?? "Something went wrong");
  }, [fetcher.state, fetcher.data]);

  if (isOwn) return null;
  const submit = (intent: "follow" | "unfollow") => fetcher.submit({ creatorId, intent }, { method: "post", action: "/api/follows" });

  return (
    <button
      type="button"
      aria-pressed={following}
      data-testid="follow-button"
      onClick={() => {
        if (!viewer.isLoggedIn) openAuth({ step: "login", onSuccess: () => submit("follow") });
        else submit(following ? "unfollow" : "follow");
      }}
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
