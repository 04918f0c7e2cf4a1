/**
 * The grounds an admin may take content down on: the Creator Terms' own standards (sections 3 to 7)
 * and the law they point to. A statement of reasons (DSA art. 17(3)(d), (e)) says which one, and
 * whether it is a legal ground or a contractual one, so each ground carries its kind and the section
 * of the terms it rests on (grounds.test.ts checks that section exists in the creator-terms document).
 */
import type { ModerationTarget } from "#db/schema/moderation";

export type { ModerationTarget };
export type GroundKind = "law" | "terms";

export interface Ground {
  key: string;
  kind: GroundKind;
  label: string;
  /** The Creator Terms' section heading it rests on, as the document writes it. */
  section: string;
}

export const GROUNDS = [
  { key: "illegal-content", kind: "law", label: "Illegal content", section: "3. Content standards" },
  { key: "intellectual-property", kind: "law", label: "Infringes copyright or other intellectual property", section: "5. Intellectual property" },
  { key: "privacy", kind: "law", label: "Personal data or images of people without their consent", section: "3. Content standards" },
  { key: "undisclosed-advertising", kind: "law", label: "Paid relationship not disclosed (advertising law)", section: "3. Content standards" },
  {
    key: "harmful-content",
    kind: "terms",
    label: "Defamatory, hateful, harassing, sexually explicit, violent or dangerous content",
    section: "3. Content standards",
  },
  { key: "not-genuine", kind: "terms", label: "Not genuine: copied, generated in bulk or made to manipulate engagement", section: "3. Content standards" },
  { key: "unsafe", kind: "terms", label: "Known risks of a place not pointed out", section: "3. Content standards" },
  { key: "inaccurate", kind: "terms", label: "Inaccurate, closed or dangerous place not corrected", section: "4. Accuracy" },
  { key: "members-only-misleading", kind: "terms", label: "Members-only content that misleads members", section: "6. Members-only content" },
  {
    key: "prohibited-conduct",
    kind: "terms",
    label: "Prohibited conduct (artificial engagement, misleading users, copying)",
    section: "7. Prohibited conduct",
  },
] as const satisfies readonly Ground[];

export type GroundKey = (typeof GROUNDS)[number]["key"];

export function groundOf(key: string): Ground | undefined {
  return GROUNDS.find((g) => g.key === key);
}

/** "Law: Illegal content" / "Creator Terms: Inaccurate, …": how a ground is named to people. */
export function groundLabel(ground: Ground): string {
  return `${ground.kind === "law" ? "Law" : "Creator Terms"}: ${ground.label} (Creator Terms, section ${ground.section})`;
}

/** Why someone reports content: the reasons the public report form offers. */
export const REPORT_REASONS = [
  { key: "illegal", label: "Illegal content" },
  { key: "copyright", label: "Copyright or other rights infringed" },
  { key: "privacy", label: "Personal data or images of people" },
  { key: "hateful", label: "Hateful, harassing or violent" },
  { key: "dangerous", label: "Dangerous or closed place" },
  { key: "spam", label: "Spam or misleading" },
  { key: "other", label: "Something else" },
] as const;

export type ReportReason = (typeof REPORT_REASONS)[number]["key"];

export function reportReasonLabel(key: string): string {
  return REPORT_REASONS.find((r) => r.key === key)?.label ?? key;
}

export const TARGET_NAMES: Record<ModerationTarget, string> = { map: "map", spot: "spot", post: "post", creator: "creator profile" };

export function isModerationTarget(value: unknown): value is ModerationTarget {
  return value === "map" || value === "spot" || value === "post" || value === "creator";
}

/** The internal complaint window (DSA art. 20(1): at least six months from the decision). */
export const APPEAL_MONTHS = 6;

export function appealDeadlineFrom(decidedAt: Date): Date {
  const deadline = new Date(decidedAt);
  deadline.setUTCMonth(deadline.getUTCMonth() + APPEAL_MONTHS);
  return deadline;
}

export const FACTS_MAX = 4000;

/** Reports per client address (the report form's rate limit): enough for a person, not for a flood. */
export const REPORT_RATE_LIMIT = { limit: 10, windowMs: 60 * 60 * 1000 };
export const REPORT_DETAILS_MAX = 4000;

export const MODERATION_MESSAGES = {
  groundRequired: "Choose the ground for this decision",
  factsRequired: "Describe the facts: the creator is sent them",
  factsTooLong: `Keep the facts under ${FACTS_MAX} characters`,
  notFound: "That item does not exist (any more)",
  alreadyTakenDown: "This item is already taken down",
  notTakenDown: "This item is not taken down",
  appealRequired: "Write why the decision should be reviewed",
  appealExists: "You have already appealed this decision",
  appealClosed: "The time to appeal this decision has passed",
  appealNotOpen: "This appeal has already been decided",
  reasonRequired: "Choose a reason",
  emailInvalid: "Enter a valid email address, or leave it empty",
  detailsTooLong: `Keep the details under ${REPORT_DETAILS_MAX} characters`,
  tooManyReports: "Too many reports from your connection. Please try again later.",
  takenDownPublish: "This was taken down by Spotfolio and cannot be published until it is restored. See Notices in your Studio to appeal.",
  takenDownDuplicate: "This map was taken down by Spotfolio and cannot be duplicated until it is restored. See Notices in your Studio to appeal.",
} as const;
