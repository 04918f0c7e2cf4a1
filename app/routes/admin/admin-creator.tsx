import { data, Form, href, Link, redirect, useNavigation } from "react-router";
import { ApplicationStatusBadge } from "~/components/admin/application-status";
import { FormAlert } from "~/components/forms/text-field";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { adminTitle } from "~/lib/page-title";
import { Button } from "~/components/ui/button";
import { dbContext } from "~/lib/db-context.server";
import { siteUrl } from "~/lib/site-url.server";
import { creatorPath } from "~/lib/paths";
import { applicationForReview, approveApplication, rejectApplication } from "~/modules/creators/application-review.server";
import { REASON_MAX, approveSchema, rejectSchema } from "~/modules/creators/review-validation";
import { validate, type FieldErrors } from "~/lib/form-validation";
import { clientIp } from "~/modules/auth/session.server";
import { signedUrl } from "~/modules/storage/storage.server";
import { requireAdmin } from "~/routes/guards.server";
import type { Route } from "./+types/admin-creator";

/** How long the inline PDF's signed URL stays valid: long enough to read, short enough not to share. */
const FILE_URL_TTL_SECONDS = 10 * 60;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const admin = requireAdmin(request, context);
  const review = await applicationForReview(context.get(dbContext), params.id);
  if (!review) throw new Response("Not Found", { status: 404, statusText: "Not Found" });
  const { fileObject, ...application } = review.application;
  return {
    ...review,
    application,
    fileUrl: fileObject ? signedUrl("applications", fileObject, FILE_URL_TTL_SECONDS) : null,
    isOwn: review.applicant.id === admin.user.id,
    decided: new URL(request.url).searchParams.get("decided"),
  };
}

interface DecisionData {
  intent: "approve" | "reject";
  fieldErrors?: FieldErrors;
  formError?: string;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = requireAdmin(request, context);
  const values = Object.fromEntries([...(await request.formData())].filter(([, v]) => typeof v === "string"));
  const db = context.get(dbContext);
  const decision = { adminId: admin.user.id, ip: clientIp(context), applicationId: params.id, siteOrigin: siteUrl(request) };
  const intent = values.intent;
  let result;
  if (intent === "approve") {
    if (!validate(approveSchema, values).ok) return data<DecisionData>({ intent, formError: "Unknown request" }, { status: 400 });
    result = await approveApplication(db, decision);
  } else if (intent === "reject") {
    const parsed = validate(rejectSchema, values);
    if (!parsed.ok) return data<DecisionData>({ intent, fieldErrors: parsed.errors }, { status: 400 });
    result = await rejectApplication(db, { ...decision, reason: parsed.data.reason });
  } else {
    return data<DecisionData>({ intent: "approve", formError: "Unknown request" }, { status: 400 });
  }
  if (!result.ok) return data<DecisionData>({ intent, formError: result.error }, { status: result.status });
  throw redirect(`${href("/admin/creators/:id", { id: params.id })}?decided=${result.status}`);
}

export const meta: Route.MetaFunction = () => [{ title: adminTitle("Creator application") }, { name: "robots", content: "noindex" }];

const when = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
const at = (date: Date | string) => `${when.format(new Date(date))} UTC`;

/** /admin/creators/{id}: one application, its applicant and history, and the decision. */
export default function AdminCreator({ loaderData, actionData }: Route.ComponentProps) {
  const { application, applicant, earlier, decisions, fileUrl, isOwn, decided } = loaderData;
  const name = applicant.displayName || applicant.name;
  return (
    <>
      <main className="mx-auto max-w-6xl px-4 py-10">
        <Link to={href("/admin/creators")} className="text-sm font-medium text-brand-700 hover:underline">
          Creator applications
        </Link>
        <div className="mt-1 flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-bold">Application from {name}</h1>
          <ApplicationStatusBadge status={application.status} />
        </div>
        {decided === "approved" || decided === "rejected" ? (
          <div className="mt-4">
            <FormAlert tone="success" message={decided === "approved" ? `${name} is now a creator` : `The application was rejected and ${name} was told why`} />
          </div>
        ) : null}

        <div className="mt-8 grid gap-8 wide:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <section aria-labelledby="application-heading">
            <h2 id="application-heading" className="text-xl font-semibold">
              Application
            </h2>
            <p className="mt-1 text-neutral-600">Sent {at(application.createdAt)}</p>
            {application.url ? (
              <p className="mt-4">
                <a href={application.url} target="_blank" rel="noopener noreferrer" className="font-medium text-brand-700 hover:underline">
                  Open the Google Maps list
                </a>{" "}
                <span className="text-sm break-all text-neutral-600">({application.url})</span>
              </p>
            ) : null}
            {fileUrl ? (
              <p className="mt-4">
                {/* A download, never shown in this page: the file is the applicant's, and a PDF may hold scripts. */}
                <a href={fileUrl} download className="font-medium text-brand-700 hover:underline" data-testid="application-pdf">
                  Download the map (PDF)
                </a>{" "}
                <span className="text-sm text-neutral-600">(the link works for a few minutes; reload this page for a new one)</span>
              </p>
            ) : null}
          </section>

          <aside className="space-y-8">
            <section aria-labelledby="applicant-heading" data-testid="applicant">
              <h2 id="applicant-heading" className="text-xl font-semibold">
                Applicant
              </h2>
              <dl className="mt-2 space-y-1 text-sm">
                <div>
                  <dt className="inline text-neutral-600">Name: </dt>
                  <dd className="inline">{name}</dd>
                </div>
                <div>
                  <dt className="inline text-neutral-600">Email: </dt>
                  <dd className="inline">{applicant.email}</dd>
                </div>
                <div>
                  <dt className="inline text-neutral-600">Handle: </dt>
                  <dd className="inline">
                    {applicant.handle ? (
                      applicant.isCreator && applicant.isPublished ? (
                        <Link to={creatorPath(applicant.handle)} className="text-brand-700 hover:underline">
                          @{applicant.handle}
                        </Link>
                      ) : (
                        `@${applicant.handle}`
                      )
                    ) : (
                      "not chosen yet"
                    )}
                  </dd>
                </div>
                <div>
                  <dt className="inline text-neutral-600">Joined: </dt>
                  <dd className="inline">{at(applicant.joinedAt)}</dd>
                </div>
                <div>
                  <dt className="inline text-neutral-600">Creator: </dt>
                  <dd className="inline">{applicant.isCreator ? "yes" : "no"}</dd>
                </div>
              </dl>
              {applicant.bio ? <p className="mt-2 text-sm text-neutral-700">{applicant.bio}</p> : null}
            </section>

            <section aria-labelledby="decision-heading">
              <h2 id="decision-heading" className="text-xl font-semibold">
                Decision
              </h2>
              {application.status !== "pending" ? (
                <p className="mt-2 text-sm text-neutral-700">This application is no longer pending.</p>
              ) : isOwn ? (
                <p className="mt-2 text-sm text-neutral-700">This is your own application: another admin decides on it.</p>
              ) : (
                <DecisionForms result={actionData} />
              )}
            </section>

            <section aria-labelledby="history-heading">
              <h2 id="history-heading" className="text-xl font-semibold">
                Decision history
              </h2>
              {decisions.length === 0 ? (
                <p className="mt-2 text-sm text-neutral-600">No decision yet.</p>
              ) : (
                <ol className="mt-2 space-y-3 text-sm" data-testid="decision-history">
                  {decisions.map((decision) => (
                    <li key={`${decision.action}-${String(decision.at)}`} className="rounded-lg border border-neutral-200 p-3">
                      <p>
                        <span className="font-semibold">{decision.action === "approved" ? "Approved" : "Rejected"}</span> by{" "}
                        {decision.admin.name ?? decision.admin.email ?? "a removed admin"} on {at(decision.at)}
                      </p>
                      {decision.reason ? <p className="mt-1 text-neutral-700">Reason: {decision.reason}</p> : null}
                    </li>
                  ))}
                </ol>
              )}
            </section>

            <section aria-labelledby="earlier-heading">
              <h2 id="earlier-heading" className="text-xl font-semibold">
                Other applications
              </h2>
              {earlier.length === 0 ? (
                <p className="mt-2 text-sm text-neutral-600">None: this is their first application.</p>
              ) : (
                <ul className="mt-2 space-y-2 text-sm" data-testid="earlier-applications">
                  {earlier.map((other) => (
                    <li key={other.id} className="flex flex-wrap items-center gap-2">
                      <Link to={href("/admin/creators/:id", { id: other.id })} className="text-brand-700 hover:underline">
                        {at(other.createdAt)}
                      </Link>
                      <ApplicationStatusBadge status={other.status} />
                      {other.reason ? <span className="text-neutral-700">Reason: {other.reason}</span> : null}
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </aside>
        </div>
      </main>
    </>
  );
}

/** Approve, or reject with a reason; both plain posts to this route's action, so they work before JavaScript. */
function DecisionForms({ result }: { result?: DecisionData }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const { fields, formProps } = useValidatedForm(rejectSchema, result?.intent === "reject" ? result.fieldErrors : undefined);
  const reasonError = fields.reason.errors?.[0];
  return (
    <div className="mt-2 space-y-6">
      <FormAlert message={result?.formError} />
      <Form method="post">
        <input type="hidden" name="intent" value="approve" />
        <Button type="submit" disabled={busy} className="w-full">
          Approve
        </Button>
      </Form>
      <Form method="post" {...formProps} className="space-y-2">
        <input type="hidden" name="intent" value="reject" />
        <label htmlFor={fields.reason.id} className="block text-sm font-medium text-neutral-800">
          Reason for rejecting (emailed to the applicant)
        </label>
        <textarea
          id={fields.reason.id}
          name="reason"
          rows={4}
          maxLength={REASON_MAX}
          aria-invalid={reasonError ? true : undefined}
          aria-describedby={reasonError ? fields.reason.errorId : undefined}
          className={`w-full rounded-lg border px-3 py-2 text-base outline-none focus:ring-2 focus:ring-brand-500 ${
            reasonError ? "border-red-600" : "border-neutral-300"
          }`}
        />
        {reasonError ? (
          <p id={fields.reason.errorId} className="text-sm text-red-700" data-testid="error-reason">
            {reasonError}
          </p>
        ) : null}
        <Button type="submit" variant="danger-secondary" disabled={busy} className="w-full">
          Reject
        </Button>
      </Form>
    </div>
  );
}
