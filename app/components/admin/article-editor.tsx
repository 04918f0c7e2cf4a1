/**
 * The back office's article editor (/admin/articles/new, /admin/articles/{id}): title, slug,
 * type, category, summary, cover, the markdown body with the post editor's toolbar and a preview
 * by the one renderer, and related maps and creators picked by search.
 *
 * One multipart form posting to the page (Save, Publish, Unpublish), so every control works
 * before JavaScript loads: the related search is then a plain GET form (`?find=`, named by its
 * controls' `form` attribute) whose results come back as boxes to tick. With JavaScript the
 * search asks /admin/articles/related as you type and a ticked result joins the chosen ones.
 */
import { ExternalLink, Search, Trash2 } from "lucide-react";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Form, href, Link, useNavigation } from "react-router";
import { FormAlert } from "~/components/forms/text-field";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { Markdown } from "~/components/markdown";
import { useSelectionAfterEdit } from "~/components/forms/use-selection-after-edit";
import { MarkdownPreview } from "~/components/markdown-preview";
import { FormattingToolbar } from "~/components/posts/formatting-toolbar";
import { applyFormat, type Format } from "~/components/posts/markdown-toolbar";
import { Button, ButtonLink } from "~/components/ui/button";
import type { FieldErrors } from "~/lib/form-validation";
import type { MarkdownTree } from "~/lib/markdown";
import { useHydrated } from "~/lib/use-hydrated";
import type { EditableArticle, RelatedCreator, RelatedMap } from "~/modules/discover/article-admin.server";
import { ARTICLE_TYPES, articleTypeLabel } from "~/modules/discover/article-type";
import { ARTICLE_LIMITS, ARTICLE_STATUS_LABELS, articleFieldsSchema } from "~/modules/discover/article-validation";
import { PHOTO_ACCEPT } from "~/modules/images/photo-validation";

const SEARCH_FORM = "related-search";

export interface ArticleEditorProps {
  /** Null: a new article. */
  article: EditableArticle | null;
  categories: { id: string; name: string }[];
  /** The saved body, parsed by the loader (the preview before JavaScript). */
  savedBody: MarkdownTree | null;
  /** The related search as the page was asked for it (`?find=`), and its results. */
  find: { q: string; maps: RelatedMap[]; creators: RelatedCreator[] };
  /** `?done=`'s message. */
  notice: string | null;
  /** `?delete`: the delete question, shown on the page. */
  confirmDelete: boolean;
  /** The action's refusal, with what was posted. */
  refused?: { formError?: string; fieldErrors?: FieldErrors; values?: Record<string, string>; related?: { maps: RelatedMap[]; creators: RelatedCreator[] } };
}

export function ArticleEditor(props: ArticleEditorProps) {
  // A refusal remounts the form with what was posted.
  return (
    <Editor key={`${props.article?.id ?? "new"}:${props.article?.updatedAt.toString() ?? ""}:${JSON.stringify(props.refused?.values ?? null)}`} {...props} />
  );
}

function Editor({ article, categories, savedBody, find, notice, confirmDelete, refused }: ArticleEditorProps) {
  const hydrated = useHydrated();
  const id = useId();
  const values = refused?.values;
  // The text fields are checked in the browser too (Conform, the shared schema); the rest (cover, related) by the server only.
  const { fields, formProps } = useValidatedForm(articleFieldsSchema, refused?.fieldErrors);
  const errors: FieldErrors = {
    ...refused?.fieldErrors,
    title: fields.title.errors?.[0],
    slug: fields.slug.errors?.[0],
    type: fields.type.errors?.[0],
    summary: fields.summary.errors?.[0],
    categoryId: fields.categoryId.errors?.[0],
    bodyMarkdown: fields.bodyMarkdown.errors?.[0],
  };
  const pageUrl = article ? href("/admin/articles/:articleId", { articleId: article.id }) : href("/admin/articles/new");
  const [body, setBody] = useState(values?.bodyMarkdown ?? article?.bodyMarkdown ?? "");
  const textarea = useRef<HTMLTextAreaElement>(null);
  const select = useSelectionAfterEdit(textarea);
  const format = (kind: Format) => {
    const el = textarea.current;
    const edit = applyFormat(kind, { value: body, start: el?.selectionStart ?? body.length, end: el?.selectionEnd ?? body.length });
    setBody(edit.value);
    select(edit);
  };
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === pageUrl ? String(navigation.formData?.get("intent") ?? "save") : null;
  const status = article?.status ?? "draft";
  const publicUrl = article && status === "published" ? href("/discover/:type/:itemSlug", { type: article.type, itemSlug: article.slug }) : null;

  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <Link to={href("/admin/articles")} className="text-sm font-medium text-brand-700 hover:underline">
        ← Articles
      </Link>
      <div className="mt-2 mb-4 flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold break-words" data-testid="article-heading">
          {article ? article.title : "New article"}
        </h1>
        <span className="rounded-full bg-neutral-100 px-2.5 py-0.5 text-xs font-semibold text-neutral-700" data-testid="article-status">
          {ARTICLE_STATUS_LABELS[status]}
        </span>
        {publicUrl ? (
          <Link to={publicUrl} className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
            <ExternalLink aria-hidden className="size-4" /> View on Discover
          </Link>
        ) : null}
      </div>
      {notice ? <FormAlert tone="success" message={notice} /> : null}
      <FormAlert message={refused?.formError ?? (refused?.fieldErrors ? "The article was not saved: see the messages below." : undefined)} />

      {confirmDelete && article ? <DeleteQuestion article={article} pageUrl={pageUrl} /> : null}

      {/* The related search before JavaScript: a GET of this page with ?find= (its controls name it by `form`). */}
      <form id={SEARCH_FORM} method="get" action={pageUrl} />

      <Form
        method="post"
        action={pageUrl}
        encType="multipart/form-data"
        {...formProps}
        className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]"
        data-testid="article-editor"
      >
        {/* Enter in a field: the first submit button of the form, Save. */}
        <button type="submit" name="intent" value="save" hidden tabIndex={-1} aria-hidden>
          Save
        </button>
        <div className="min-w-0 space-y-5">
          <Field id={`${id}-title`} label="Title" error={errors.title}>
            <input
              id={`${id}-title`}
              name="title"
              defaultValue={values?.title ?? article?.title ?? ""}
              maxLength={ARTICLE_LIMITS.title + 50}
              aria-invalid={errors.title ? true : undefined}
              aria-describedby={errors.title ? `${id}-title-error` : undefined}
              className={`${inputClass(errors.title)} h-12 text-lg font-semibold`}
              data-testid="article-title"
            />
          </Field>
          <Field
            id={`${id}-slug`}
            label="Slug"
            error={errors.slug}
            hint={
              article?.publishedAt
                ? "The address: /discover/{type}/{slug}. Changing it keeps the old address leading here."
                : "The address: /discover/{type}/{slug}. Leave it empty to make it from the title."
            }
          >
            <input
              id={`${id}-slug`}
              name="slug"
              defaultValue={values?.slug ?? article?.slug ?? ""}
              aria-invalid={errors.slug ? true : undefined}
              aria-describedby={`${id}-slug-hint${errors.slug ? ` ${id}-slug-error` : ""}`}
              className={inputClass(errors.slug)}
              data-testid="article-slug"
            />
          </Field>
          {article?.oldSlugs.length ? (
            <p className="-mt-3 text-sm text-neutral-600" data-testid="old-slugs">
              Old addresses leading here: {article.oldSlugs.join(", ")}
            </p>
          ) : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id={`${id}-type`} label="Type" error={errors.type}>
              <select
                id={`${id}-type`}
                name="type"
                defaultValue={values?.type ?? article?.type ?? "guides"}
                aria-invalid={errors.type ? true : undefined}
                className={inputClass(errors.type)}
              >
                {ARTICLE_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {articleTypeLabel(type)}
                  </option>
                ))}
              </select>
            </Field>
            <Field id={`${id}-category`} label="Category" error={errors.categoryId}>
              <select
                id={`${id}-category`}
                name="categoryId"
                defaultValue={values?.categoryId ?? article?.categoryId ?? ""}
                aria-invalid={errors.categoryId ? true : undefined}
                className={inputClass(errors.categoryId)}
              >
                <option value="">None</option>
                {categories.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
            </Field>
          </div>
          <Field id={`${id}-summary`} label="Summary" error={errors.summary} hint="One or two sentences, shown on the Discover card and in search results.">
            <textarea
              id={`${id}-summary`}
              name="summary"
              rows={2}
              defaultValue={values?.summary ?? article?.summary ?? ""}
              aria-invalid={errors.summary ? true : undefined}
              aria-describedby={`${id}-summary-hint${errors.summary ? ` ${id}-summary-error` : ""}`}
              className={`${inputClass(errors.summary)} h-auto py-2`}
            />
          </Field>

          <Field
            id={`${id}-body`}
            label="Article"
            error={errors.bodyMarkdown}
            hint="Markdown: ## headings, **bold**, *italic*, [links](https://…) and - lists."
            toolbar={hydrated ? <FormattingToolbar onFormat={format} /> : null}
          >
            <textarea
              id={`${id}-body`}
              ref={textarea}
              name="bodyMarkdown"
              rows={18}
              value={body}
              onChange={(e) => setBody(e.target.value)}
              aria-invalid={errors.bodyMarkdown ? true : undefined}
              aria-describedby={`${id}-body-hint${errors.bodyMarkdown ? ` ${id}-body-error` : ""}`}
              className={`${inputClass(errors.bodyMarkdown)} h-auto py-2 font-mono text-sm leading-relaxed`}
              data-testid="article-body"
            />
          </Field>

          <section aria-labelledby={`${id}-preview`} className="rounded-xl border border-neutral-200 bg-white p-5 sm:p-8" data-testid="article-preview">
            <h2 id={`${id}-preview`} className="mb-4 border-b border-neutral-100 pb-3 text-sm font-semibold tracking-wide text-neutral-500 uppercase">
              Preview
            </h2>
            {!body.trim() ? (
              <p className="text-neutral-500">Nothing to preview yet.</p>
            ) : hydrated ? (
              <MarkdownPreview source={body} className="text-neutral-800" />
            ) : savedBody ? (
              <Markdown tree={savedBody} className="text-neutral-800" />
            ) : (
              <p className="text-neutral-500">Save to see the preview.</p>
            )}
          </section>

          <RelatedPicker
            hydrated={hydrated}
            chosen={refused?.related ?? { maps: article?.maps ?? [], creators: article?.creators ?? [] }}
            find={find}
            mapsError={errors.mapIds}
            creatorsError={errors.creatorIds}
          />
        </div>

        <aside className="space-y-5">
          <section className="space-y-3 rounded-xl border border-neutral-200 bg-white p-4" aria-label="Publication" data-testid="publication">
            <p className="text-sm text-neutral-700">
              {status === "published"
                ? "Published: on Discover and in the sitemap."
                : status === "scheduled"
                  ? "Published for a later date: not on Discover yet."
                  : "A draft: only admins can see it."}
            </p>
            <Button type="submit" name="intent" value="save" variant="secondary" size="md" className="w-full" disabled={busy === "save"}>
              {article ? "Save" : "Save as draft"}
            </Button>
            {status !== "published" ? (
              <Button type="submit" name="intent" value="publish" size="md" className="w-full" disabled={busy === "publish"}>
                {article ? "Save and publish" : "Publish"}
              </Button>
            ) : (
              <Button type="submit" name="intent" value="unpublish" variant="secondary" size="md" className="w-full" disabled={busy === "unpublish"}>
                Unpublish
              </Button>
            )}
            {article ? (
              <ButtonLink
                to="?delete"
                preventScrollReset
                variant="danger-secondary"
                size="md"
                className="inline-flex w-full items-center justify-center gap-1.5"
                data-testid="delete-article"
              >
                <Trash2 aria-hidden className="size-4" /> Delete
              </ButtonLink>
            ) : null}
          </section>

          <section className="space-y-3 rounded-xl border border-neutral-200 bg-white p-4" aria-labelledby={`${id}-cover-title`}>
            <h2 id={`${id}-cover-title`} className="text-sm font-semibold text-neutral-800">
              Cover
            </h2>
            {article?.coverImageUrl ? (
              <img src={article.coverImageUrl} alt="The current cover" className="aspect-video w-full rounded-lg object-cover" />
            ) : null}
            <label htmlFor={`${id}-cover`} className="block text-sm text-neutral-700">
              {article?.coverImageUrl ? "Replace it with" : "Image"} (JPEG, PNG, WebP, HEIC or AVIF, up to 15 MB; cut to 16:9)
            </label>
            <input
              id={`${id}-cover`}
              type="file"
              name="cover"
              accept={PHOTO_ACCEPT}
              aria-invalid={errors.cover ? true : undefined}
              aria-describedby={errors.cover ? `${id}-cover-error` : undefined}
              className="block w-full text-sm"
              data-testid="article-cover"
            />
            {errors.cover ? (
              <p id={`${id}-cover-error`} className="text-sm text-red-700" data-testid="error-cover">
                {errors.cover}
              </p>
            ) : null}
            {article?.coverImageUrl ? (
              <label className="flex items-center gap-2 text-sm text-neutral-700">
                <input type="checkbox" name="removeCover" className="accent-brand-600" /> Remove the cover
              </label>
            ) : null}
          </section>
        </aside>
      </Form>
    </main>
  );
}

function DeleteQuestion({ article, pageUrl }: { article: EditableArticle; pageUrl: string }) {
  return (
    <section role="alertdialog" aria-labelledby="delete-title" className="mb-6 rounded-xl border border-red-300 bg-red-50 p-4" data-testid="delete-question">
      <h2 id="delete-title" className="font-semibold text-red-900">
        Delete “{article.title}”?
      </h2>
      <p className="mt-1 text-sm text-red-900">
        {article.status === "published"
          ? "It leaves Discover and the sitemap at once, and its addresses answer “not found”. This cannot be undone."
          : "The article is removed for good. This cannot be undone."}
      </p>
      <Form method="post" action={pageUrl} className="mt-3 flex gap-2">
        <input type="hidden" name="intent" value="delete" />
        <Button type="submit" variant="danger" size="md" data-testid="confirm-delete">
          Delete the article
        </Button>
        <ButtonLink to={pageUrl} variant="secondary" size="md" className="inline-flex items-center">
          Cancel
        </ButtonLink>
      </Form>
    </section>
  );
}

/**
 * The chosen maps and creators (ticked boxes named mapIds / creatorIds: untick one and save to
 * remove it) and the search for more (published ones only).
 */
function RelatedPicker({
  hydrated,
  chosen,
  find,
  mapsError,
  creatorsError,
}: {
  hydrated: boolean;
  chosen: { maps: RelatedMap[]; creators: RelatedCreator[] };
  find: ArticleEditorProps["find"];
  mapsError?: string;
  creatorsError?: string;
}) {
  const id = useId();
  const [maps, setMaps] = useState(chosen.maps);
  const [creators, setCreators] = useState(chosen.creators);
  const [query, setQuery] = useState(find.q);
  const [results, setResults] = useState({ maps: find.maps, creators: find.creators });
  const [searching, setSearching] = useState(false);
  const latest = useRef(0);
  useEffect(() => {
    if (!hydrated || query === find.q) return;
    const ask = ++latest.current;
    const timer = setTimeout(async () => {
      setSearching(true);
      try {
        const response = await fetch(`${href("/admin/articles/related")}?${new URLSearchParams({ q: query })}`, { headers: { Accept: "application/json" } });
        const answer = (await response.json()) as { maps?: RelatedMap[]; creators?: RelatedCreator[] };
        if (ask === latest.current) setResults({ maps: answer.maps ?? [], creators: answer.creators ?? [] });
      } catch {
        // Offline: the results stay as they were.
      } finally {
        if (ask === latest.current) setSearching(false);
      }
    }, 250);
    return () => clearTimeout(timer);
  }, [find.q, hydrated, query]);

  const newMaps = results.maps.filter((m) => !maps.some((c) => c.id === m.id));
  const newCreators = results.creators.filter((r) => !creators.some((c) => c.id === r.id));
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl border border-neutral-200 bg-white p-4" data-testid="related-picker">
      <h2 id={`${id}-title`} className="text-sm font-semibold text-neutral-800">
        Related maps and creators
      </h2>
      <p className="mt-1 text-sm text-neutral-600">Shown under the article. Only published maps and creators can be picked.</p>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        <fieldset aria-describedby={mapsError ? `${id}-maps-error` : undefined}>
          <legend className="text-sm font-medium text-neutral-800">Maps</legend>
          <ChoiceList empty="No maps yet." testId="related-maps">
            {maps.map((m) => (
              <Choice key={m.id} name="mapIds" value={m.id} defaultChecked note={m.visible ? null : "No longer published: not shown"}>
                {m.title}
                {m.creatorHandle ? <span className="text-neutral-600"> · @{m.creatorHandle}</span> : null}
              </Choice>
            ))}
          </ChoiceList>
          {mapsError ? (
            <p id={`${id}-maps-error`} className="mt-1 text-sm text-red-700" data-testid="error-mapIds">
              {mapsError}
            </p>
          ) : null}
        </fieldset>
        <fieldset aria-describedby={creatorsError ? `${id}-creators-error` : undefined}>
          <legend className="text-sm font-medium text-neutral-800">Creators</legend>
          <ChoiceList empty="No creators yet." testId="related-creators">
            {creators.map((c) => (
              <Choice key={c.id} name="creatorIds" value={c.id} defaultChecked note={c.visible ? null : "No longer published: not shown"}>
                {c.displayName ?? c.handle}
                {c.handle ? <span className="text-neutral-600"> · @{c.handle}</span> : null}
              </Choice>
            ))}
          </ChoiceList>
          {creatorsError ? (
            <p id={`${id}-creators-error`} className="mt-1 text-sm text-red-700" data-testid="error-creatorIds">
              {creatorsError}
            </p>
          ) : null}
        </fieldset>
      </div>

      <label htmlFor={`${id}-q`} className="mt-4 mb-1 block text-sm font-medium text-neutral-800">
        Find a published map or creator
      </label>
      <div className="flex gap-2">
        <input
          id={`${id}-q`}
          type="search"
          name="find"
          form={SEARCH_FORM}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={(e) => {
            if (hydrated && e.key === "Enter") e.preventDefault();
          }}
          className={inputClass()}
          data-testid="related-search"
        />
        {!hydrated ? (
          <Button type="submit" form={SEARCH_FORM} variant="secondary" size="md" aria-label="Search">
            <Search aria-hidden className="size-4" />
          </Button>
        ) : null}
      </div>
      <div aria-live="polite" aria-busy={searching} className="mt-2" data-testid="related-results">
        {query.trim().length >= 2 && newMaps.length === 0 && newCreators.length === 0 && !searching && query === find.q ? (
          <p className="text-sm text-neutral-600">Nothing published by that name.</p>
        ) : null}
        {newMaps.length || newCreators.length ? <p className="text-sm text-neutral-600">Tick to add, then save:</p> : null}
        <ul className="mt-1 space-y-1">
          {newMaps.map((m) => (
            <li key={`map:${m.id}`}>
              <Choice
                name="mapIds"
                value={m.id}
                onPick={
                  hydrated
                    ? () => {
                        setMaps((list) => [...list, m]);
                      }
                    : undefined
                }
              >
                <span className="mr-1 rounded bg-neutral-100 px-1.5 text-xs font-semibold text-neutral-700 uppercase">map</span>
                {m.title}
                {m.creatorHandle ? <span className="text-neutral-600"> · @{m.creatorHandle}</span> : null}
              </Choice>
            </li>
          ))}
          {newCreators.map((c) => (
            <li key={`creator:${c.id}`}>
              <Choice
                name="creatorIds"
                value={c.id}
                onPick={
                  hydrated
                    ? () => {
                        setCreators((list) => [...list, c]);
                      }
                    : undefined
                }
              >
                <span className="mr-1 rounded bg-neutral-100 px-1.5 text-xs font-semibold text-neutral-700 uppercase">creator</span>
                {c.displayName ?? c.handle}
                {c.handle ? <span className="text-neutral-600"> · @{c.handle}</span> : null}
              </Choice>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function ChoiceList({ empty, testId, children }: { empty: string; testId: string; children: ReactNode[] }) {
  if (children.length === 0) return <p className="mt-1 text-sm text-neutral-600">{empty}</p>;
  return (
    <ul className="mt-1 space-y-1" data-testid={testId}>
      {children.map((child, i) => (
        <li key={i}>{child}</li>
      ))}
    </ul>
  );
}

/** A box to tick. `onPick` (with JavaScript): ticking a search result moves it to the chosen ones instead. */
function Choice({
  name,
  value,
  defaultChecked,
  note,
  onPick,
  children,
}: {
  name: string;
  value: string;
  defaultChecked?: boolean;
  note?: string | null;
  onPick?: () => void;
  children: ReactNode;
}) {
  return (
    <label className="flex cursor-pointer items-start gap-2 rounded-lg px-2 py-1.5 text-sm hover:bg-neutral-50">
      <input
        type="checkbox"
        name={onPick ? undefined : name}
        value={value}
        defaultChecked={defaultChecked}
        onChange={onPick ? (e) => e.target.checked && onPick() : undefined}
        className="mt-0.5 accent-brand-600"
      />
      <span className="min-w-0">
        <span className="break-words">{children}</span>
        {note ? <span className="block text-xs text-amber-800">{note}</span> : null}
      </span>
    </label>
  );
}

function inputClass(error?: string): string {
  return `h-11 w-full rounded-lg border bg-white px-3 text-base outline-none focus:ring-2 focus:ring-brand-500 ${error ? "border-red-600" : "border-neutral-300"}`;
}

function Field({
  id,
  label,
  hint,
  error,
  toolbar,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  toolbar?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div>
      <div className="mb-1 flex flex-wrap items-end justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-neutral-800">
          {label}
        </label>
        {toolbar}
      </div>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-neutral-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700" data-testid={`error-${label.toLowerCase()}`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
