import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Form, href, Link, useNavigation } from "react-router";
import { CreatorProfileHeader, type ProfileHeaderData } from "~/components/creators/creator-profile-header";
import { FormAlert, TextField } from "~/components/forms/text-field";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { Button } from "~/components/ui/button";
import { dbContext } from "~/lib/db-context.server";
import { studioTitle } from "~/lib/page-title";
import { creatorPath } from "~/lib/paths";
import { BIO_MAX, DISPLAY_NAME_MAX, HANDLE_MAX, profileSchema } from "~/modules/account/validation";
import { LINK_LABEL_MAX, LINK_URL_MAX, MAX_LINKS } from "~/modules/creators/profile-links";
import { loadStudioProfile } from "~/modules/creators/studio-profile.server";
import { requireStudioCreator } from "~/routes/guards.server";
import type { Route } from "./+types/studio-profile";
import { studioProfileAction, type ProfileActionData } from "./studio-profile-action.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireStudioCreator(request, context);
  const profile = await loadStudioProfile(context.get(dbContext), viewer.user.id);
  if (!profile) throw new Response("Not Found", { status: 404 });
  return { profile };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireStudioCreator(request, context);
  return studioProfileAction(request, context.get(dbContext), viewer.user.id);
}

export const meta: Route.MetaFunction = () => [{ title: studioTitle("Profile") }, { name: "robots", content: "noindex" }];

interface LinkRow {
  key: number;
  label: string;
  url: string;
}

let nextKey = 0;
const rows = (links: { label: string; url: string }[]): LinkRow[] => links.map((link) => ({ key: nextKey++, ...link }));
const blank = (): LinkRow => ({ key: nextKey++, label: "", url: "" });

/** /studio/profile: what /@handle shows, edited beside a live preview of it. */
export default function StudioProfile({ loaderData, actionData }: Route.ComponentProps) {
  const { profile } = loaderData;
  const result = actionData as ProfileActionData | undefined;
  const refused = result?.intent === "profile" && !result.ok ? result : undefined;
  const typed = refused?.values;
  const initialLinks = typed?.links ?? profile.links;
  // A blank row to fill in, which also works before JavaScript loads (an empty row is not saved).
  const [links, setLinks] = useState<LinkRow[]>(() => [...rows(initialLinks), ...(initialLinks.length < MAX_LINKS ? [blank()] : [])]);
  const [fieldsNow, setFieldsNow] = useState({
    handle: typed?.handle ?? profile.handle,
    displayName: typed?.displayName ?? profile.displayName ?? "",
    bio: typed?.bio ?? profile.bioText ?? "",
  });
  const { fields, formProps } = useValidatedForm(profileSchema, refused?.fieldErrors);
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const errors = refused?.fieldErrors ?? {};

  const preview: ProfileHeaderData = {
    handle: fieldsNow.handle.trim().toLowerCase() || profile.handle,
    displayName: fieldsNow.displayName.trim() || null,
    profileImageUrl: profile.profileImageUrl,
    coverImageUrl: profile.coverImageUrl,
    links: links.filter((l) => l.label.trim() && l.url.trim()).map((l) => ({ label: l.label.trim(), url: l.url.trim() })),
  };

  const onChange = (event: FormEvent<HTMLFormElement>) => {
    formProps.onChange(event);
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? "");
    setFieldsNow({ handle: value("handle"), displayName: value("displayName"), bio: value("bio") });
  };
  const setLink = (key: number, change: Partial<LinkRow>) => setLinks((all) => all.map((l) => (l.key === key ? { ...l, ...change } : l)));
  const move = (index: number, by: -1 | 1) =>
    setLinks((all) => {
      const next = [...all];
      [next[index], next[index + by]] = [next[index + by], next[index]];
      return next;
    });

  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold">Profile</h1>
      <p className="mt-1 text-neutral-600">
        What visitors see on{" "}
        <Link to={creatorPath(profile.handle)} className="font-medium text-brand-700 hover:underline">
          /@{profile.handle}
        </Link>
        . Email, password and account deletion are on your{" "}
        <Link to={href("/account")} className="font-medium text-brand-700 hover:underline">
          account page
        </Link>
        .
      </p>
      <div role="status" className="mt-4">
        {result?.ok ? <FormAlert tone="success" message={result.message} /> : null}
      </div>

      <div className="mt-6 grid gap-10 wide:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <div className="space-y-10">
          <ImageForm
            intent="cover"
            label="Cover image"
            hint="A wide picture across the top of your page (cropped to 3:1 around its centre). JPEG, PNG, WebP, HEIC or AVIF, up to 15 MB."
            hasImage={Boolean(profile.coverImageUrl)}
            error={result?.intent === "cover" ? result.fieldErrors?.cover : undefined}
            busy={busy}
          />
          <ImageForm
            intent="avatar"
            label="Profile image"
            hint="A square picture of you. PNG, JPEG, GIF or WebP, up to 5 MB."
            hasImage={Boolean(profile.profileImageUrl)}
            error={result?.intent === "avatar" ? result.fieldErrors?.avatar : undefined}
            busy={busy}
          />

          <section aria-labelledby="profile-details">
            <h2 id="profile-details" className="text-xl font-semibold">
              Details
            </h2>
            <FormAlert message={errors[""]} />
            <Form method="post" {...formProps} onChange={onChange} className="mt-4 space-y-4" data-testid="profile-form">
              <input type="hidden" name="intent" value="profile" />
              <TextField
                label="Handle"
                name="handle"
                defaultValue={fieldsNow.handle}
                maxLength={HANDLE_MAX}
                autoCapitalize="none"
                spellCheck={false}
                error={fields.handle.errors?.[0]}
              />
              <TextField
                label="Display name"
                name="displayName"
                defaultValue={fieldsNow.displayName}
                maxLength={DISPLAY_NAME_MAX}
                error={fields.displayName.errors?.[0]}
              />
              <div>
                <label htmlFor="studio-bio" className="mb-1 block text-sm font-medium text-neutral-800">
                  Bio
                </label>
                <textarea
                  id="studio-bio"
                  name="bio"
                  defaultValue={fieldsNow.bio}
                  rows={5}
                  maxLength={BIO_MAX}
                  aria-invalid={fields.bio.errors?.[0] ? true : undefined}
                  className="w-full rounded-lg border border-neutral-300 px-3 py-2 text-base outline-none focus:ring-2 focus:ring-brand-500"
                />
                {fields.bio.errors?.[0] ? <p className="mt-1 text-sm text-red-700">{fields.bio.errors[0]}</p> : null}
              </div>

              <fieldset className="space-y-3" data-testid="profile-links">
                <legend className="mb-1 text-sm font-medium text-neutral-800">Links (website, social profiles; up to {MAX_LINKS})</legend>
                {errors.links ? <p className="text-sm text-red-700">{errors.links}</p> : null}
                {links.map((link, i) => (
                  <div key={link.key} className="flex flex-wrap items-start gap-2 rounded-lg border border-neutral-200 bg-white p-3" data-testid="link-row">
                    <TextField
                      label={`Link ${i + 1} label`}
                      name="linkLabel"
                      value={link.label}
                      onChange={(e) => setLink(link.key, { label: e.currentTarget.value })}
                      maxLength={LINK_LABEL_MAX}
                      placeholder="Instagram"
                      className="w-40"
                      error={errors[`links.${i}.label`]}
                    />
                    <TextField
                      label={`Link ${i + 1} address`}
                      name="linkUrl"
                      type="url"
                      value={link.url}
                      onChange={(e) => setLink(link.key, { url: e.currentTarget.value })}
                      maxLength={LINK_URL_MAX}
                      placeholder="https://"
                      className="min-w-48 flex-1"
                      error={errors[`links.${i}.url`]}
                    />
                    <div className="flex gap-1 self-end pb-1">
                      <IconButton label={`Move link ${i + 1} up`} disabled={i === 0} onClick={() => move(i, -1)}>
                        <ArrowUp aria-hidden className="size-4" />
                      </IconButton>
                      <IconButton label={`Move link ${i + 1} down`} disabled={i === links.length - 1} onClick={() => move(i, 1)}>
                        <ArrowDown aria-hidden className="size-4" />
                      </IconButton>
                      <IconButton label={`Remove link ${i + 1}`} onClick={() => setLinks((all) => all.filter((l) => l.key !== link.key))}>
                        <Trash2 aria-hidden className="size-4" />
                      </IconButton>
                    </div>
                  </div>
                ))}
                {links.length < MAX_LINKS ? (
                  <Button
                    type="button"
                    variant="secondary"
                    size="sm"
                    onClick={() => setLinks((all) => [...all, blank()])}
                    className="inline-flex items-center gap-1.5"
                  >
                    <Plus aria-hidden className="size-4" /> Add a link
                  </Button>
                ) : null}
              </fieldset>

              <Button type="submit" disabled={busy}>
                {busy ? "Saving..." : "Save profile"}
              </Button>
            </Form>
          </section>
        </div>

        <aside aria-label="Preview of your page" className="wide:sticky wide:top-24 wide:self-start">
          <p className="mb-2 text-sm font-semibold tracking-wide text-neutral-500 uppercase">Preview · /@{preview.handle}</p>
          <div className="rounded-2xl border border-neutral-200 bg-white p-5" data-testid="profile-preview">
            <CreatorProfileHeader creator={preview} />
            {fieldsNow.bio.trim() ? <p className="mt-6 whitespace-pre-line text-neutral-800">{fieldsNow.bio.trim()}</p> : null}
          </div>
        </aside>
      </div>
    </main>
  );
}

function IconButton({ label, onClick, disabled, children }: { label: string; onClick: () => void; disabled?: boolean; children: React.ReactNode }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      className="rounded-lg border border-neutral-200 p-2 text-neutral-700 hover:bg-neutral-100 disabled:opacity-40"
    >
      {children}
    </button>
  );
}

function ImageForm({
  intent,
  label,
  hint,
  hasImage,
  error,
  busy,
}: {
  intent: "cover" | "avatar";
  label: string;
  hint: string;
  hasImage: boolean;
  error?: string;
  busy: boolean;
}) {
  return (
    <section aria-label={label}>
      <h2 className="text-xl font-semibold">{label}</h2>
      <p className="mt-1 text-sm text-neutral-600">{hint}</p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <Form method="post" encType="multipart/form-data" className="flex flex-wrap items-center gap-2">
          <input type="hidden" name="intent" value={intent} />
          <input
            type="file"
            name={intent}
            required
            accept={intent === "cover" ? "image/jpeg,image/png,image/webp,image/heic,image/avif" : "image/png,image/jpeg,image/gif,image/webp"}
            aria-label={label}
            aria-invalid={error ? true : undefined}
            className="block text-sm file:mr-3 file:rounded-full file:border-0 file:bg-neutral-100 file:px-4 file:py-2 file:font-semibold"
          />
          <Button type="submit" variant="secondary" size="sm" disabled={busy}>
            Upload {label.toLowerCase()}
          </Button>
        </Form>
        {hasImage ? (
          <Form method="post">
            <input type="hidden" name="intent" value={`remove-${intent}`} />
            <button type="submit" className="text-sm font-medium text-red-700 hover:underline" disabled={busy}>
              Remove {label.toLowerCase()}
            </button>
          </Form>
        ) : null}
      </div>
      {error ? (
        <p className="mt-2 text-sm text-red-700" data-testid={`error-${intent}`}>
          {error}
        </p>
      ) : null}
    </section>
  );
}
