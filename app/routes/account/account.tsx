import { useEffect, useRef, useState, type ReactNode } from "react";
import { actionRetryAfter } from "~/lib/http-errors";
import { href, Link, useActionData, useFetcher } from "react-router";
import { PrivateFeedAddress, PrivateFeedButton } from "~/components/posts/private-feed";
import { listFeedTokens, type FeedTokenListing } from "~/modules/posts/index.server";
import { FormAlert, TextField } from "~/components/forms/text-field";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { Avatar } from "~/components/layout/avatar";
import { Button } from "~/components/ui/button";
import { Modal } from "~/components/ui/modal";
import { toast } from "~/components/ui/toaster";
import {
  BIO_MAX,
  DISPLAY_NAME_MAX,
  HANDLE_MAX,
  changeEmailSchema,
  changePasswordSchema,
  deleteAccountSchema,
  accountProfileSchema,
} from "~/modules/account/validation";
import { requireUser } from "~/routes/guards.server";
import { MembershipSection } from "~/components/memberships/membership-section";
import { ApplicationSection } from "~/components/onboarding/application-section";
import { currentApplication } from "~/modules/creators/applications.server";
import { ReceiptsSection } from "~/components/memberships/receipts-section";
import { dbContext } from "~/lib/db-context.server";
import { membershipsOf } from "~/modules/memberships/manage.server";
import { receiptsOf } from "~/modules/memberships/payments.server";
import { listSessions, type AccountSession } from "~/modules/account/sessions.server";
import { currentSessionId } from "~/modules/auth/session.server";
import { twoFactorState } from "~/modules/auth/two-factor.server";
import { hasPassword } from "~/modules/auth/auth.server";
import type { Route } from "./+types/account";
import { accountAction, type AccountActionData, type AccountIntent } from "./account-action.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireUser(request, context);
  const url = new URL(request.url);
  const db = context.get(dbContext);
  const [memberships, receipts, application, sessions, feeds, twoFactor, withPassword] = await Promise.all([
    membershipsOf(db, viewer.user.id),
    receiptsOf(db, viewer.user.id),
    currentApplication(db, viewer.user.id),
    currentSessionId(request, context).then((current) => listSessions(db, viewer.user.id, current)),
    listFeedTokens(db, viewer.user.id),
    twoFactorState(db, viewer.user.id),
    hasPassword(db, viewer.user.id),
  ]);
  // Creators a private feed may be made of here: the ones followed or supported (any other, from their Posts tab).
  const feedCreators = new Map<string, { id: string; handle: string; displayName: string | null }>();
  for (const link of [...viewer.supports, ...viewer.follows]) {
    if (link.creator.handle) feedCreators.set(link.creatorId, { id: link.creatorId, handle: link.creator.handle, displayName: link.creator.displayName });
  }
  return {
    memberships,
    receipts,
    sessions,
    twoFactor: { ...twoFactor, hasPassword: withPassword },
    privateFeeds: { feeds, creators: [...feedCreators.values()] },
    creator: { application, isOnboarded: viewer.profile.isOnboarded, isCreator: viewer.profile.isCreator },
    email: viewer.user.email,
    emailChanged: url.searchParams.get("email") === "changed",
    profile: {
      handle: viewer.profile.handle ?? "",
      // A handle is a creator's public address: a member's is optional.
      handleOptional: !viewer.profile.isCreator,
      displayName: viewer.profile.displayName ?? "",
      bio: viewer.profile.bioText ?? "",
      imageUrl: viewer.profile.profileImageUrl,
    },
  };
}

export const headers = actionRetryAfter;

export function action({ request, context }: Route.ActionArgs) {
  return accountAction(request, context, requireUser(request, context));
}

export const meta: Route.MetaFunction = () => [{ title: "Account" }, { name: "robots", content: "noindex" }];

/** A form posting one intent to the account action, with its answer announced once. */
function useAccountForm(intent: AccountIntent) {
  const fetcher = useFetcher<AccountActionData>({ key: `account-${intent}` });
  const result = fetcher.data?.intent === intent ? fetcher.data : undefined;
  const announced = useRef<AccountActionData | undefined>(undefined);
  useEffect(() => {
    if (!result || announced.current === result) return;
    announced.current = result;
    if (result.ok && result.message) toast("success", result.message);
  }, [result]);
  return { fetcher, result, busy: fetcher.state !== "idle" };
}

function Section({ id, title, children, tone }: { id: string; title: string; children: ReactNode; tone?: "danger" }) {
  return (
    <section aria-labelledby={id} className={`rounded-2xl border p-6 ${tone === "danger" ? "border-red-200" : "border-neutral-200"}`} data-testid={id}>
      <h2 id={id} className={`mb-4 text-lg font-semibold ${tone === "danger" ? "text-red-800" : ""}`}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** /account: profile, membership and receipts, creator application, email, password, two-factor, sessions and account deletion. */
export default function Account({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-2xl space-y-6 px-4 py-10">
      <h1 className="text-3xl font-bold">Account</h1>
      {loaderData.emailChanged ? <FormAlert tone="success" message={`Your email address is now ${loaderData.email}.`} /> : null}
      <ProfileSection profile={loaderData.profile} />
      <Section id="account-membership" title="Membership">
        <MembershipSection memberships={loaderData.memberships} />
      </Section>
      <Section id="account-receipts" title="Receipts">
        <ReceiptsSection receipts={loaderData.receipts} />
      </Section>
      <Section id="account-creator-application" title="Creator application">
        <ApplicationSection {...loaderData.creator} />
      </Section>
      <EmailSection email={loaderData.email} />
      <Section id="account-email-preferences" title="Email preferences">
        <p className="mb-4 text-neutral-700">Choose which creators&apos; posts come to you by email.</p>
        <Link to={href("/account/emails")} className="font-semibold text-brand-700 hover:underline">
          Manage email preferences
        </Link>
      </Section>
      <PasswordSection />
      <TwoFactorSection {...loaderData.twoFactor} />
      <PrivateFeedsSection {...loaderData.privateFeeds} />
      <SessionsSection sessions={loaderData.sessions} />
      <DeleteSection />
    </main>
  );
}

function ProfileSection({ profile }: { profile: Awaited<ReturnType<typeof loader>>["profile"] }) {
  const form = useAccountForm("profile");
  const { fields, formProps } = useValidatedForm(accountProfileSchema, form.result?.fieldErrors);
  const bioError = fields.bio.errors?.[0];
  const image = useAccountForm("avatar");
  const remove = useAccountForm("remove-avatar");
  const [preview, setPreview] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const imageError = image.result?.fieldErrors?.avatar;

  return (
    <Section id="account-profile" title="Profile">
      {/* The row wraps and the file input shrinks: the page fits 320 px. */}
      <div className="mb-6 flex flex-wrap items-center gap-4">
        <Avatar src={preview ?? profile.imageUrl} size={72} alt="Your profile image" />
        <image.fetcher.Form method="post" encType="multipart/form-data" className="flex min-w-0 flex-1 flex-wrap items-center gap-2">
          <input type="hidden" name="intent" value="avatar" />
          <label className="min-w-0 max-w-full flex-1 basis-48 text-sm font-medium">
            <span className="sr-only">Profile image</span>
            <input
              ref={fileInput}
              type="file"
              name="avatar"
              accept="image/png,image/jpeg,image/gif,image/webp"
              aria-label="Profile image"
              className="block w-full max-w-full text-sm file:mr-3 file:rounded-full file:border-0 file:bg-neutral-100 file:px-4 file:py-2 file:font-semibold"
              onChange={(event) => {
                const file = event.currentTarget.files?.[0];
                setPreview(file ? URL.createObjectURL(file) : null);
              }}
            />
          </label>
          <Button type="submit" variant="secondary" disabled={image.busy}>
            {image.busy ? "Uploading..." : "Upload image"}
          </Button>
        </image.fetcher.Form>
        {profile.imageUrl ? (
          <remove.fetcher.Form method="post">
            <input type="hidden" name="intent" value="remove-avatar" />
            <button type="submit" className="text-sm font-medium text-red-700 hover:underline" onClick={() => setPreview(null)}>
              Remove
            </button>
          </remove.fetcher.Form>
        ) : null}
      </div>
      {imageError ? (
        <p className="-mt-4 mb-4 text-sm text-red-700" data-testid="error-avatar">
          {imageError}
        </p>
      ) : null}

      <FormAlert message={form.result?.formError} />
      <form.fetcher.Form method="post" {...formProps} className="space-y-4">
        <input type="hidden" name="intent" value="profile" />
        <TextField
          label="Display name"
          name="displayName"
          defaultValue={profile.displayName}
          maxLength={DISPLAY_NAME_MAX}
          error={fields.displayName.errors?.[0]}
        />
        <div>
          <TextField
            label="Handle"
            name="handle"
            defaultValue={profile.handle}
            maxLength={HANDLE_MAX}
            autoComplete="username"
            error={fields.handle.errors?.[0]}
            {...(profile.handleOptional && !fields.handle.errors?.[0] ? { "aria-describedby": "account-handle-hint" } : {})}
          />
          {profile.handleOptional ? (
            <p id="account-handle-hint" className="mt-1 text-sm text-neutral-600">
              Optional: a handle is the address of a creator&apos;s public page (/@handle). Members need none.
            </p>
          ) : null}
        </div>
        <div>
          <label htmlFor="account-bio" className="mb-1 block text-sm font-medium text-neutral-800">
            Bio
          </label>
          <textarea
            id="account-bio"
            name="bio"
            defaultValue={profile.bio}
            rows={4}
            maxLength={BIO_MAX}
            aria-invalid={bioError ? true : undefined}
            className="w-full rounded-lg border border-neutral-300 px-3 py-2 text-base outline-none focus:ring-2 focus:ring-brand-500"
          />
          {bioError ? (
            <p className="mt-1 text-sm text-red-700" data-testid="error-bio">
              {bioError}
            </p>
          ) : null}
        </div>
        <Button type="submit" disabled={form.busy}>
          {form.busy ? "Saving..." : "Save profile"}
        </Button>
      </form.fetcher.Form>
    </Section>
  );
}

function EmailSection({ email }: { email: string }) {
  const form = useAccountForm("email");
  const { fields, formProps } = useValidatedForm(changeEmailSchema, form.result?.fieldErrors);
  return (
    <Section id="account-email" title="Email">
      <p className="mb-4 text-neutral-700">
        Your email address is <strong className="break-all">{email}</strong>.
      </p>
      <FormAlert message={form.result?.formError} />
      {form.result?.ok ? <FormAlert tone="success" message={form.result.message} /> : null}
      <form.fetcher.Form method="post" {...formProps} className="space-y-4">
        <input type="hidden" name="intent" value="email" />
        <TextField label="New email address" name="email" type="email" autoComplete="email" error={fields.email.errors?.[0]} />
        <Button type="submit" disabled={form.busy}>
          {form.busy ? "Sending..." : "Change email"}
        </Button>
      </form.fetcher.Form>
    </Section>
  );
}

function PasswordSection() {
  const form = useAccountForm("password");
  const { fields, formProps } = useValidatedForm(changePasswordSchema, form.result?.fieldErrors);
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (form.result?.ok) ref.current?.reset();
  }, [form.result]);
  return (
    <Section id="account-password" title="Password">
      <FormAlert message={form.result?.formError} />
      <form.fetcher.Form ref={ref} method="post" {...formProps} className="space-y-4">
        <input type="hidden" name="intent" value="password" />
        <TextField label="Current password" name="currentPassword" type="password" autoComplete="current-password" error={fields.currentPassword.errors?.[0]} />
        <TextField label="New password" name="password" type="password" autoComplete="new-password" error={fields.password.errors?.[0]} />
        <TextField label="Confirm new password" name="confirmPassword" type="password" autoComplete="new-password" error={fields.confirmPassword.errors?.[0]} />
        <Button type="submit" disabled={form.busy}>
          {form.busy ? "Saving..." : "Change password"}
        </Button>
      </form.fetcher.Form>
    </Section>
  );
}

const BROWSERS: [RegExp, string][] = [
  [/Edg\//, "Edge"],
  [/OPR\//, "Opera"],
  [/Firefox\//, "Firefox"],
  [/Chrome\//, "Chrome"],
  [/Safari\//, "Safari"],
];
const SYSTEMS: [RegExp, string][] = [
  [/Android/, "Android"],
  [/iPhone|iPad/, "iOS"],
  [/Windows/, "Windows"],
  [/Mac OS X/, "macOS"],
  [/Linux/, "Linux"],
];

/** "Chrome on Linux" from a user agent string. */
function describeDevice(userAgent: string | null): string {
  const browser = BROWSERS.find(([re]) => userAgent && re.test(userAgent))?.[1];
  const system = SYSTEMS.find(([re]) => userAgent && re.test(userAgent))?.[1];
  if (!browser && !system) return "Unknown device";
  return system ? `${browser ?? "A browser"} on ${system}` : browser!;
}

function day(date: Date | string) {
  const iso = new Date(date).toISOString();
  return <time dateTime={iso}>{iso.slice(0, 10)}</time>;
}

function SessionsSection({ sessions }: { sessions: AccountSession[] }) {
  const form = useAccountForm("sessions");
  // One form for every row: the row goes once its session is signed out, the toast stays.
  const revoke = useAccountForm("revoke-session");
  return (
    <Section id="account-sessions" title="Sessions">
      <FormAlert message={revoke.result?.formError} />
      <ul className="mb-4 divide-y divide-neutral-200">
        {sessions.map((session) => (
          <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="account-session">
            <div>
              <p className="font-medium">
                {describeDevice(session.userAgent)}
                {session.current ? (
                  <span className="ml-2 rounded-full bg-neutral-100 px-2 py-0.5 text-xs font-semibold text-neutral-700">This device</span>
                ) : null}
              </p>
              <p className="text-sm text-neutral-600">
                Signed in {day(session.createdAt)} · last active {day(session.lastActiveAt)}
              </p>
            </div>
            {session.current ? null : (
              <revoke.fetcher.Form method="post">
                <input type="hidden" name="intent" value="revoke-session" />
                <input type="hidden" name="sessionId" value={session.id} />
                <Button type="submit" variant="secondary" size="sm" disabled={revoke.busy}>
                  Sign out
                </Button>
              </revoke.fetcher.Form>
            )}
          </li>
        ))}
      </ul>
      <p className="mb-4 text-neutral-700">Signed in on a device you no longer use? Sign out everywhere except here.</p>
      <form.fetcher.Form method="post">
        <input type="hidden" name="intent" value="sessions" />
        <Button type="submit" variant="secondary" disabled={form.busy}>
          Sign out of other sessions
        </Button>
      </form.fetcher.Form>
    </Section>
  );
}

/**
 * Private feeds: one row per creator with a live feed (Revoke, or Replace) or followed or supported
 * (Make one). A row stays put when its feed is made, so the address it shows once stays in view.
 */
function PrivateFeedsSection({ feeds, creators }: { feeds: FeedTokenListing[]; creators: { id: string; handle: string; displayName: string | null }[] }) {
  const revoke = useAccountForm("revoke-feed");
  // Made without scripts: the form posted here, and the address comes back with this page.
  const posted = useActionData<AccountActionData>();
  const madeUrl = posted?.intent === "create-feed" ? posted.feedUrl : undefined;
  const liveFeed = new Map(feeds.map((f) => [f.creator.id, f]));
  const rows = [...feeds.map((f) => f.creator), ...creators.filter((c) => !liveFeed.has(c.id))];
  const nameOf = (c: { handle: string; displayName: string | null }) => c.displayName ?? `@${c.handle}`;
  return (
    <Section id="account-private-feeds" title="Private feeds">
      <p className="mb-4 text-neutral-700">
        A private feed brings a creator&apos;s posts you may read into your feed reader, the members-only ones included. Its address is shown once, when you
        make it.
      </p>
      {madeUrl ? <PrivateFeedAddress url={madeUrl} /> : null}
      <FormAlert message={revoke.result?.formError ?? posted?.formError} />
      {feeds.length === 0 ? (
        <p className="mb-4 text-sm text-neutral-600" data-testid="no-private-feeds">
          You have no private feeds.
        </p>
      ) : null}
      {rows.length ? (
        <ul className="divide-y divide-neutral-200">
          {rows.map((creator) => {
            const feed = liveFeed.get(creator.id);
            return (
              <li key={creator.id} className="flex flex-wrap items-center gap-3 py-3" data-testid={feed ? "private-feed" : "private-feed-creator"}>
                <div className="min-w-0 flex-1">
                  <p className="font-medium">
                    Posts by{" "}
                    <Link to={href("/:atHandle", { atHandle: `@${creator.handle}` })} className="text-brand-700 hover:underline">
                      {nameOf(creator)}
                    </Link>
                  </p>
                  <p className="text-sm text-neutral-600">{feed ? `Private feed made ${day(feed.createdAt)}` : "No private feed"}</p>
                </div>
                {feed ? (
                  <revoke.fetcher.Form method="post">
                    <input type="hidden" name="intent" value="revoke-feed" />
                    <input type="hidden" name="feedId" value={feed.id} />
                    <Button type="submit" variant="secondary" size="sm" disabled={revoke.busy}>
                      Revoke
                    </Button>
                  </revoke.fetcher.Form>
                ) : null}
                <PrivateFeedButton creatorId={creator.id} label={feed ? "Replace" : "Make a private feed"} />
              </li>
            );
          })}
        </ul>
      ) : null}
    </Section>
  );
}

/** A two-factor form's answer: from its fetcher, or (without JavaScript) the page's own post. */
function useTwoFactorForm(intent: AccountIntent) {
  const form = useAccountForm(intent);
  const posted = useActionData<AccountActionData>();
  return { ...form, result: form.result ?? (posted?.intent === intent ? posted : undefined) };
}

function PasswordConfirm({ error, label = "Your password" }: { error?: string; label?: string }) {
  return <TextField label={label} name="password" type="password" autoComplete="current-password" required error={error} className="max-w-sm" />;
}

/** The recovery codes, shown once: as a list, and as a .txt file to keep. */
function RecoveryCodes({ codes }: { codes: string[] }) {
  const file = `Spotfolio recovery codes\nEach code signs you in once if you cannot use your authenticator app.\n\n${codes.join("\n")}\n`;
  return (
    <div className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4" data-testid="recovery-codes">
      <p className="mb-3 font-semibold">Save your recovery codes now</p>
      <p className="mb-3 text-sm text-neutral-700">
        Each code signs you in once if you lose your phone. They are shown only this once: download them or write them down, and keep them somewhere safe.
      </p>
      <ul className="mb-4 grid grid-cols-2 gap-2 font-mono text-sm">
        {codes.map((code) => (
          <li key={code} data-testid="recovery-code">
            {code}
          </li>
        ))}
      </ul>
      <a
        href={`data:text/plain;charset=utf-8,${encodeURIComponent(file)}`}
        download="spotfolio-recovery-codes.txt"
        className="font-semibold text-brand-700 hover:underline"
      >
        Download as .txt
      </a>
    </div>
  );
}

/**
 * Two-factor authentication: on with the password, a QR code (or the secret typed in) and a first
 * code; off, or new recovery codes, with the password. Each step is a plain form post.
 */
function TwoFactorSection({ enabled, recoveryCodesLeft, hasPassword }: { enabled: boolean; recoveryCodesLeft: number; hasPassword: boolean }) {
  const start = useTwoFactorForm("two-factor-start");
  const confirm = useTwoFactorForm("two-factor-confirm");
  const disable = useTwoFactorForm("two-factor-disable");
  const regenerate = useTwoFactorForm("two-factor-recovery-codes");
  // Answers from before it was last turned on or off belong to a setup that is gone (its key deleted).
  const [since, setSince] = useState<{ enabled: boolean; start?: AccountActionData; confirm?: AccountActionData }>({ enabled });
  if (since.enabled !== enabled) setSince({ enabled, start: start.result, confirm: confirm.result });
  const setup =
    (start.result !== since.start ? start.result?.twoFactorSetup : undefined) ??
    (confirm.result !== since.confirm ? confirm.result?.twoFactorSetup : undefined);
  // The newest codes made (on, or new ones): shown until the page is left.
  const [shownCodes, setShownCodes] = useState(confirm.result?.recoveryCodes ?? regenerate.result?.recoveryCodes);
  const [codesFrom, setCodesFrom] = useState({ confirm: confirm.result, regenerate: regenerate.result });
  if (codesFrom.confirm !== confirm.result || codesFrom.regenerate !== regenerate.result) {
    const newer = codesFrom.regenerate !== regenerate.result ? regenerate.result : confirm.result;
    setCodesFrom({ confirm: confirm.result, regenerate: regenerate.result });
    if (newer?.recoveryCodes) setShownCodes(newer.recoveryCodes);
  }
  return (
    <Section id="two-factor" title="Two-factor authentication">
      <p className="mb-4 text-neutral-700">
        Two-factor authentication asks for a code from an authenticator app on your phone after your password, so your password alone is not enough to sign in.
        With it on, changing your bank or tax details asks for a code too.
      </p>
      {enabled ? (
        <div className="space-y-6">
          <FormAlert tone="success" message="Two-factor authentication is on." />
          {shownCodes ? <RecoveryCodes codes={shownCodes} /> : null}
          <p className="text-sm text-neutral-700" data-testid="recovery-codes-left">
            {recoveryCodesLeft === 1 ? "1 recovery code left." : `${recoveryCodesLeft} recovery codes left.`}
          </p>
          <regenerate.fetcher.Form method="post" className="space-y-3">
            <input type="hidden" name="intent" value="two-factor-recovery-codes" />
            <h3 className="font-semibold">New recovery codes</h3>
            <FormAlert message={regenerate.result?.formError} />
            <PasswordConfirm error={regenerate.result?.fieldErrors?.password} />
            <Button type="submit" variant="secondary" disabled={regenerate.busy}>
              Make new recovery codes
            </Button>
          </regenerate.fetcher.Form>
          <disable.fetcher.Form method="post" className="space-y-3">
            <input type="hidden" name="intent" value="two-factor-disable" />
            <h3 className="font-semibold">Turn off</h3>
            <FormAlert message={disable.result?.formError} />
            <PasswordConfirm error={disable.result?.fieldErrors?.password} />
            <Button type="submit" variant="danger-secondary" disabled={disable.busy}>
              Turn off two-factor authentication
            </Button>
          </disable.fetcher.Form>
        </div>
      ) : !hasPassword ? (
        <p className="text-sm text-neutral-700">
          It protects a password sign-in: set a password first (
          <Link to={href("/forgot-password")} className="font-semibold text-brand-700 hover:underline">
            we email you a link
          </Link>
          ).
        </p>
      ) : setup ? (
        <div className="space-y-4" data-testid="two-factor-setup">
          <p className="text-neutral-700">Scan this QR code with your authenticator app (Google Authenticator, 1Password, Authy…).</p>
          {/* Our own server's SVG (the qrcode package), not user input. */}
          <div
            className="w-48 rounded-lg border border-neutral-200 bg-white p-2"
            role="img"
            aria-label="QR code for your authenticator app"
            dangerouslySetInnerHTML={{ __html: setup.qrSvg }}
          />
          <p className="text-sm text-neutral-700">
            Cannot scan it? Enter this key in the app instead:{" "}
            <code className="break-all rounded bg-neutral-100 px-1 font-mono" data-testid="two-factor-secret">
              {setup.secret}
            </code>
          </p>
          <confirm.fetcher.Form method="post" className="space-y-3">
            <input type="hidden" name="intent" value="two-factor-confirm" />
            {/* Sent back only so a page without JavaScript can show the same key after a wrong code. */}
            <input type="hidden" name="secret" value={setup.secret} />
            <FormAlert message={confirm.result?.formError} />
            <TextField
              label="The 6-digit code the app shows"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              required
              error={confirm.result?.fieldErrors?.code}
              className="max-w-sm"
            />
            <Button type="submit" disabled={confirm.busy}>
              Turn on
            </Button>
          </confirm.fetcher.Form>
        </div>
      ) : (
        <start.fetcher.Form method="post" className="space-y-3">
          <input type="hidden" name="intent" value="two-factor-start" />
          <FormAlert message={start.result?.formError} />
          <PasswordConfirm error={start.result?.fieldErrors?.password} />
          <Button type="submit" disabled={start.busy}>
            Set up two-factor authentication
          </Button>
        </start.fetcher.Form>
      )}
    </Section>
  );
}

function DeleteSection() {
  const form = useAccountForm("delete");
  const { fields, formProps } = useValidatedForm(deleteAccountSchema, form.result?.fieldErrors);
  const [open, setOpen] = useState(false);
  const body = (
    <form.fetcher.Form method="post" {...formProps} className="space-y-4">
      <input type="hidden" name="intent" value="delete" />
      <TextField label="Type DELETE to confirm" name="confirm" autoComplete="off" error={fields.confirm.errors?.[0]} />
      <Button type="submit" variant="danger" disabled={form.busy}>
        {form.busy ? "Deleting..." : "Delete my account"}
      </Button>
    </form.fetcher.Form>
  );
  return (
    <Section id="account-delete" title="Delete account" tone="danger">
      <p className="mb-4 text-neutral-700">
        This removes your profile, saved maps and spots, follows and sign-in methods for good. Records we must keep by law (such as payments) stay without your
        name.
      </p>
      {/* Without JavaScript the confirmation field is in the page; with it, in a dialog. */}
      <noscript>{body}</noscript>
      <Button variant="danger-secondary" onClick={() => setOpen(true)}>
        Delete account...
      </Button>
      <Modal open={open} onOpenChange={setOpen} title="Delete your account?" description="This cannot be undone.">
        {body}
      </Modal>
    </Section>
  );
}
