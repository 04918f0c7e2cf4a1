import { Eye, Lock, MailOpen, NotebookPen, Plus } from "lucide-react";
import { data, Form, href, Link, redirect } from "react-router";
import { LocalTime } from "~/components/posts/local-time";
import { FormAlert } from "~/components/forms/text-field";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { dbContext } from "~/lib/db-context.server";
import { studioTitle } from "~/lib/page-title";
import { plural } from "~/lib/plural";
import { POST_STATUS_LABELS, POST_STATUSES, POST_VISIBILITY_EXPLAINED, statusFilter, type PostStatus } from "~/modules/posts";
import { createDraftPost, hasPosts, studioPostList, type StudioPostRow } from "~/modules/posts/index.server";
import { requireStudioCreator } from "~/routes/guards.server";
import { TakenDownNotice } from "~/components/moderation/taken-down-notice";
import { takenDownOf } from "~/modules/moderation/index.server";
import type { Route } from "./+types/studio-posts";
import { DELETED_PARAM } from "./studio-post-save.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireStudioCreator(request, context);
  const params = new URL(request.url).searchParams;
  const status = statusFilter(params.get("status"));
  const db = context.get(dbContext);
  const [posts, any, takenDown] = await Promise.all([
    studioPostList(db, viewer.profile.id, { status }),
    status ? hasPosts(db, viewer.profile.id) : null,
    takenDownOf(db, viewer.profile.id),
  ]);
  return {
    posts,
    status,
    hasPosts: any ?? posts.length > 0,
    deleted: params.has(DELETED_PARAM),
    takenDown: posts.filter((p) => takenDown.post.has(p.id)).map((p) => ({ id: p.id, label: p.title })),
  };
}

/** New post: a draft, opened in the editor. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireStudioCreator(request, context);
  const form = await request.formData().catch(() => null);
  if (form?.get("intent") !== "create") return data({ error: "This action is not known. Reload the page and try again." }, { status: 400 });
  const { postId } = await createDraftPost(context.get(dbContext), viewer.profile.id);
  throw redirect(href("/studio/posts/postId/:postId", { postId }), 303);
}

export const meta: Route.MetaFunction = () => [{ title: studioTitle("Posts") }, { name: "robots", content: "noindex" }];

function NewPostButton() {
  return (
    <Form method="post" action={href("/studio/posts")}>
      <input type="hidden" name="intent" value="create" />
      <Button type="submit" size="md" className="inline-flex items-center gap-1.5" data-testid="new-post">
        <Plus aria-hidden className="size-4" /> New post
      </Button>
    </Form>
  );
}

const FILTERS: { status: PostStatus | null; label: string }[] = [
  { status: null, label: "All" },
  ...POST_STATUSES.map((status) => ({ status, label: POST_STATUS_LABELS[status] })),
];

function Filters({ current }: { current: PostStatus | null }) {
  return (
    <nav aria-label="Filter posts by status" className="mb-4 flex flex-wrap gap-2">
      {FILTERS.map(({ status, label }) => {
        const active = status === current;
        return (
          <Link
            key={label}
            to={status ? `${href("/studio/posts")}?${new URLSearchParams({ status })}` : href("/studio/posts")}
            aria-current={active ? "page" : undefined}
            className={`rounded-full border px-3 py-1.5 text-sm font-medium ${
              active ? "border-brand-600 bg-brand-50 text-brand-800" : "border-neutral-300 bg-white text-neutral-800 hover:bg-neutral-50"
            }`}
          >
            {label}
          </Link>
        );
      })}
    </nav>
  );
}

const statusTone: Record<PostStatus, string> = {
  draft: "bg-neutral-100 text-neutral-700",
  scheduled: "bg-amber-100 text-amber-900",
  published: "bg-brand-50 text-brand-700",
};

function PostRow({ post }: { post: StudioPostRow }) {
  const editor = href("/studio/posts/postId/:postId", { postId: post.id });
  return (
    <li className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between" data-testid="studio-post" data-post-id={post.id}>
      <div className="min-w-0">
        <h2 className="text-lg font-semibold break-words">
          <Link to={editor} className="hover:underline">
            {post.title}
          </Link>
        </h2>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-neutral-600">
          <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${statusTone[post.status]}`} data-testid="post-status">
            {POST_STATUS_LABELS[post.status]}
          </span>
          <span className="inline-flex items-center gap-1" data-testid="post-visibility">
            {post.visibility !== "public" ? <Lock aria-hidden className="size-3.5" /> : null}
            {POST_VISIBILITY_EXPLAINED[post.visibility].label}
          </span>
          <span aria-hidden>·</span>
          <span data-testid="post-date">
            {post.status === "published" ? "Published " : post.status === "scheduled" ? "Scheduled for " : "Edited "}
            <LocalTime iso={post.date} dateOnly={post.status !== "scheduled"} />
          </span>
        </p>
      </div>
      <p className="flex shrink-0 gap-4 text-sm text-neutral-700 tabular-nums" data-testid="post-numbers">
        <span className="inline-flex items-center gap-1" title="Views of the post's page">
          <Eye aria-hidden className="size-4" /> {plural(post.views, "view")}
        </span>
        <span className="inline-flex items-center gap-1" title="Emails opened">
          <MailOpen aria-hidden className="size-4" /> {plural(post.opens, "open")}
        </span>
      </p>
    </li>
  );
}

/** /studio/posts: the creator's posts, drafts, scheduled and published, filtered by status. */
export default function StudioPosts({ loaderData, actionData }: Route.ComponentProps) {
  const { posts, status, hasPosts, deleted, takenDown } = loaderData;
  return (
    <main className="mx-auto max-w-5xl px-4 py-10">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold">Posts</h1>
        {hasPosts ? <NewPostButton /> : null}
      </div>
      <TakenDownNotice items={takenDown} kind="Post" />
      {deleted ? <FormAlert tone="success" message="The post was deleted." /> : null}
      <FormAlert message={actionData?.error} />
      {!hasPosts ? (
        <EmptyState
          icon={<NotebookPen />}
          title="Write to the people who follow you"
          description="Posts are news from you: a trip you are planning, a map you just published, the places you found this month. Your followers and supporters get each post by email when it is published. Make it public to reach everyone, or keep it for Premium members or your supporters as a thank-you for their support."
          action={<NewPostButton />}
        />
      ) : (
        <>
          <Filters current={status} />
          {posts.length === 0 ? (
            <p className="rounded-xl border border-neutral-200 bg-white p-6 text-center text-neutral-600" data-testid="no-posts-with-status">
              No {status ? POST_STATUS_LABELS[status].toLowerCase() : ""} posts.
            </p>
          ) : (
            <ul className="divide-y divide-neutral-200 rounded-xl border border-neutral-200 bg-white" data-testid="studio-post-list">
              {posts.map((post) => (
                <PostRow key={post.id} post={post} />
              ))}
            </ul>
          )}
        </>
      )}
    </main>
  );
}
