import { data, Form, href, Link, redirect, useNavigation } from "react-router";
import { CollabBriefForm } from "~/components/admin/collab-brief-form";
import { CollabStatusBadge } from "~/components/collab-status";
import { FormAlert } from "~/components/forms/text-field";
import { Button } from "~/components/ui/button";
import { dbContext } from "~/lib/db-context.server";
import { validate, type FieldErrors } from "~/lib/form-validation";
import { adminTitle } from "~/lib/page-title";
import { clientIp } from "~/modules/auth/session.server";
import {
  allowedMoves,
  briefFieldsSchema,
  centsToEuros,
  COLLAB_MESSAGES,
  formatFee,
  messageSchema,
  moveLabel,
  noteSchema,
  STATUS_LABELS,
} from "~/modules/collabs";
import { addAttachment, addNote, briefDetail, moveBrief, removeAttachment, updateBrief, type CollabResult } from "~/modules/collabs/index.server";
import { requireAdmin } from "~/routes/guards.server";
import type { Route } from "./+types/admin-collab";

const DONE: Record<string, string> = {
  created: "The brief was proposed: the creator was emailed",
  updated: "The brief was saved",
  moved: "The status was changed: the creator was emailed",
  noted: "The note was added",
  uploaded: "The file was attached",
  removed: "The attachment was removed",
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const brief = await briefDetail(context.get(dbContext), params.briefId, { admin: true });
  if (!brief) throw new Response("Not found", { status: 404 });
  return { brief, notice: DONE[new URL(request.url).searchParams.get("done") ?? ""] ?? null };
}

interface ActionData {
  intent: string;
  formError?: string;
  fieldErrors?: FieldErrors;
  values?: Record<string, string>;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = requireAdmin(request, context);
  const db = context.get(dbContext);
  const actor = { userId: admin.user.id, ip: clientIp(context) };
  const form = await request.formData().catch(() => null);
  const text = (name: string) => {
    const value = form?.get(name);
    return typeof value === "string" ? value : "";
  };
  const intent = text("intent");
  const refused = (status: number, body: Omit<ActionData, "intent">) => data<ActionData>({ intent, ...body }, { status });
  let result: CollabResult;
  let done: string;
  if (intent === "update") {
    const values = {
      creatorHandle: "-",
      title: text("title"),
      destination: text("destination"),
      fee: text("fee"),
      dueDate: text("dueDate"),
      notes: text("notes"),
    };
    const parsed = validate(briefFieldsSchema, values);
    if (!parsed.ok) return refused(400, { fieldErrors: parsed.errors, values });
    result = await updateBrief(db, actor, params.briefId, parsed.data);
    done = "updated";
  } else if (intent === "move") {
    const message = messageSchema.safeParse(text("message"));
    if (!message.success) return refused(400, { formError: message.error.issues[0].message });
    result = await moveBrief(db, { role: "admin", actor }, params.briefId, text("to"), message.data);
    done = "moved";
  } else if (intent === "note") {
    const note = noteSchema.safeParse(text("note"));
    if (!note.success) return refused(400, { formError: note.error.issues[0].message });
    result = await addNote(db, actor, params.briefId, note.data);
    done = "noted";
  } else if (intent === "upload") {
    const file = form?.get("file");
    if (!(file instanceof File) || file.size === 0) return refused(400, { formError: COLLAB_MESSAGES.fileRequired });
    result = await addAttachment(db, actor, params.briefId, { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) });
    done = "uploaded";
  } else if (intent === "remove") {
    result = await removeAttachment(db, actor, params.briefId, text("attachmentId"));
    done = "removed";
  } else {
    return refused(400, { formError: "Unknown request" });
  }
  if (!result.ok) return refused(result.status, { formError: result.error, fieldErrors: result.fieldErrors });
  throw redirect(`${href("/admin/creator-collab/:briefId", { briefId: params.briefId })}?done=${done}`);
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: adminTitle(loaderData?.brief.title ?? "Brief") }, { name: "robots", content: "noindex" }];

const EVENT_WORDS: Record<string, string> = {
  created: "Proposed",
  edited: "Edited",
  note: "Note",
  attachment_added: "Attached",
  attachment_removed: "Removed an attachment",
};

/** /admin/creator-collab/:briefId: one brief: its status and the moves open to it, its fields, notes, attachments and history. */
export default function AdminCollab({ loaderData, actionData }: Route.ComponentProps) {
  const { brief, notice } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const moves = allowedMoves("admin", brief.status);
  const creator = brief.creator.handle ? `@${brief.creator.handle}` : (brief.creator.name ?? "—");
  const posted = actionData?.intent === "update" ? actionData.values : undefined;
  return (
    <main className="mx-auto max-w-6xl space-y-8 px-4 py-10">
      <div>
        <Link to={href("/admin/creator-collab")} className="text-sm text-brand-700 hover:underline">
          ← Collaborations
        </Link>
        <h1 className="mt-2 text-3xl font-bold">{brief.title}</h1>
        <p className="mt-2 flex flex-wrap items-center gap-2 text-neutral-700">
          <CollabStatusBadge status={brief.status} /> {creator} · {formatFee(brief.feeCents)} · due {brief.dueDate}
          {brief.destination ? ` · ${brief.destination}` : ""}
        </p>
        <div className="mt-4">
          {notice && !actionData ? <FormAlert tone="success" message={notice} /> : null}
          {actionData?.formError && actionData.intent !== "update" ? <FormAlert message={actionData.formError} /> : null}
        </div>
      </div>

      <section aria-labelledby="status-heading">
        <h2 id="status-heading" className="text-xl font-semibold">
          Status
        </h2>
        {moves.length === 0 ? (
          <p className="mt-2 text-neutral-700">This brief is {STATUS_LABELS[brief.status].toLowerCase()}: nothing more to do.</p>
        ) : (
          <Form method="post" className="mt-2 grid max-w-2xl gap-2">
            <input type="hidden" name="intent" value="move" />
            <label htmlFor="move-message" className="text-sm font-medium">
              Message to the creator (optional)
            </label>
            <textarea id="move-message" name="message" rows={2} className="rounded-lg border border-neutral-300 p-2" />
            <div className="flex flex-wrap gap-2">
              {moves.map((to) => (
                <Button key={to} type="submit" name="to" value={to} variant={to === "declined" ? "danger-secondary" : "primary"} disabled={busy}>
                  {moveLabel(to)}
                </Button>
              ))}
            </div>
          </Form>
        )}
      </section>

      <section aria-labelledby="fields-heading">
        <h2 id="fields-heading" className="mb-2 text-xl font-semibold">
          Brief
        </h2>
        {brief.status === "paid" || brief.status === "declined" ? (
          <p className="text-neutral-700">{COLLAB_MESSAGES.finalStatus}</p>
        ) : (
          <CollabBriefForm
            values={
              posted
                ? {
                    creatorHandle: "",
                    title: posted.title ?? "",
                    destination: posted.destination ?? "",
                    fee: posted.fee ?? "",
                    dueDate: posted.dueDate ?? "",
                    notes: posted.notes ?? "",
                  }
                : {
                    creatorHandle: "",
                    title: brief.title,
                    destination: brief.destination ?? "",
                    fee: centsToEuros(brief.feeCents),
                    dueDate: brief.dueDate,
                    notes: brief.notes,
                  }
            }
            errors={actionData?.intent === "update" ? actionData.fieldErrors : undefined}
            formError={actionData?.intent === "update" ? actionData.formError : undefined}
            withCreator={false}
            submitLabel="Save the brief"
            busy={busy}
          />
        )}
      </section>

      <section aria-labelledby="attachments-heading">
        <h2 id="attachments-heading" className="text-xl font-semibold">
          Attachments
        </h2>
        <ul className="mt-2 space-y-1">
          {brief.attachments.map((a) => (
            <li key={a.id} className="flex flex-wrap items-center gap-3">
              <a
                href={href("/admin/creator-collab/:briefId/attachments/:attachmentId", { briefId: brief.id, attachmentId: a.id })}
                className="text-brand-700 hover:underline"
                download
              >
                {a.fileName}
              </a>
              <span className="text-sm text-neutral-600">{Math.ceil(a.size / 1024)} KB</span>
              <Form method="post">
                <input type="hidden" name="intent" value="remove" />
                <input type="hidden" name="attachmentId" value={a.id} />
                <Button type="submit" variant="link" disabled={busy}>
                  Remove
                </Button>
              </Form>
            </li>
          ))}
        </ul>
        <Form method="post" encType="multipart/form-data" className="mt-3 flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="upload" />
          <label className="text-sm">
            <span className="mb-1 block font-medium">Attach a PDF, JPEG or PNG (at most 10 MB)</span>
            <input type="file" name="file" accept="application/pdf,image/jpeg,image/png" required />
          </label>
          <Button type="submit" variant="secondary" disabled={busy}>
            Attach
          </Button>
        </Form>
      </section>

      <section aria-labelledby="history-heading">
        <h2 id="history-heading" className="text-xl font-semibold">
          History
        </h2>
        <Form method="post" className="mt-2 grid max-w-2xl gap-2">
          <input type="hidden" name="intent" value="note" />
          <label htmlFor="note" className="text-sm font-medium">
            Add a note
          </label>
          <textarea id="note" name="note" rows={2} className="rounded-lg border border-neutral-300 p-2" />
          <div>
            <Button type="submit" variant="secondary" disabled={busy}>
              Add the note
            </Button>
          </div>
        </Form>
        <ol className="mt-4 space-y-2" data-testid="brief-history">
          {brief.events.map((e) => (
            <li key={e.id} className="text-sm">
              <span className="text-neutral-600">{new Date(e.at).toISOString().slice(0, 16).replace("T", " ")} UTC</span> ·{" "}
              <span className="font-medium">{e.actorRole === "creator" ? creator : (e.actorName ?? "An admin")}</span>:{" "}
              {e.kind === "status" && e.toStatus ? `moved it to ${STATUS_LABELS[e.toStatus]}` : (EVENT_WORDS[e.kind] ?? e.kind)}
              {e.message ? <span className="block whitespace-pre-wrap text-neutral-800">“{e.message}”</span> : null}
            </li>
          ))}
        </ol>
      </section>
    </main>
  );
}
