/**
 * The back office's article form: its rules, shared by the browser (Conform) and the action, and
 * the words the editor shows. Browser-safe (no server code).
 *
 * The related maps and creators are repeated fields (`mapIds`, `creatorIds`) read apart from the
 * text fields (`relatedIds`): which of them may be related is the server's to decide.
 */
import { z } from "zod";
import { ARTICLE_TYPES } from "./article-type";

export const ARTICLE_LIMITS = { title: 160, slug: 100, summary: 300, body: 50_000, related: 24 } as const;

export const ARTICLE_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const ARTICLE_MESSAGES = {
  titleRequired: "Give the article a title",
  titleTooLong: `The title must be at most ${ARTICLE_LIMITS.title} characters`,
  slugFormat: `The slug may use lowercase letters, digits and dashes (at most ${ARTICLE_LIMITS.slug} characters), e.g. slow-days-in-lisbon`,
  slugTaken: "Another article already has this slug: choose another",
  slugTakenByOld: "This slug was another article's, and its old links still lead there: choose another",
  type: "Choose the article's type",
  summaryTooLong: `The summary must be at most ${ARTICLE_LIMITS.summary} characters`,
  bodyTooLong: `The article must be at most ${ARTICLE_LIMITS.body.toLocaleString("en")} characters`,
  bodyRequiredToPublish: "Write the article before publishing it",
  category: "Choose one of the site's categories, or none",
  mapsNotPublished: "Only published maps can be related to an article",
  creatorsNotPublished: "Only published creators can be related to an article",
  tooManyRelated: `At most ${ARTICLE_LIMITS.related} maps and ${ARTICLE_LIMITS.related} creators`,
  notFound: "This article no longer exists",
} as const;

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .transform((v) => (v === "" ? null : v));

/** The article's text fields as the form posts them. An empty slug is made from the title. */
export const articleFieldsSchema = z.object({
  title: z
    .string({ error: ARTICLE_MESSAGES.titleRequired })
    .trim()
    .min(1, ARTICLE_MESSAGES.titleRequired)
    .max(ARTICLE_LIMITS.title, ARTICLE_MESSAGES.titleTooLong),
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .max(ARTICLE_LIMITS.slug, ARTICLE_MESSAGES.slugFormat)
    .refine((v) => v === "" || ARTICLE_SLUG_PATTERN.test(v), ARTICLE_MESSAGES.slugFormat)
    .default(""),
  type: z.enum(ARTICLE_TYPES, { error: ARTICLE_MESSAGES.type }),
  summary: optionalText(ARTICLE_LIMITS.summary, ARTICLE_MESSAGES.summaryTooLong).default(null),
  categoryId: z
    .string()
    .trim()
    .refine((v) => v === "" || z.uuid().safeParse(v).success, ARTICLE_MESSAGES.category)
    .transform((v) => (v === "" ? null : v))
    .default(null),
  bodyMarkdown: z.string().max(ARTICLE_LIMITS.body, ARTICLE_MESSAGES.bodyTooLong).default(""),
});

export type ArticleFields = z.output<typeof articleFieldsSchema>;

/** What the form asks for besides saving. */
export const ARTICLE_INTENTS = ["save", "publish", "unpublish"] as const;
export type ArticleIntent = (typeof ARTICLE_INTENTS)[number];

const ID_FORMS = {
  /** Maps: UUIDs (anything else would reach the database as a bad cast). */
  uuid: (v: string) => z.uuid().safeParse(v).success,
  /** Creators: better-auth's user ids, a token of letters and digits. */
  token: (v: string) => /^[A-Za-z0-9_-]{1,64}$/.test(v),
};

/** Repeated id fields (related maps or creators): distinct, in the order given; null when one is not an id. */
export function relatedIds(values: FormDataEntryValue[], form: keyof typeof ID_FORMS): string[] | null {
  const ids: string[] = [];
  for (const value of values) {
    if (typeof value !== "string" || !ID_FORMS[form](value)) return null;
    if (!ids.includes(value)) ids.push(value);
  }
  return ids;
}

export type ArticleStatus = "draft" | "scheduled" | "published";

export const ARTICLE_STATUS_LABELS: Record<ArticleStatus, string> = { draft: "Draft", scheduled: "Scheduled", published: "Published" };
