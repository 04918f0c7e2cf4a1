import { data, Form, href, Link, redirect, useNavigation } from "react-router";
import { CollabStatusBadge } from "~/components/collab-status";
import { FormAlert } from "~/components/forms/text-field";
import { Button } from "~/components/ui/button";
import { dbContext } from "~/lib/db-context.server";
import { studioTitle } from "~/lib/page-title";
import { allowedMoves, formatFee, messageSchema, moveLabel, STATUS_LABELS } from "~/modules/collabs";
import { briefDetail, moveBrief } from "~/modules/collabs/index.server";
import { requireStudioCreator } from "~/routes/guards.server";
import type { Route } from "./+types/studio-collab";

const DONE: Record<string, string> = {
  accepted: "You accepted the collaboration: we were told",
  declined: "You declined the collaboration: we were told",
  in_progress: "Marked in progress: we were told",
  delivered: "Marked delivered: we were told",
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const creator = requireStudioCreator(request, context);
  // Another creator's brief is not found, like one that does not exist.
  const brief = await briefDetail(context.get(dbContext), params.briefId, { creatorId: creator.user.id });
  if (!brief) throw new Response("Not found", { status: 404 });
  return { brief, notice: DONE[new URL(request.url).searchParams.get("done") ?? ""] ?? null };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const creator = requireStudioCreator(request, context);
  const form = await request.formData().catch(() => null);
  const text = (name: string) => {
    const value = form?.get(name);
    return typeof value === "string" ? value : "";
  };
  const message = messageSchema.safeParse(text("message"));
  if (!message.success) return data({ formError: message.error.issues[0].message }, { status: 400 });
  const to = text("to");
  const result = await moveBrief(context.get(dbContext), { role: "creator", creatorId: creator.user.id }, params.briefId, to, message.data);
  if (!result.ok) {
    if (result.status === 404) throw new Response("Not found", { status: 404 });
    return data({ formError: result.error }, { status: result.status });
  }
  throw redirect(`${href("/studio/collabs/:briefId", { briefId: params.briefId })}?done=${to}`);
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: studioTitle(loaderData?.brief.title ?? "Collaboration") },
  { name: "robots", content: "noindex" },
];

/** /studio/collabs/:briefId: one brief offered to this creator: answer it, report progress, download its files. */
export default function StudioCollab({ loaderData, actionData }: Route.ComponentProps) {
  const { brief, notice } = loaderData;
  const navigation = useNavigation();
  const moves = allowedMoves("creator", brief.status);
  return (
    <main className="mx-auto max-w-3xl space-y-8 px-4 py-10">
      <div>
        <Link to={href("/studio/collabs")} className="text-sm text-brand-700 hover:underline">
          ← Collaborations
        </Link>
        <h1 className="mt-2 text-3xl font-bold">{brief.title}</h1>
        <p className="mt-2 flex flex-wrap items-center gap-2 text-neutral-700">
          <CollabStatusBadge status={brief.status} /> {formatFee(brief.feeCents)} · due {brief.dueDate}
          {brief.destination ? ` · ${brief.destination}` : ""}
        </p>
        <div className="mt-4">
          {notice && !actionData ? <FormAlert tone="success" message={notice} /> : null}
          <FormAlert message={actionData?.formError} />
        </div>
      </div>

      {moves.length > 0 ? (
        <section aria-labelledby="answer-heading">
          <h2 id="answer-heading" className="text-xl font-semibold">
            {brief.status === "proposed" ? "Your answer" : "Progress"}
          </h2>
          <Form method="post" className="mt-2 grid gap-2">
            <label htmlFor="message" className="text-sm font-medium">
              Message (optional)
            </label>
            <textarea id="message" name="message" rows={3} className="rounded-lg border border-neutral-300 p-2" />
            <div className="flex flex-wrap gap-2">
              {moves.map((to) => (
                <Button
                  key={to}
                  type="submit"
                  name="to"
                  value={to}
                  variant={to === "declined" ? "danger-secondary" : "primary"}
                  disabled={navigation.state === "submitting"}
                >
                  {moveLabel(to)}
                </Button>
              ))}
            </div>
          </Form>
        </section>
      ) : null}

      <section aria-labelledby="files-heading">
        <h2 id="files-heading" className="text-xl font-semibold">
          Files
        </h2>
        {brief.attachments.length === 0 ? (
          <p className="mt-2 text-neutral-700">No files attached.</p>
        ) : (
          <ul className="mt-2 space-y-1">
            {brief.attachments.map((a) => (
              <li key={a.id}>
                <a
                  href={href("/studio/collabs/:briefId/attachments/:attachmentId", { briefId: brief.id, attachmentId: a.id })}
                  className="text-brand-700 hover:underline"
                  download
                >
                  {a.fileName}
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="history-heading">
        <h2 id="history-heading" className="text-xl font-semibold">
          History
        </h2>
        <ol className="mt-2 space-y-2" data-testid="brief-history">
          {brief.events.map((e) => (
            <li key={e.id} className="text-sm">
              <span className="text-neutral-600">{new Date(e.at).toISOString().slice(0, 10)}</span> · {e.actorRole === "creator" ? "You" : "We"}{" "}
              {e.kind === "created" ? "proposed it" : `moved it to ${e.toStatus ? STATUS_LABELS[e.toStatus] : "?"}`}
              {e.message ? <span className="block whitespace-pre-wrap text-neutral-800">“{e.message}”</span> : null}
            </li>
          ))}
        </ol>
      </section>
    </main>
  );
}
