import { data, Form, href, Link, redirect, useNavigation } from "react-router";
import { ApplicationStatusBadge } from "~/components/admin/application-status";
import { FormAlert } from "~/components/forms/text-field";
import { Button, ButtonLink } from "~/components/ui/button";
import { dbContext } from "~/lib/db-context.server";
import { validate, type FieldErrors } from "~/lib/form-validation";
import { adminTitle } from "~/lib/page-title";
import { creatorPath } from "~/lib/paths";
import { siteUrl } from "~/lib/site-url.server";
import { clientIp } from "~/modules/auth/session.server";
import { undoCreatorApproval } from "~/modules/creators/undo-approval.server";
import { paymentProvider } from "~/modules/memberships/providers/choose.server";
import { clearEmailBounce, liftSuspension, setAdminRole, suspendUser, userForAdmin } from "~/modules/users/index.server";
import { isConfirmedIntent, USER_REASON_MAX, userActionSchema, type ConfirmedIntent, type UserIntent } from "~/modules/users/validation";
import { requireAdmin } from "~/routes/guards.server";
import type { Route } from "./+types/admin-user";

const DONE = {
  "grant-admin": "They are now an admin.",
  "revoke-admin": "Their admin rights are revoked.",
  suspend: "The account is suspended: its sessions ended, its public content is hidden and the reason was emailed.",
  lift: "The suspension is lifted: they can sign in again, their public content is back, and they were emailed.",
  "undo-approval": "The creator approval is undone: their maps are unpublished and the reason was emailed.",
  "clear-bounce": "The bounce is cleared: email to this address is sent again.",
} as const satisfies Record<UserIntent, string>;

const isIntent = (value: unknown): value is UserIntent => typeof value === "string" && Object.hasOwn(DONE, value);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const admin = requireAdmin(request, context);
  const found = await userForAdmin(context.get(dbContext), params.userId);
  if (!found) throw new Response("Not Found", { status: 404, statusText: "Not Found" });
  const search = new URL(request.url).searchParams;
  const confirm = search.get("confirm");
  const done = search.get("done");
  return {
    ...found,
    isSelf: found.user.id === admin.user.id,
    confirm: isConfirmedIntent(confirm) ? confirm : null,
    done: isIntent(done) ? DONE[done] : null,
  };
}

interface ActionData {
  intent: UserIntent | null;
  fieldErrors?: FieldErrors;
  formError?: string;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = requireAdmin(request, context);
  const values = Object.fromEntries([...(await request.formData())].filter(([, v]) => typeof v === "string"));
  const intent = isIntent(values.intent) ? values.intent : null;
  const parsed = validate(userActionSchema, values);
  if (!parsed.ok) return data<ActionData>(intent ? { intent, fieldErrors: parsed.errors } : { intent, formError: "Unknown request" }, { status: 400 });
  const db = context.get(dbContext);
  const actor = { userId: admin.user.id, ip: clientIp(context) };
  const target = { actor, userId: params.userId };
  const input = parsed.data;
  const result =
    input.intent === "grant-admin" || input.intent === "revoke-admin"
      ? await setAdminRole(db, { ...target, admin: input.intent === "grant-admin" })
      : input.intent === "suspend"
        ? await suspendUser(db, { ...target, reason: input.reason })
        : input.intent === "lift"
          ? await liftSuspension(db, { ...target, siteOrigin: siteUrl(request) })
          : input.intent === "clear-bounce"
            ? await clearEmailBounce(db, target)
            : await undoCreatorApproval(db, paymentProvider(db, request), { ...target, reason: input.reason, siteOrigin: siteUrl(request) });
  if (!result.ok) return data<ActionData>({ intent: input.intent, formError: result.error }, { status: result.status });
  throw redirect(`${href("/admin/users/:userId", { userId: params.userId })}?done=${input.intent}`);
}

export const meta: Route.MetaFunction = () => [{ title: adminTitle("User") }, { name: "robots", content: "noindex" }];

const when = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
const at = (date: Date | string) => `${when.format(new Date(date))} UTC`;
const day = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "UTC" });

const STATUS_LABELS: Record<string, string> = {
  trialing: "Trial",
  active: "Active",
  past_due: "Past due",
  canceled: "Canceled",
  incomplete: "Incomplete",
  incomplete_expired: "Expired before payment",
  unpaid: "Unpaid",
  paused: "Paused",
};

const ACTION_LABELS: Record<string, string> = {
  "user.admin_granted": "Admin granted",
  "user.admin_revoked": "Admin revoked",
  "user.suspended": "Suspended",
  "user.suspension_lifted": "Suspension lifted",
  "user.creator_approval_undone": "Creator approval undone",
  "user.email_bounce_cleared": "Email bounce cleared",
};

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} data-testid={id}>
      <h2 id={`${id}-heading`} className="text-xl font-semibold">
        {title}
      </h2>
      <div className="mt-2 text-sm">{children}</div>
    </section>
  );
}

/** /admin/users/{id}: one account's roles, memberships, creator applications and suspensions, and what an admin may do to it. */
export default function AdminUser({ loaderData, actionData }: Route.ComponentProps) {
  const { user, profile, configuredAdmin, publishedMaps, memberships, applications, suspensions, suspended, history, emailBounce, isSelf, done } = loaderData;
  const pagePath = href("/admin/users/:userId", { userId: user.id });
  const confirm: ConfirmedIntent | null = loaderData.confirm ?? (actionData?.intent && isConfirmedIntent(actionData.intent) ? actionData.intent : null);
  const name = profile.displayName || user.name || user.email;
  const roles = [profile.isAdmin ? "Admin" : null, profile.isCreator ? "Creator" : null].filter(Boolean).join(", ") || "Member";
  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <Link to={href("/admin/users")} className="text-sm font-medium text-brand-700 hover:underline">
        Users
      </Link>
      <div className="mt-1 flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold">{name}</h1>
        {suspended ? (
          <span className="rounded-full bg-red-50 px-2.5 py-0.5 text-xs font-semibold text-red-800" data-testid="suspended-badge">
            Suspended
          </span>
        ) : null}
        {emailBounce ? (
          <span className="rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-semibold text-amber-900" data-testid="email-bounced-badge">
            Email bounced
          </span>
        ) : null}
      </div>
      <p className="mt-1 text-neutral-600">
        {user.email}
        {profile.handle ? ` · @${profile.handle}` : ""} · joined {day.format(new Date(user.joinedAt))}
        {user.emailVerified ? "" : " · email not confirmed"}
      </p>
      <div className="mt-4">
        <FormAlert tone="success" message={done ?? undefined} />
        {!confirm ? <FormAlert message={actionData?.formError} /> : null}
      </div>
      {confirm ? <Confirmation intent={confirm} name={name} pagePath={pagePath} result={actionData} /> : null}

      <div className="mt-6 grid gap-8 wide:grid-cols-2">
        <Section id="roles" title="Roles">
          <p data-testid="roles-summary">{roles}</p>
          {configuredAdmin ? (
            <p className="mt-1 text-neutral-700" data-testid="configured-admin">
              This address is listed in ADMIN_EMAILS: it is made admin again at every start, so its admin rights cannot be revoked here.
            </p>
          ) : null}
          <div className="mt-3 flex flex-wrap gap-2">
            {!profile.isAdmin ? (
              <ButtonLink to={`${pagePath}?confirm=grant-admin`} variant="secondary" size="md">
                Make admin…
              </ButtonLink>
            ) : isSelf ? (
              <p className="text-neutral-700">You cannot revoke your own admin rights.</p>
            ) : !configuredAdmin ? (
              <ButtonLink to={`${pagePath}?confirm=revoke-admin`} variant="danger-secondary" size="md">
                Revoke admin…
              </ButtonLink>
            ) : null}
          </div>
        </Section>

        <Section id="suspension" title="Suspension">
          {suspended ? (
            <>
              <p>
                Suspended since {at(suspended.suspendedAt)}
                {suspended.suspendedBy ? ` by ${suspended.suspendedBy}` : ""}.
              </p>
              <p className="mt-1 text-neutral-700">Reason: {suspended.reason}</p>
              <Form method="post" action={pagePath} className="mt-3">
                <input type="hidden" name="intent" value="lift" />
                <Button type="submit" size="md">
                  Lift the suspension
                </Button>
              </Form>
            </>
          ) : (
            <>
              <p>Not suspended.</p>
              {isSelf ? null : profile.isAdmin ? (
                <p className="mt-1 text-neutral-700">An admin cannot be suspended: revoke their admin rights first.</p>
              ) : (
                <ButtonLink to={`${pagePath}?confirm=suspend`} variant="danger-secondary" size="md" className="mt-3 inline-flex">
                  Suspend…
                </ButtonLink>
              )}
            </>
          )}
          {suspensions.length > 0 ? (
            <>
              <h3 className="mt-4 font-semibold">History</h3>
              <ol className="mt-1 space-y-2" data-testid="suspension-history">
                {suspensions.map((s) => (
                  <li key={s.id} className="rounded-lg border border-neutral-200 p-3">
                    <p>
                      Suspended {at(s.suspendedAt)}
                      {s.suspendedBy ? ` by ${s.suspendedBy}` : ""}
                      {s.liftedAt ? `; lifted ${at(s.liftedAt)}${s.liftedBy ? ` by ${s.liftedBy}` : ""}` : "; in force"}
                    </p>
                    <p className="text-neutral-700">Reason: {s.reason}</p>
                  </li>
                ))}
              </ol>
            </>
          ) : null}
        </Section>

        <Section id="email-delivery" title="Email">
          {emailBounce ? (
            <>
              <p>
                <strong>Email bounced</strong> on {at(emailBounce.createdAt)}: the mail server refused {emailBounce.address} for good, so nothing is sent to it
                (sign-in links and receipts included).
              </p>
              <p className="mt-1 text-neutral-700">Server&apos;s reply: {emailBounce.response}</p>
              <Form method="post" action={pagePath} className="mt-3">
                <input type="hidden" name="intent" value="clear-bounce" />
                <Button type="submit" size="md" variant="secondary">
                  Clear the bounce
                </Button>
              </Form>
              <p className="mt-1 text-neutral-600">Clear it once they have fixed their mailbox: the next email is sent again.</p>
            </>
          ) : (
            <p>Email to {user.email} is delivered normally.</p>
          )}
        </Section>

        <Section id="memberships" title="Memberships">
          {memberships.length === 0 ? (
            <p className="text-neutral-600">No Premium or supporter subscription.</p>
          ) : (
            <ul className="space-y-2">
              {memberships.map((m) => (
                <li key={m.id} className="rounded-lg border border-neutral-200 p-3">
                  <p className="font-medium">
                    {m.kind === "premium" ? "Premium" : "Supporter of "}
                    {m.kind === "supporter" && m.creator ? (
                      m.creator.handle ? (
                        <Link to={href("/admin/users/:userId", { userId: m.creator.id })} className="text-brand-700 underline">
                          {m.creator.displayName || `@${m.creator.handle}`}
                        </Link>
                      ) : (
                        (m.creator.displayName ?? "a creator")
                      )
                    ) : null}
                    {" · "}
                    <span data-testid="membership-status">{STATUS_LABELS[m.status] ?? m.status}</span>
                  </p>
                  <p className="text-neutral-600">
                    {m.interval === "year" ? "Yearly" : "Monthly"} · {m.provider === "stripe" ? "Stripe" : "test payments"}
                    {m.currentPeriodEnd ? ` · ${m.cancelAtPeriodEnd ? "ends" : "renews"} ${day.format(new Date(m.currentPeriodEnd))}` : ""}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </Section>

        <Section id="creator" title="Creator">
          {profile.isCreator ? (
            <>
              <p>
                A creator{profile.isPublished && profile.handle ? ", published at " : ""}
                {profile.isPublished && profile.handle ? (
                  <Link to={creatorPath(profile.handle)} className="text-brand-700 underline">
                    @{profile.handle}
                  </Link>
                ) : null}
                , with {publishedMaps === 1 ? "1 published map" : `${publishedMaps} published maps`}.
              </p>
              {isSelf ? null : (
                <ButtonLink to={`${pagePath}?confirm=undo-approval`} variant="danger-secondary" size="md" className="mt-3 inline-flex">
                  Undo creator approval…
                </ButtonLink>
              )}
            </>
          ) : (
            <p>Not a creator.</p>
          )}
          <h3 className="mt-4 font-semibold">Applications</h3>
          {applications.length === 0 ? (
            <p className="text-neutral-600">None.</p>
          ) : (
            <ul className="mt-1 space-y-2" data-testid="user-applications">
              {applications.map((a) => (
                <li key={a.id} className="flex flex-wrap items-center gap-2">
                  <Link to={href("/admin/creators/:id", { id: a.id })} className="text-brand-700 hover:underline">
                    Sent {at(a.createdAt)}
                  </Link>
                  <ApplicationStatusBadge status={a.status} />
                  {a.reason ? <span className="text-neutral-700">Reason: {a.reason}</span> : null}
                </li>
              ))}
            </ul>
          )}
        </Section>

        <Section id="admin-history" title="Admin actions on this account">
          {history.length === 0 ? (
            <p className="text-neutral-600">None yet.</p>
          ) : (
            <ol className="space-y-2">
              {history.map((entry, i) => (
                <li key={i} className="rounded-lg border border-neutral-200 p-3">
                  <span className="font-semibold">{ACTION_LABELS[entry.action] ?? entry.action}</span> by{" "}
                  {entry.actor.name ?? entry.actor.email ?? "a removed admin"} on {at(entry.at)}
                  {typeof entry.after?.reason === "string" ? <p className="text-neutral-700">Reason: {entry.after.reason}</p> : null}
                </li>
              ))}
            </ol>
          )}
        </Section>
      </div>
    </main>
  );
}

const QUESTIONS: Record<ConfirmedIntent, { title: (name: string) => string; consequences: string; button: string; reasonLabel?: string }> = {
  "grant-admin": {
    title: (name) => `Make ${name} an admin?`,
    consequences: "They get the whole back office at once: users, creators, content and money, and every admin action.",
    button: "Make admin",
  },
  "revoke-admin": {
    title: (name) => `Revoke ${name}'s admin rights?`,
    consequences: "They lose the back office at once, on their next request.",
    button: "Revoke admin",
  },
  suspend: {
    title: (name) => `Suspend ${name}?`,
    consequences:
      "They are signed out everywhere at once and cannot sign in; their creator page, maps, spots and posts are hidden from everyone; the reason below is emailed to them and shown when they try to sign in.",
    button: "Suspend the account",
    reasonLabel: "Reason (emailed to them and shown at sign-in)",
  },
  "undo-approval": {
    title: (name) => `Undo ${name}'s creator approval?`,
    consequences:
      "They lose creator access to the Studio; their maps are unpublished (kept as drafts) and their creator page is hidden; their Supporters' subscriptions stop renewing at the end of the period already paid. The reason below is emailed to them.",
    button: "Undo the approval",
    reasonLabel: "Reason (emailed to them)",
  },
};

/** The question before a destructive action: its consequences, the reason where one is required, and Cancel. */
function Confirmation({ intent, name, pagePath, result }: { intent: ConfirmedIntent; name: string; pagePath: string; result?: ActionData }) {
  const busy = useNavigation().state !== "idle";
  const question = QUESTIONS[intent];
  const reasonError = result?.intent === intent ? result.fieldErrors?.reason : undefined;
  const formError = result?.intent === intent ? result.formError : undefined;
  return (
    <section
      role="alertdialog"
      aria-labelledby="confirm-title"
      aria-describedby="confirm-consequences"
      className="mt-4 rounded-xl border border-red-300 bg-red-50 p-4"
      data-testid="confirm-action"
    >
      <h2 id="confirm-title" className="font-semibold text-red-900">
        {question.title(name)}
      </h2>
      <p id="confirm-consequences" className="mt-1 text-sm text-red-900">
        {question.consequences}
      </p>
      <FormAlert message={formError} />
      <Form method="post" action={`${pagePath}?confirm=${intent}`} className="mt-3 space-y-2">
        <input type="hidden" name="intent" value={intent} />
        {question.reasonLabel ? (
          <>
            <label htmlFor="action-reason" className="block text-sm font-medium text-neutral-800">
              {question.reasonLabel}
            </label>
            <textarea
              id="action-reason"
              name="reason"
              rows={3}
              required
              maxLength={USER_REASON_MAX}
              aria-invalid={reasonError ? true : undefined}
              aria-describedby={reasonError ? "action-reason-error" : undefined}
              className={`w-full rounded-lg border bg-white px-3 py-2 text-base outline-none focus:ring-2 focus:ring-brand-500 ${reasonError ? "border-red-600" : "border-neutral-300"}`}
            />
            {reasonError ? (
              <p id="action-reason-error" className="text-sm text-red-700" data-testid="error-reason">
                {reasonError}
              </p>
            ) : null}
          </>
        ) : null}
        <div className="flex gap-2">
          <Button type="submit" variant="danger" size="md" disabled={busy} data-testid="confirm-submit">
            {question.button}
          </Button>
          <ButtonLink to={pagePath} variant="secondary" size="md" className="inline-flex items-center">
            Cancel
          </ButtonLink>
        </div>
      </Form>
    </section>
  );
}
