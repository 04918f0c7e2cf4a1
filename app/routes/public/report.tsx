import { data, Form, href, Link, redirect } from "react-router";
import { FormAlert } from "~/components/forms/text-field";
import { Button } from "~/components/ui/button";
import { dbContext } from "~/lib/db-context.server";
import { retryAfter } from "~/lib/http-errors";
import { pageTitle } from "~/lib/page-title";
import { clientIp, getViewer } from "~/modules/auth/session.server";
import { MODERATION_MESSAGES, REPORT_RATE_LIMIT, REPORT_REASONS, TARGET_NAMES } from "~/modules/moderation";
import { createReport, reportableTarget } from "~/modules/moderation/index.server";
import { hit } from "~/modules/rate-limit/index.server";
import { publicConfig } from "~/modules/site/public-config.server";
import type { Route } from "./+types/report";

const notFound = () => new Response("Not Found", { status: 404, statusText: "Not Found" });

export async function loader({ request, context }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  const target = await reportableTarget(context.get(dbContext), search.get("type") ?? "", search.get("id") ?? "");
  // Only what the public may see can be reported: anything else is not there.
  if (!target) throw notFound();
  return { target, email: getViewer(context).user?.email ?? "", productName: publicConfig().productName };
}

export interface ReportActionData {
  formError?: string;
  fieldErrors?: Record<string, string>;
  values?: { reason: string; details: string; email: string };
}

export async function action({ request, context }: Route.ActionArgs) {
  const search = new URL(request.url).searchParams;
  const form = await request.formData();
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const values = { reason: text("reason"), details: text("details"), email: text("email") };
  const limit = await hit(`report:${clientIp(context)}`, REPORT_RATE_LIMIT);
  if (!limit.allowed) return data<ReportActionData>({ formError: MODERATION_MESSAGES.tooManyReports, values }, { status: 429, headers: retryAfter(limit) });
  const viewer = getViewer(context);
  const result = await createReport(context.get(dbContext), viewer.user?.id ?? null, {
    type: text("type") || (search.get("type") ?? ""),
    id: text("id") || (search.get("id") ?? ""),
    ...values,
  });
  if (!result.ok) {
    if (result.status === 404) throw notFound();
    return data<ReportActionData>({ formError: result.error, fieldErrors: result.fieldErrors, values }, { status: result.status });
  }
  throw redirect(href("/report/thanks"));
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData ? `Report a ${TARGET_NAMES[loaderData.target.type]}` : "Report", loaderData?.productName ?? "Spotfolio") },
  { name: "robots", content: "noindex" },
];

const field = "mt-1 block w-full rounded-lg border border-neutral-300 px-3 py-2";

/** /report?type=map&id=…: anyone reports a map, spot, post or creator with a reason, details and, if they like, an address. */
export default function Report({ loaderData, actionData }: Route.ComponentProps) {
  const { target, email } = loaderData;
  const values = actionData?.values;
  const errors = actionData?.fieldErrors ?? {};
  return (
    <main className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="text-3xl font-bold">Report this {TARGET_NAMES[target.type]}</h1>
      <p className="mt-2 text-neutral-700">
        <Link to={target.path} className="font-medium text-brand-700 hover:underline">
          {target.label}
        </Link>
      </p>
      {actionData?.formError ? (
        <div className="mt-4">
          <FormAlert message={actionData.formError} />
        </div>
      ) : null}
      <Form method="post" className="mt-6 space-y-5">
        <input type="hidden" name="type" value={target.type} />
        <input type="hidden" name="id" value={target.id} />
        <fieldset>
          <legend className="font-medium">Why are you reporting it?</legend>
          <div className="mt-2 space-y-2">
            {REPORT_REASONS.map((r) => (
              <label key={r.key} className="flex items-center gap-2">
                <input type="radio" name="reason" value={r.key} required defaultChecked={values?.reason === r.key} />
                {r.label}
              </label>
            ))}
          </div>
          {errors.reason ? <p className="mt-1 text-sm text-red-700">{errors.reason}</p> : null}
        </fieldset>
        <label className="block font-medium">
          Details
          <textarea name="details" rows={5} defaultValue={values?.details ?? ""} className={field} placeholder="What is wrong, and where? Links help." />
          {errors.details ? <span className="mt-1 block text-sm text-red-700">{errors.details}</span> : null}
        </label>
        <label className="block font-medium">
          Your email (optional)
          <input type="email" name="email" autoComplete="email" defaultValue={values?.email ?? email} className={field} />
          <span className="mt-1 block text-sm font-normal text-neutral-600">Only to tell you about the outcome; never shown to the creator.</span>
          {errors.email ? <span className="mt-1 block text-sm text-red-700">{errors.email}</span> : null}
        </label>
        <Button type="submit" size="md">
          Send report
        </Button>
      </Form>
    </main>
  );
}
