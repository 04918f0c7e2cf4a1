import { useEffect } from "react";
import { useFetcher } from "react-router";
import { useAuthDialog } from "~/components/auth/auth-dialog";
import { toast } from "~/components/ui/toaster";
import { useViewer } from "~/components/auth/use-viewer";

/**
 * An on/off action of a signed-in user (follow, bookmark). Optimistic: it
 * flips at once; the server's answer and the revalidated viewer state are the
 * truth. Anonymous visitors get the login dialog, and the action completes
 * once they are in.
 */
export function useToggleAction({ key, action, fields, serverOn }: { key: string; action: string; fields: Record<string, string>; serverOn: boolean }) {
  const viewer = useViewer();
  const { openAuth } = useAuthDialog();
  const fetcher = useFetcher<{ ok: boolean; error?: string }>({ key });
  const pending = fetcher.formData?.get("intent");
  const on = pending ? pending === "on" : serverOn;

  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && !fetcher.data.ok) toast("error", fetcher.data.error ?? "Something went wrong");
  }, [fetcher.state, fetcher.data]);

  const submit = (intent: "on" | "off") => fetcher.submit({ ...fields, intent }, { method: "post", action });
  const toggle = () => {
    if (!viewer.isLoggedIn) openAuth({ step: "login", onSuccess: () => submit("on") });
    else submit(on ? "off" : "on");
  };
  return { on, toggle };
}
