import { Form, href, Link, useNavigation } from "react-router";
import { z } from "zod";
import { Button } from "~/components/ui/button";
import { dbContext } from "~/lib/db-context.server";
import { newSupporterEmailsOn, setNewSupporterEmails } from "~/modules/memberships/index.server";
import { postEmailPreferences, setPostEmails } from "~/modules/posts/index.server";
import { requireUser } from "~/routes/guards.server";
import type { Route } from "./+types/account-emails";

/**
 * /account/emails: which creators' posts come by email (every follow and support, each can be
 * turned off), and for creators whether they hear of each new supporter (on by default).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireUser(request, context);
  const db = context.get(dbContext);
  const [posts, newSupporters] = await Promise.all([
    postEmailPreferences(db, viewer.user.id),
    viewer.profile.isCreator ? newSupporterEmailsOn(db, viewer.user.id) : null,
  ]);
  return { ...posts, newSupporters };
}

const choice = z.object({
  creatorId: z.string().min(1).optional(),
  /** A creator's own notice instead of creators' posts. */
  list: z.enum(["new-supporters"]).optional(),
  subscribed: z.enum(["on", "off"]),
});

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireUser(request, context);
  const parsed = choice.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return { error: "Choose whether to get these emails." };
  const db = context.get(dbContext);
  if (parsed.data.list === "new-supporters") {
    if (!viewer.profile.isCreator) return { error: "Only creators get new supporter emails." };
    await setNewSupporterEmails(db, viewer.user.id, parsed.data.subscribed === "on");
    return { error: null };
  }
  const { creators } = await postEmailPreferences(db, viewer.user.id);
  const creatorId = parsed.data.creatorId ?? null;
  // Only creators this person hears from: the list is theirs to shape, nobody else's.
  if (creatorId && !creators.some((c) => c.creatorId === creatorId)) return { error: "You do not follow this creator." };
  await setPostEmails(db, viewer.user.id, creatorId, parsed.data.subscribed === "on");
  return { error: null };
}

export const meta: Route.MetaFunction = () => [{ title: "Email preferences" }, { name: "robots", content: "noindex" }];

function Toggle({ creatorId, list, subscribed, label }: { creatorId?: string; list?: string; subscribed: boolean; label: string }) {
  const busy = useNavigation().state !== "idle";
  return (
    <Form method="post" preventScrollReset>
      {creatorId ? <input type="hidden" name="creatorId" value={creatorId} /> : null}
      {list ? <input type="hidden" name="list" value={list} /> : null}
      <input type="hidden" name="subscribed" value={subscribed ? "off" : "on"} />
      <Button
        type="submit"
        size="md"
        variant={subscribed ? "secondary" : "primary"}
        disabled={busy}
        aria-label={`${subscribed ? "Turn off" : "Turn on"}: ${label}`}
      >
        {subscribed ? "Turn off" : "Turn on"}
      </Button>
    </Form>
  );
}

export default function AccountEmails({ loaderData, actionData }: Route.ComponentProps) {
  const { all, creators, newSupporters } = loaderData;
  return (
    <main className="mx-auto max-w-2xl px-4 py-10" data-testid="email-preferences">
      <Link to={href("/account")} className="text-sm font-semibold text-brand-700 hover:underline">
        Back to your account
      </Link>
      <h1 className="mb-2 mt-4 text-3xl font-bold">Email preferences</h1>
      <p className="mb-8 text-neutral-700">Creators you follow or support can email you their posts. Emails about your account and payments always come.</p>
      {actionData?.error ? (
        <p role="alert" className="mb-4 text-red-700">
          {actionData.error}
        </p>
      ) : null}
      {newSupporters === null ? null : (
        <section
          aria-labelledby="new-supporters"
          className="mb-8 flex items-center justify-between gap-4 rounded-2xl border border-neutral-200 p-6"
          data-testid="new-supporters-preference"
        >
          <div>
            <h2 id="new-supporters" className="text-lg font-semibold">
              New supporters
            </h2>
            <p className="text-sm text-neutral-600" data-testid="new-supporters-state">
              {newSupporters ? "On: an email when someone starts supporting you." : "Off: no email when someone starts supporting you."}
            </p>
          </div>
          <Toggle list="new-supporters" subscribed={newSupporters} label="new supporters" />
        </section>
      )}
      <section aria-labelledby="all-posts" className="mb-8 flex items-center justify-between gap-4 rounded-2xl border border-neutral-200 p-6">
        <div>
          <h2 id="all-posts" className="text-lg font-semibold">
            Creators&apos; posts
          </h2>
          <p className="text-sm text-neutral-600" data-testid="all-posts-state">
            {all ? "On: posts come by email from the creators below you have not turned off." : "Off: no creator's posts come by email."}
          </p>
        </div>
        <Toggle subscribed={all} label="creators' posts" />
      </section>
      <h2 className="mb-4 text-lg font-semibold">By creator</h2>
      {creators.length === 0 ? (
        <p className="text-neutral-600">Follow a creator to get their posts here.</p>
      ) : (
        <ul className="divide-y divide-neutral-200 rounded-2xl border border-neutral-200">
          {creators.map((c) => (
            <li key={c.creatorId} className="flex items-center justify-between gap-4 p-4" data-testid="creator-email-choice">
              <div className="min-w-0">
                <p className="break-words font-medium">{c.handle ? <Link to={`/@${c.handle}`}>{c.name}</Link> : c.name}</p>
                <p className="text-sm text-neutral-600">
                  {c.relation === "supporter" ? "You support them" : "You follow them"} · {c.subscribed && all ? "Posts by email" : "No emails"}
                </p>
              </div>
              <Toggle creatorId={c.creatorId} subscribed={c.subscribed} label={`${c.name}'s posts`} />
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
