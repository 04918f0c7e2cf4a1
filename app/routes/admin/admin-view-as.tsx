import { data, Form, redirect } from "react-router";
import { FormAlert, TextField } from "~/components/forms/text-field";
import { Button } from "~/components/ui/button";
import { dbContext } from "~/lib/db-context.server";
import { adminTitle } from "~/lib/page-title";
import { safeRedirect } from "~/lib/safe-redirect";
import { clientIp } from "~/modules/auth/session.server";
import { VIEW_AS_MAX_AGE_SECONDS, getViewAs, startViewAs, stopViewAs } from "~/modules/view-as/index.server";
import { viewAsLabel } from "~/modules/view-as";
import { requireAdmin } from "~/routes/guards.server";
import type { Route } from "./+types/admin-view-as";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  return { current: getViewAs(context), hours: VIEW_AS_MAX_AGE_SECONDS / 3600 };
}

type ActionData = { field: "mode" | "creator"; error: string };

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(request, context);
  const db = context.get(dbContext);
  const actor = { userId: admin.user.id, ip: clientIp(context) };
  const form = await request.formData();
  if (form.get("intent") === "stop") {
    const clear = await stopViewAs(db, actor, getViewAs(context));
    return redirect("/admin/view-as", { headers: { "Set-Cookie": clear } });
  }
  const started = await startViewAs(db, actor, { mode: form.get("mode"), creator: form.get("creator") });
  if (!started.ok) return data<ActionData>({ field: started.field, error: started.error }, { status: 400 });
  const to = safeRedirect(String(form.get("path") ?? "/"), "/");
  return redirect(to, { headers: { "Set-Cookie": started.setCookie } });
}

export const meta: Route.MetaFunction = () => [{ title: adminTitle("View as") }, { name: "robots", content: "noindex" }];

const MODES = [
  { value: "anonymous", label: "An anonymous visitor", hint: "Not signed in." },
  { value: "member", label: "A signed-in member", hint: "Free: no Premium, supports nobody." },
  { value: "premium", label: "A Premium member", hint: "Premium spots open; supporters-only stay locked." },
  { value: "supporter", label: "A Supporter of a creator", hint: "That creator's supporters-only spots and posts open, and Premium." },
] as const;

/** /admin/view-as: open the public site as someone else would see it (read-only, logged). */
export default function AdminViewAs({ loaderData, actionData }: Route.ComponentProps) {
  const { current, hours } = loaderData;
  const error = actionData as ActionData | undefined;
  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold">View as</h1>
      <p className="mt-2 text-neutral-700">
        Check what a page shows to someone else: the public pages are drawn for the viewer you choose, without signing in as anybody. Nothing can be changed
        while it is on, no view is counted, every page you open is in the audit log, and it ends by itself after {hours} hours.
      </p>
      {current ? (
        <div className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-4" data-testid="view-as-current">
          <p>
            You are viewing the site as <strong>{viewAsLabel(current)}</strong>.
          </p>
          <Form method="post" className="mt-3">
            <input type="hidden" name="intent" value="stop" />
            <Button type="submit">Stop viewing as</Button>
          </Form>
        </div>
      ) : (
        <Form method="post" className="mt-6 space-y-5" data-testid="view-as-form">
          {error?.field === "mode" ? <FormAlert message={error.error} /> : null}
          <fieldset>
            <legend className="mb-2 font-medium">View the site as</legend>
            <div className="space-y-2">
              {MODES.map((m) => (
                <label key={m.value} className="flex items-start gap-2">
                  <input type="radio" name="mode" value={m.value} defaultChecked={m.value === "anonymous"} className="mt-1" />
                  <span>
                    {m.label} <span className="text-sm text-neutral-600">· {m.hint}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <TextField
            label="Creator's handle (for a Supporter)"
            name="creator"
            placeholder="@handle"
            error={error?.field === "creator" ? error.error : undefined}
          />
          <TextField label="Page to open" name="path" defaultValue="/" />
          <Button type="submit">Start viewing</Button>
        </Form>
      )}
    </main>
  );
}
