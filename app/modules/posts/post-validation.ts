/**
 * The post editor's rules, shared by the browser (checked before a save is sent) and the server
 * (checked again before anything is written), and the words the editor shows for them.
 */
import { z } from "zod";
import { POST_VISIBILITIES, type PostStatus, type PostVisibility } from "./post-access";

export const POST_LIMITS = { title: 150, body: 50_000 } as const;

export const POST_MESSAGES = {
  titleRequired: "Give your post a title",
  titleTooLong: `The title must be at most ${POST_LIMITS.title} characters`,
  bodyTooLong: `The post must be at most ${POST_LIMITS.body.toLocaleString("en")} characters`,
  visibility: "Choose who can read it: Public, Premium or Supporters",
  notFound: "This post is not one of yours",
  changedElsewhere: "This post was changed in another tab or on another device. Your changes are below, not saved yet: save again to keep them.",
  scheduleMissing: "Choose a date and time to schedule it for",
  scheduleInvalid: "This date and time could not be read: use the date picker",
  reloadAndRetry: "The editor is out of date: reload the page and try again.",
} as const;

export const DEFAULT_POST_TITLE = "Untitled post";

export const postContentSchema = z.object({
  title: z.string({ error: POST_MESSAGES.titleRequired }).trim().min(1, POST_MESSAGES.titleRequired).max(POST_LIMITS.title, POST_MESSAGES.titleTooLong),
  bodyMarkdown: z.string().max(POST_LIMITS.body, POST_MESSAGES.bodyTooLong).default(""),
  visibility: z.enum(POST_VISIBILITIES, { error: POST_MESSAGES.visibility }),
});

export type PostContentInput = z.output<typeof postContentSchema>;

/** Who can read a post of each visibility: one line each, shown beside the choice. */
export const POST_VISIBILITY_EXPLAINED: Record<PostVisibility, { label: string; explanation: string }> = {
  public: { label: "Public", explanation: "Everyone can read it, signed in or not." },
  premium: {
    label: "Premium",
    explanation: "Premium members and your supporters read it; everyone else sees the title and the first paragraph with a lock.",
  },
  supporters: { label: "Supporters", explanation: "Only your supporters read it; everyone else sees the title and the first paragraph with a lock." },
};

export const POST_STATUS_LABELS: Record<PostStatus, string> = { draft: "Draft", scheduled: "Scheduled", published: "Published" };

export const POST_STATUSES = ["draft", "scheduled", "published"] as const satisfies readonly PostStatus[];

/** The list's filter from `?status=`: one of the statuses, or every post. */
export function statusFilter(value: string | null): PostStatus | null {
  return (POST_STATUSES as readonly string[]).includes(value ?? "") ? (value as PostStatus) : null;
}
