import { Form, href, Link } from "react-router";
import { z } from "zod";
import { Button } from "~/components/ui/button";
import { dbContext } from "~/lib/db-context.server";
import { notFound } from "~/lib/http-errors";
import { setPostEmails, unsubscribeTarget } from "~/modules/posts/index.server";
import type { Route } from "./+types/email-unsubscribe";

async function targetOf(request: Request, context: Route.LoaderArgs["context"], messageId: string | undefined) {
  const id = z.uuid().safeParse(messageId);
  const target = id.success ? await unsubscribeTarget(context.get(dbContext), id.data) : null;
  if (!target) notFound(request);
  return target;
}

/**
 * /email/unsubscribe/{messageId}: the link at the foot of a creator's post email. Opening it asks
 * (a link scanner opening every link must not unsubscribe anyone); a POST unsubscribes at once: the
 * page's button, or the mail client's one-click (RFC 8058: `List-Unsubscribe=One-Click`). The
 * message id is the credential: it is random, and it only ever opens this one choice.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const target = await targetOf(request, context, params.messageId);
  return { creatorName: target.creatorName, subscribed: target.subscribed };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const target = await targetOf(request, context, params.messageId);
  const form = await request.formData().catch(() => new FormData());
  // The one-click POST carries only "List-Unsubscribe=One-Click"; the page's buttons say what they want.
  const subscribe = form.get("intent") === "resubscribe";
  await setPostEmails(context.get(dbContext), target.userId, target.creatorId, subscribe);
  return { subscribed: subscribe };
}

export const meta: Route.MetaFunction = () => [{ title: "Email preferences" }, { name: "robots", content: "noindex" }];

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { creatorName } = loaderData;
  const subscribed = actionData?.subscribed ?? loaderData.subscribed;
  return (
    <main className="mx-auto max-w-lg px-4 py-16" data-testid="unsubscribe-page">
      <h1 className="mb-4 text-2xl font-bold">{subscribed ? `Stop getting ${creatorName}'s posts?` : "You are unsubscribed"}</h1>
      <p className="mb-6 text-neutral-700" role="status">
        {subscribed
          ? `You get an email whenever ${creatorName} publishes a post. You keep following them either way.`
          : `You will no longer get ${creatorName}'s posts by email. You still follow them and can read their posts on the site.`}
      </p>
      <Form method="post" className="flex flex-wrap items-center gap-4">
        <input type="hidden" name="intent" value={subscribed ? "unsubscribe" : "resubscribe"} />
        <Button type="submit" variant={subscribed ? "primary" : "secondary"}>
          {subscribed ? "Unsubscribe" : "Subscribe again"}
        </Button>
        <Link to={href("/account/emails")} className="text-sm font-semibold text-brand-700 hover:underline">
          All your email preferences
        </Link>
      </Form>
    </main>
  );
}
