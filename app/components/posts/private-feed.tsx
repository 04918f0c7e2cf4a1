/**
 * A member's private feed of a creator: made with one click (from the creator's Posts tab or
 * /account), its address shown once, here, to copy into a feed reader. The form posts to the
 * account action, so it works before the scripts load (the address is then shown on /account).
 */
import { KeyRound } from "lucide-react";
import { href, useFetcher } from "react-router";
import { CopyField } from "~/components/studio/copy-field";
import { Button } from "~/components/ui/button";

export interface FeedActionData {
  intent: string;
  ok?: boolean;
  feedUrl?: string;
  formError?: string;
}

export function PrivateFeedAddress({ url }: { url: string }) {
  return (
    <div className="w-full rounded-2xl border border-brand-100 bg-brand-50 p-4" data-testid="private-feed-address">
      <CopyField label="Your private feed" value={url} testId="private-feed-url" />
      <p className="mt-2 text-sm text-neutral-700">
        Add it to your feed reader. It carries the posts you may read, so keep it to yourself: this is the only time it is shown. You can revoke it on your
        account page.
      </p>
    </div>
  );
}

export function PrivateFeedButton({ creatorId, label = "Private feed" }: { creatorId: string; label?: string }) {
  const fetcher = useFetcher<FeedActionData>({ key: `private-feed-${creatorId}` });
  const result = fetcher.data?.intent === "create-feed" ? fetcher.data : undefined;
  return (
    <>
      <fetcher.Form method="post" action={href("/account")}>
        <input type="hidden" name="intent" value="create-feed" />
        <input type="hidden" name="creatorId" value={creatorId} />
        <Button type="submit" variant="secondary" size="sm" disabled={fetcher.state !== "idle"} className="inline-flex items-center gap-1.5">
          <KeyRound aria-hidden className="size-4" /> {label}
        </Button>
      </fetcher.Form>
      {result?.feedUrl ? <PrivateFeedAddress url={result.feedUrl} /> : null}
      {result?.formError ? (
        <p role="alert" className="text-sm text-red-700">
          {result.formError}
        </p>
      ) : null}
    </>
  );
}
