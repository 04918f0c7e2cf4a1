import { data, href, redirect, useNavigation } from "react-router";
import { CollabBriefForm } from "~/components/admin/collab-brief-form";
import { dbContext } from "~/lib/db-context.server";
import { validate, type FieldErrors } from "~/lib/form-validation";
import { adminTitle } from "~/lib/page-title";
import { clientIp } from "~/modules/auth/session.server";
import { briefFieldsSchema } from "~/modules/collabs";
import { createBrief } from "~/modules/collabs/index.server";
import { requireAdmin } from "~/routes/guards.server";
import type { Route } from "./+types/admin-collab-new";

export function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  return { creatorHandle: new URL(request.url).searchParams.get("creator") ?? "" };
}

const FIELDS = ["creatorHandle", "title", "destination", "fee", "dueDate", "notes"] as const;

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(request, context);
  const form = await request.formData().catch(() => null);
  const values = Object.fromEntries(FIELDS.map((f) => [f, String(form?.get(f) ?? "")])) as Record<(typeof FIELDS)[number], string>;
  const parsed = validate(briefFieldsSchema, values);
  if (!parsed.ok) return data({ values, fieldErrors: parsed.errors as FieldErrors, formError: undefined }, { status: 400 });
  const result = await createBrief(context.get(dbContext), { userId: admin.user.id, ip: clientIp(context) }, parsed.data);
  if (!result.ok) return data({ values, fieldErrors: result.fieldErrors ?? {}, formError: result.error }, { status: result.status });
  throw redirect(`${href("/admin/creator-collab/:briefId", { briefId: result.id })}?done=created`);
}

export const meta: Route.MetaFunction = () => [{ title: adminTitle("New brief") }, { name: "robots", content: "noindex" }];

/** /admin/creator-collab/new: propose a paid collaboration to a creator (they are emailed). */
export default function AdminCollabNew({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const values = actionData?.values ?? { creatorHandle: loaderData.creatorHandle, title: "", destination: "", fee: "", dueDate: "", notes: "" };
  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="mb-6 text-3xl font-bold">New brief</h1>
      <CollabBriefForm
        values={values}
        errors={actionData?.fieldErrors}
        formError={actionData?.formError}
        withCreator
        submitLabel="Propose the brief"
        busy={navigation.state === "submitting"}
      />
    </main>
  );
}
