import { dbContext } from "~/lib/db-context.server";
import { notFound } from "~/lib/http-errors";
import { requireLoopback } from "~/lib/loopback.server";
import { siteUrl } from "~/lib/site-url.server";
import { listMailbox, mailboxEnabled, mailboxRecipient } from "~/modules/email/mailbox.server";
import type { Route } from "./+types/mailbox-messages";

/** The local mailbox as JSON, newest first (`?to=EMAIL` to filter); loopback only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireLoopback(request, context);
  if (!mailboxEnabled()) notFound(request);
  const to = mailboxRecipient(new URL(request.url));
  const messages = await listMailbox(context.get(dbContext), { to, baseUrl: siteUrl(request) });
  return Response.json(messages, { headers: { "Cache-Control": "no-store" } });
}
