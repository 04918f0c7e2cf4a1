/**
 * The post editor (/studio/posts/postId/{postId}): the title and the markdown body with a small
 * toolbar, a preview rendered by the post page's own `PostBody`, images uploaded into the body,
 * the creator's maps and spots inserted as cards, who may read it, and its publication (publish
 * now, schedule in the creator's time zone, unpublish, delete).
 *
 * The text saves itself (`useAutosave`, as the map and spot editors: local drafts, the version
 * check, Keep mine / Use theirs) through the autosave endpoint, whose answers carry the preview's
 * cards. Before JavaScript runs every control still works: the editor is one form posting to the
 * page (Save, Publish now, Schedule, Unpublish), and the image upload, the place picker and the
 * delete confirmation are plain forms outside it that their controls name by their `form`
 * attribute; each comes back to the page.
 */
import { CalendarClock, ImagePlus, Lock, MapPin, Search, Send, Trash2, Undo2 } from "lucide-react";
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Form, href, Link, useNavigation } from "react-router";
import { FormAlert } from "~/components/forms/text-field";
import { useSelectionAfterEdit } from "~/components/forms/use-selection-after-edit";
import { draftKey } from "~/components/studio/draft-store";
import { ConflictChoice, SaveStatus } from "~/components/studio/save-status";
import { postWithProgress } from "~/components/studio/upload";
import { postForSave, useAutosave, type SaveResult } from "~/components/studio/use-autosave";
import { Button, ButtonLink } from "~/components/ui/button";
import { Modal } from "~/components/ui/modal";
import { fieldErrors as zodFieldErrors } from "~/lib/form-validation";
import { useHydrated } from "~/lib/use-hydrated";
import { PHOTO_ACCEPT, photoFileProblem } from "~/modules/images/photo-validation";
import {
  cardMarkdown,
  contentOf,
  formatInZone,
  POST_LIMITS,
  POST_STATUS_LABELS,
  POST_VISIBILITIES,
  POST_VISIBILITY_EXPLAINED,
  postContentSchema,
  utcToZonedTime,
  type EditablePost,
  type LinkablePlace,
  type PostCards,
  type PostContent,
  type RenderedPostBlock,
  type PostVisibility,
} from "~/modules/posts";
import { FormattingToolbar } from "./formatting-toolbar";
import { browserTimeZone } from "./local-time";
import { applyFormat, insertBlock, type Format } from "./markdown-toolbar";
import { PostBodyPreview } from "./post-body-preview";

/** The ids of the plain forms outside the editor form (forms cannot nest). */
const FORMS = { image: "post-image-form", placeSearch: "post-place-search", place: "post-place-form" };

export interface PostEditorProps {
  post: EditablePost;
  cards: PostCards;
  /** The saved body, parsed by the loader (the preview before JavaScript and before the parser loads). */
  blocks: RenderedPostBlock[];
  places: LinkablePlace[];
  /** The picker's search, as the page was asked for it (`?find=`). */
  find: string;
  handle: string;
  /** An image refused before JavaScript ran. */
  imageError: string | null;
  /** `?delete`: the delete question, shown on the page before JavaScript runs. */
  confirmDelete: boolean;
  /** The page action's answer: a publication done, or a refusal with the values posted. */
  result?: { ok: true; message: string } | { ok: false; error: string; fieldErrors?: Partial<Record<string, string>>; values?: Record<string, string> };
}

type SaveBody = SaveResult<PostContent> & { post?: EditablePost; cards?: PostCards };

export function PostEditor(props: PostEditorProps) {
  return <Editor key={props.post.id} {...props} />;
}

function Editor({ post: loaded, cards: loadedCards, blocks: loadedBlocks, places, find, handle, imageError, confirmDelete, result }: PostEditorProps) {
  const hydrated = useHydrated();
  const pageUrl = href("/studio/posts/postId/:postId", { postId: loaded.id });
  const saveUrl = href("/studio/posts/postId/:postId/autosave", { postId: loaded.id });
  const imagesUrl = href("/studio/posts/postId/:postId/images", { postId: loaded.id });

  // What the last save said about the post (its slug follows the title) and its cards; the page's data when newer.
  const [fromSave, setFromSave] = useState<{ post: EditablePost; cards: PostCards } | null>(null);
  const saved = fromSave && fromSave.post.version >= loaded.version ? fromSave : { post: loaded, cards: loadedCards };
  const post = { ...loaded, slug: saved.post.slug, version: saved.post.version };

  const save = useCallback(
    async (value: PostContent, version: number): Promise<SaveResult<PostContent>> => {
      const checked = postContentSchema.safeParse(value);
      if (!checked.success) {
        const errors = zodFieldErrors(checked.error);
        return { error: Object.values(errors)[0] ?? "Not saved.", fieldErrors: errors };
      }
      const body = new FormData();
      for (const [name, field] of Object.entries(value)) body.set(name, field);
      body.set("version", String(version));
      const answer = (await postForSave<PostContent>(saveUrl, body)) as SaveBody;
      if (("ok" in answer || "conflict" in answer) && answer.post && answer.cards) {
        const { post: server, cards } = answer;
        setFromSave((previous) => (previous && previous.post.version > server.version ? previous : { post: server, cards }));
      }
      return answer;
    },
    [saveUrl],
  );

  const refused = result && !result.ok ? result : undefined;
  const server = contentOf(loaded);
  const autosave = useAutosave<PostContent>({
    key: draftKey("post", loaded.id),
    serverValue: server,
    version: loaded.version,
    save,
    unsaved: refused?.values ? { ...server, ...(refused.values as Partial<PostContent>) } : undefined,
  });
  const { value, setValue } = autosave;
  const errors = { ...(refused?.fieldErrors ?? {}), ...autosave.fieldErrors };

  const textarea = useRef<HTMLTextAreaElement>(null);
  const select = useSelectionAfterEdit(textarea);
  const cursor = useRef(value.bodyMarkdown.length);
  const rememberCursor = () => {
    if (textarea.current) cursor.current = textarea.current.selectionEnd;
  };
  const setBody = (bodyMarkdown: string, selection?: { start: number; end: number }) => {
    setValue((previous) => ({ ...previous, bodyMarkdown }));
    if (selection) {
      cursor.current = selection.end;
      select(selection);
    }
  };
  const format = (kind: Format) => {
    const el = textarea.current;
    const edit = applyFormat(kind, { value: value.bodyMarkdown, start: el?.selectionStart ?? cursor.current, end: el?.selectionEnd ?? cursor.current });
    setBody(edit.value, edit);
  };
  const insert = (block: string) => {
    const edit = insertBlock(value.bodyMarkdown, cursor.current, block);
    setBody(edit.value, edit);
  };

  const [deleting, setDeleting] = useState(false);
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === pageUrl ? String(navigation.formData?.get("intent") ?? "") : null;
  const zone = hydrated ? browserTimeZone() : "UTC";

  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <Link to={href("/studio/posts")} className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
        ← Posts
      </Link>
      <div className="mt-3 mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold break-words" data-testid="post-heading">
          {value.title.trim() || "Untitled post"}
        </h1>
        {hydrated ? <SaveStatus status={autosave.status} error={autosave.error} /> : null}
      </div>

      {result?.ok ? <FormAlert tone="success" message={result.message} /> : null}
      {refused ? <FormAlert message={refused.error} /> : null}
      {autosave.conflict ? (
        <div className="mb-4">
          <ConflictChoice what="post" onKeepMine={autosave.keepMine} onTakeTheirs={autosave.takeTheirs}>
            <Differences mine={value} theirs={autosave.conflict.current} />
          </ConflictChoice>
        </div>
      ) : null}

      <Form
        method="post"
        action={pageUrl}
        noValidate
        preventScrollReset
        onSubmit={(event) => {
          if (!hydrated) return;
          const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
          const intent = submitter?.name === "intent" ? submitter.value : "save";
          // With JavaScript the text is already on its way: Enter in the title saves now instead of posting the page.
          if (intent === "save") {
            event.preventDefault();
            autosave.flush();
          }
        }}
        className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]"
        data-testid="post-editor"
      >
        {/* Enter in a field, before JavaScript: the first submit button of the form, Save. */}
        {!hydrated ? (
          <button type="submit" name="intent" value="save" hidden tabIndex={-1} aria-hidden>
            Save
          </button>
        ) : null}
        <input type="hidden" name="version" value={post.version} />
        <input type="hidden" name="timeZone" value={zone} />

        <div className="min-w-0 space-y-5">
          <Field label="Title" error={errors.title} count={[value.title.length, POST_LIMITS.title]}>
            {(id, describedBy) => (
              <input
                id={id}
                name="title"
                value={value.title}
                onChange={(e) => setValue((previous) => ({ ...previous, title: e.target.value }))}
                aria-describedby={describedBy}
                aria-invalid={errors.title ? true : undefined}
                className={`${inputClass(errors.title)} h-12 text-lg font-semibold`}
                data-testid="post-title"
              />
            )}
          </Field>

          <div id="body">
            <Field
              label="Post"
              error={errors.bodyMarkdown}
              count={[value.bodyMarkdown.length, POST_LIMITS.body]}
              hint="Markdown: ## headings, **bold**, *italic*, [links](https://…) and - lists. A map, a spot or an image on a line of its own shows as a card or a picture."
              toolbar={hydrated ? <FormattingToolbar onFormat={format} /> : null}
            >
              {(id, describedBy) => (
                <textarea
                  id={id}
                  ref={textarea}
                  name="bodyMarkdown"
                  rows={18}
                  value={value.bodyMarkdown}
                  onChange={(e) => {
                    cursor.current = e.target.selectionEnd;
                    setBody(e.target.value);
                  }}
                  onSelect={rememberCursor}
                  onKeyUp={rememberCursor}
                  onClick={rememberCursor}
                  aria-describedby={describedBy}
                  aria-invalid={errors.bodyMarkdown ? true : undefined}
                  className={`${inputClass(errors.bodyMarkdown)} h-auto py-2 font-mono text-sm leading-relaxed`}
                  data-testid="post-body-input"
                />
              )}
            </Field>
          </div>

          <div className="grid gap-4 sm:grid-cols-2">
            <ImageInsert hydrated={hydrated} uploadUrl={imagesUrl} onInserted={insert} initialError={imageError} />
            <PlacePicker
              hydrated={hydrated}
              postId={loaded.id}
              initial={places}
              find={find}
              onPick={(place) => insert(cardMarkdown(place.title, place.href))}
            />
          </div>

          <section aria-labelledby="preview-title" className="rounded-xl border border-neutral-200 bg-white p-5 sm:p-8" data-testid="post-preview">
            <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2 border-b border-neutral-100 pb-3">
              <h2 id="preview-title" className="text-sm font-semibold tracking-wide text-neutral-500 uppercase">
                Preview
              </h2>
              <p className="text-xs text-neutral-500">{previewNote(value.visibility)}</p>
            </div>
            <article>
              <p className="text-3xl font-bold tracking-tight break-words">{value.title.trim() || "Untitled post"}</p>
              {value.bodyMarkdown.trim() ? (
                <PostBodyPreview
                  markdown={value.bodyMarkdown}
                  cards={saved.cards}
                  initial={{ markdown: loaded.bodyMarkdown, blocks: loadedBlocks }}
                  className="text-neutral-900"
                />
              ) : (
                <p className="mt-4 text-neutral-500">Nothing to preview yet.</p>
              )}
            </article>
          </section>
        </div>

        <aside className="space-y-5">
          <Publication post={post} zone={zone} hydrated={hydrated} busy={busy} onDelete={hydrated ? () => setDeleting(true) : undefined} />

          <fieldset className="rounded-xl border border-neutral-200 bg-white p-4">
            <legend className="px-1 text-sm font-semibold text-neutral-800">Who can read it</legend>
            <div className="space-y-2">
              {POST_VISIBILITIES.map((level) => (
                <label
                  key={level}
                  className={`flex cursor-pointer gap-2 rounded-lg border p-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 ${
                    value.visibility === level ? "border-brand-600 bg-brand-50" : "border-neutral-200"
                  }`}
                >
                  <input
                    type="radio"
                    name="visibility"
                    value={level}
                    checked={value.visibility === level}
                    onChange={() => setValue((previous) => ({ ...previous, visibility: level }))}
                    className="mt-0.5 accent-brand-600"
                  />
                  <span>
                    <span className="flex items-center gap-1 font-semibold text-neutral-900">
                      {level !== "public" ? <Lock aria-hidden className="size-3.5" /> : null}
                      {POST_VISIBILITY_EXPLAINED[level].label}
                    </span>
                    <span className="block text-neutral-600">{POST_VISIBILITY_EXPLAINED[level].explanation}</span>
                  </span>
                </label>
              ))}
            </div>
            {errors.visibility ? <p className="mt-2 text-sm text-red-700">{errors.visibility}</p> : null}
          </fieldset>

          <p className="text-sm break-words text-neutral-600" data-testid="post-address">
            Address: /@{handle}/posts/{post.slug}
            <br />
            {post.slugFixed ? "Fixed since it was first published." : "Follows the title until you publish."}
          </p>
          {!hydrated ? (
            <Button type="submit" name="intent" value="save" variant="secondary" className="w-full">
              Save
            </Button>
          ) : null}
        </aside>
      </Form>

      {/* The plain forms the controls above name by their `form` attribute (used before JavaScript runs). */}
      <form id={FORMS.image} method="post" action={imagesUrl} encType="multipart/form-data" hidden>
        <input type="hidden" name="return" value="page" />
      </form>
      <form id={FORMS.placeSearch} method="get" action={pageUrl} hidden />
      <form id={FORMS.place} method="post" action={pageUrl} hidden>
        <input type="hidden" name="intent" value="insert-place" />
      </form>

      {!hydrated && confirmDelete ? (
        <section className="mt-8 rounded-xl border border-red-300 bg-red-50 p-4" aria-labelledby="delete-title" data-testid="delete-question">
          <h2 id="delete-title" className="mb-2 font-semibold">
            Delete “{loaded.title}”?
          </h2>
          <DeleteQuestion post={loaded} pageUrl={pageUrl} />
        </section>
      ) : null}
      {hydrated ? (
        <Modal open={deleting} onOpenChange={setDeleting} title={`Delete “${value.title.trim() || loaded.title}”?`}>
          <DeleteQuestion post={loaded} pageUrl={pageUrl} onCancel={() => setDeleting(false)} />
        </Modal>
      ) : null}
    </main>
  );
}

function previewNote(visibility: PostVisibility): string {
  if (visibility === "public") return "As everyone will see it.";
  if (visibility === "premium") return "As Premium members will see it.";
  return "As your supporters will see it.";
}

function Publication({
  post,
  zone,
  hydrated,
  busy,
  onDelete,
}: {
  post: EditablePost;
  zone: string;
  hydrated: boolean;
  busy: string | null;
  onDelete?: () => void;
}) {
  const id = useId();
  const at = post.publishedAt ? new Date(post.publishedAt) : null;
  const when = at ? `${formatInZone(at, zone)}${hydrated ? "" : " UTC"}` : null;
  // The page is rendered in UTC; once the browser's zone is known, the stored time is shown in it (and what was typed for another stored time is dropped).
  const stored = post.status === "scheduled" && at ? utcToZonedTime(at, zone) : "";
  const [typed, setTyped] = useState<{ over: string; value: string } | null>(null);
  const scheduleAt = typed && typed.over === stored ? typed.value : stored;
  const tone =
    post.status === "published"
      ? "bg-brand-50 text-brand-700"
      : post.status === "scheduled"
        ? "bg-amber-100 text-amber-900"
        : "bg-neutral-100 text-neutral-700";
  return (
    <section className="space-y-4 rounded-xl border border-neutral-200 bg-white p-4" aria-labelledby={`${id}-title`} data-testid="publication">
      <div className="flex items-center justify-between gap-2">
        <h2 id={`${id}-title`} className="text-sm font-semibold text-neutral-800">
          Publication
        </h2>
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${tone}`} data-testid="post-status">
          {POST_STATUS_LABELS[post.status]}
        </span>
      </div>
      <p className="text-sm text-neutral-700" data-testid="publication-state">
        {post.status === "draft" ? "A draft: only you can see it." : post.status === "scheduled" ? `Scheduled for ${when}.` : `Published on ${when}.`}
      </p>

      {post.status !== "published" ? (
        <>
          <Button type="submit" name="intent" value="publish" className="inline-flex w-full items-center justify-center gap-1.5" disabled={busy === "publish"}>
            <Send aria-hidden className="size-4" /> Publish now
          </Button>
          <div>
            <label htmlFor={`${id}-at`} className="mb-1 block text-sm font-medium text-neutral-800">
              {post.status === "scheduled" ? "Change the time" : "Or schedule it"}
            </label>
            <input
              id={`${id}-at`}
              type="datetime-local"
              name="scheduleAt"
              value={scheduleAt}
              onChange={(e) => setTyped({ over: stored, value: e.target.value })}
              className={inputClass()}
              aria-describedby={`${id}-zone`}
              data-testid="schedule-at"
            />
            <p id={`${id}-zone`} className="mt-1 text-xs text-neutral-600" suppressHydrationWarning>
              {hydrated ? `Your time zone: ${zone}` : "Times are in UTC."}
            </p>
            <Button
              type="submit"
              name="intent"
              value="schedule"
              variant="secondary"
              size="md"
              className="mt-2 inline-flex w-full items-center justify-center gap-1.5"
              disabled={busy === "schedule"}
            >
              <CalendarClock aria-hidden className="size-4" /> {post.status === "scheduled" ? "Reschedule" : "Schedule"}
            </Button>
          </div>
          <p className="text-xs text-neutral-600">When it is published, your followers and supporters get it by email, once.</p>
        </>
      ) : null}
      {post.status !== "draft" ? (
        <Button
          type="submit"
          name="intent"
          value="unpublish"
          variant="secondary"
          size="md"
          className="inline-flex w-full items-center justify-center gap-1.5"
          disabled={busy === "unpublish"}
        >
          <Undo2 aria-hidden className="size-4" /> Unpublish
        </Button>
      ) : null}
      {onDelete ? (
        <Button variant="danger-secondary" size="md" className="inline-flex w-full items-center justify-center gap-1.5" onClick={onDelete}>
          <Trash2 aria-hidden className="size-4" /> Delete
        </Button>
      ) : (
        <ButtonLink to="?delete" preventScrollReset variant="danger-secondary" size="md" className="inline-flex w-full items-center justify-center gap-1.5">
          <Trash2 aria-hidden className="size-4" /> Delete
        </ButtonLink>
      )}
    </section>
  );
}

function DeleteQuestion({ post, pageUrl, onCancel }: { post: EditablePost; pageUrl: string; onCancel?: () => void }) {
  return (
    <>
      <p className="text-sm text-neutral-700">
        {post.status === "draft"
          ? "The draft and its images are removed for good."
          : post.status === "scheduled"
            ? "It is removed for good and will not be published or emailed."
            : "It is removed for good from your page and from every reader’s feed. Emails already sent stay in people’s inboxes."}
      </p>
      <Form method="post" action={pageUrl} className="mt-6 flex justify-end gap-2">
        <input type="hidden" name="intent" value="delete" />
        {onCancel ? (
          <Button variant="secondary" size="md" onClick={onCancel}>
            Cancel
          </Button>
        ) : (
          <ButtonLink to={pageUrl} variant="secondary" size="md" className="inline-flex items-center">
            Cancel
          </ButtonLink>
        )}
        <Button type="submit" variant="danger" size="md" data-testid="confirm-delete">
          Delete post
        </Button>
      </Form>
    </>
  );
}

/** Upload an image into the body: with JavaScript at the cursor as soon as a file is chosen; before, at the end with the Upload button. */
function ImageInsert({
  hydrated,
  uploadUrl,
  onInserted,
  initialError,
}: {
  hydrated: boolean;
  uploadUrl: string;
  onInserted: (markdown: string) => void;
  initialError: string | null;
}) {
  const id = useId();
  const [alt, setAlt] = useState("");
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(initialError);
  const file = useRef<HTMLInputElement>(null);
  const upload = async (chosen: File) => {
    const problem = photoFileProblem(chosen);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    setProgress(0);
    const form = new FormData();
    form.set("image", chosen);
    form.set("alt", alt);
    const answer = await postWithProgress<{ markdown: string }>(uploadUrl, form, setProgress);
    setProgress(null);
    if (file.current) file.current.value = "";
    if (!answer.ok) {
      setError(answer.error);
      return;
    }
    setAlt("");
    onInserted(answer.body.markdown);
  };
  return (
    <div id="image" className="rounded-xl border border-neutral-200 bg-white p-4" data-testid="image-insert">
      <h2 className="mb-2 flex items-center gap-1.5 text-sm font-semibold text-neutral-800">
        <ImagePlus aria-hidden className="size-4" /> Image
      </h2>
      <label htmlFor={`${id}-alt`} className="mb-1 block text-sm text-neutral-700">
        Describe it for people who cannot see it
      </label>
      <input
        id={`${id}-alt`}
        name="alt"
        form={FORMS.image}
        value={alt}
        maxLength={200}
        onChange={(e) => setAlt(e.target.value)}
        className={inputClass()}
        data-testid="image-alt"
      />
      <label htmlFor={`${id}-file`} className="mt-3 mb-1 block text-sm text-neutral-700">
        Image file (JPEG, PNG, WebP, HEIC or AVIF, up to 15 MB)
      </label>
      <input
        id={`${id}-file`}
        ref={file}
        type="file"
        name="image"
        form={FORMS.image}
        accept={PHOTO_ACCEPT}
        onChange={(e) => {
          const chosen = e.target.files?.[0];
          if (hydrated && chosen) void upload(chosen);
        }}
        className="block w-full text-sm"
        data-testid="image-file"
      />
      {progress !== null ? (
        <p role="status" className="mt-2 text-sm text-neutral-700">
          Uploading… {Math.round(progress * 100)}%
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-800" data-testid="image-error">
          {error}
        </p>
      ) : null}
      {!hydrated ? (
        <Button type="submit" form={FORMS.image} variant="secondary" size="md" className="mt-3">
          Upload and add at the end
        </Button>
      ) : (
        <p className="mt-2 text-xs text-neutral-600">Added where the cursor is once uploaded.</p>
      )}
    </div>
  );
}

/** The creator's maps and spots, searched by name; a pick inserts its link on a line of its own (a card on the page). */
function PlacePicker({
  hydrated,
  postId,
  initial,
  find,
  onPick,
}: {
  hydrated: boolean;
  postId: string;
  initial: LinkablePlace[];
  find: string;
  onPick: (place: LinkablePlace) => void;
}) {
  const id = useId();
  const [query, setQuery] = useState(find);
  const [places, setPlaces] = useState(initial);
  const [searching, setSearching] = useState(false);
  const latest = useRef(0);
  useEffect(() => {
    if (!hydrated || query === find) return;
    const ask = ++latest.current;
    const timer = setTimeout(async () => {
      setSearching(true);
      try {
        const response = await fetch(`${href("/studio/posts/postId/:postId/places", { postId })}?${new URLSearchParams({ q: query })}`, {
          headers: { Accept: "application/json" },
        });
        const body = (await response.json()) as { places?: LinkablePlace[] };
        if (ask === latest.current && body.places) setPlaces(body.places);
      } catch {
        // Offline: the list stays as it was.
      } finally {
        if (ask === latest.current) setSearching(false);
      }
    }, 250);
    return () => clearTimeout(timer);
  }, [find, hydrated, postId, query]);
  return (
    <div id="places" className="rounded-xl border border-neutral-200 bg-white p-4" data-testid="place-picker">
      <h2 className="mb-2 flex items-center gap-1.5 text-sm font-semibold text-neutral-800">
        <MapPin aria-hidden className="size-4" /> Map or spot
      </h2>
      <label htmlFor={`${id}-q`} className="mb-1 block text-sm text-neutral-700">
        Find one of your maps or spots
      </label>
      <div className="flex gap-2">
        <input
          id={`${id}-q`}
          type="search"
          name="find"
          form={FORMS.placeSearch}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={(e) => {
            if (hydrated && e.key === "Enter") e.preventDefault();
          }}
          className={inputClass()}
          data-testid="place-search"
        />
        {!hydrated ? (
          <Button type="submit" form={FORMS.placeSearch} variant="secondary" size="md" aria-label="Search">
            <Search aria-hidden className="size-4" />
          </Button>
        ) : null}
      </div>
      <ul className="mt-2 max-h-56 space-y-1 overflow-y-auto" aria-busy={searching} data-testid="place-results">
        {places.length === 0 ? <li className="text-sm text-neutral-600">{query.trim() ? "Nothing of yours by that name." : "You have no maps yet."}</li> : null}
        {places.map((place) => (
          <li key={`${place.kind}:${place.id}`}>
            <button
              type="submit"
              form={FORMS.place}
              name="place"
              value={`${place.kind}:${place.id}`}
              onClick={(e) => {
                if (!hydrated) return;
                e.preventDefault();
                onPick(place);
              }}
              className="flex w-full items-start gap-2 rounded-lg px-2 py-1.5 text-left text-sm hover:bg-neutral-100"
              data-testid="place-option"
            >
              <span className="mt-0.5 shrink-0 rounded bg-neutral-100 px-1.5 text-xs font-semibold text-neutral-700 uppercase">{place.kind}</span>
              <span className="min-w-0">
                <span className="block font-medium break-words">{place.title}</span>
                {place.mapTitle ? <span className="block text-xs text-neutral-600">on {place.mapTitle}</span> : null}
                {!place.isPublished ? <span className="block text-xs text-amber-800">Draft: a card for readers once published</span> : null}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function inputClass(error?: string): string {
  return `h-11 w-full rounded-lg border bg-white px-3 text-base outline-none focus:ring-2 focus:ring-brand-500 ${error ? "border-red-600" : "border-neutral-300"}`;
}

function Field({
  label,
  hint,
  error,
  count,
  toolbar,
  children,
}: {
  label: string;
  hint?: string;
  error?: string;
  count?: [number, number];
  toolbar?: ReactNode;
  children: (id: string, describedBy: string | undefined) => ReactNode;
}) {
  const id = useId();
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <div className="mb-1 flex flex-wrap items-end justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-neutral-800">
          {label}
        </label>
        <div className="flex items-center gap-3">
          {toolbar}
          {count ? (
            <span className={`text-xs tabular-nums ${count[0] > count[1] ? "text-red-700" : "text-neutral-500"}`}>
              {count[0].toLocaleString("en")}/{count[1].toLocaleString("en")}
            </span>
          ) : null}
        </div>
      </div>
      {children(id, described)}
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

function Differences({ mine, theirs }: { mine: PostContent; theirs: PostContent }) {
  const labels: Record<keyof PostContent, string> = { title: "Title", bodyMarkdown: "Text", visibility: "Who can read it" };
  const shown = (name: keyof PostContent, v: string) => {
    if (name === "visibility") return POST_VISIBILITY_EXPLAINED[v as PostVisibility]?.label ?? v;
    return v.length > 80 ? `${v.slice(0, 80)}…` : v || "(empty)";
  };
  const changed = (Object.keys(labels) as (keyof PostContent)[]).filter((name) => mine[name] !== theirs[name]);
  if (changed.length === 0) return <p className="mt-2">The other version has the same text as yours.</p>;
  return (
    <dl className="mt-2 space-y-1">
      {changed.map((name) => (
        <div key={name}>
          <dt className="inline font-medium">{labels[name]}: </dt>
          <dd className="inline">
            yours “{shown(name, mine[name])}”, theirs “{shown(name, theirs[name])}”
          </dd>
        </div>
      ))}
    </dl>
  );
}
