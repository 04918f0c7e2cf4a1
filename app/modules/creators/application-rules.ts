/**
 * The rules of a creator application and of the creator terms (spec sections
 * 3, 5, 8), shared by the onboarding dialog and the server. Client-safe: no
 * server imports. The server checks the file again by its content (`%PDF`),
 * since a browser's file type is only the file name's guess.
 */
import { z } from "zod";

/** A shared Google Maps list link starts with this. */
export const APPLICATION_LINK_PREFIX = "https://maps.app.goo.gl/";
/** The largest application PDF accepted. */
export const MAX_APPLICATION_BYTES = 20 * 1024 * 1024;
/** Longer links are not shared list links. */
export const MAX_APPLICATION_LINK_LENGTH = 2048;

/** How long a review takes, as the complete step and the confirmation email promise it. */
export const APPLICATION_REVIEW_TIME = "5 working days";

/** Spec section 8 messages (exact) and the server's own clear ones. */
export const APPLICATION_MESSAGES = {
  NEED_FILE_OR_LINK: "You need to provide a file or a shared google map link (https://maps.app.goo.gl/1234)",
  NO_AUTH: "No authentication token found",
  FILE_TOO_LARGE: "The file is too large: the limit is 20 MB",
  FILE_EMPTY: "The file is empty",
  NOT_A_PDF: "The file must be a PDF document",
  BAD_LINK: "The link must be a shared Google Maps list link starting with https://maps.app.goo.gl/",
  ALREADY_PENDING: "You already have an application under review",
  ALREADY_CREATOR: "You are already a creator",
  NOTHING_TO_WITHDRAW: "You have no application under review to withdraw",
  TERMS_REQUIRED: "Please accept the Creator Terms, the Copyright Policy and the Creator Compensation terms to continue",
  // Spec section 8: what the onboarding dialog shows when a call fails without a message of its own.
  COULD_NOT_SEND: "Could not send application",
  COULD_NOT_SAVE_TERMS: "Could not save terms",
} as const;

export const NEED_FILE_OR_LINK = APPLICATION_MESSAGES.NEED_FILE_OR_LINK;

/**
 * The versions of the three documents a creator accepts, as stored in
 * `terms_audit_log.terms_version`: one row per document, so each names its
 * document (slug of its /info page) and that document's version (the legal
 * module's; application-rules.test.ts holds them equal).
 */
export const CREATOR_TERMS_VERSIONS = {
  termsAccepted: "creator-terms@1.0",
  copyrightAccepted: "copyright@1.0",
  compensationAccepted: "creator-compensation@1.0",
} as const;

export type CreatorTermsField = keyof typeof CREATOR_TERMS_VERSIONS;

/** A shared Google Maps list link: https, the short-link host, something after it, nothing else smuggled in. */
export function isApplicationLink(value: string): boolean {
  if (!value.startsWith(APPLICATION_LINK_PREFIX) || value.length > MAX_APPLICATION_LINK_LENGTH) return false;
  if (/[\s<>"'`\\]/.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.host === "maps.app.goo.gl" && !url.username && !url.password && url.pathname.length > 1;
  } catch {
    return false;
  }
}

/** True when the bytes start with the PDF signature `%PDF`. */
export function looksLikePdf(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x25 && bytes[1] === 0x50 && bytes[2] === 0x44 && bytes[3] === 0x46;
}

const linkField = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined))
  .refine((v) => v === undefined || isApplicationLink(v), APPLICATION_MESSAGES.BAD_LINK);

/** What a browser sends for a file input (a File; an empty input is a nameless, empty one). */
interface FileLike {
  size: number;
  name?: string;
}

const fileField = z
  .custom<FileLike>((v) => typeof v === "object" && v !== null && typeof (v as FileLike).size === "number")
  .optional()
  // An untouched file input posts an empty, nameless file: that is no file at all.
  .transform((f) => (f && (f.size > 0 || f.name) ? f : undefined))
  .refine((f) => f === undefined || f.size > 0, APPLICATION_MESSAGES.FILE_EMPTY)
  .refine((f) => f === undefined || f.size <= MAX_APPLICATION_BYTES, APPLICATION_MESSAGES.FILE_TOO_LARGE);

/**
 * The upload step: a PDF and/or a link, at least one. The file's size is
 * checked here; whether it is a PDF is decided on the server by its bytes.
 */
export const onboardingUploadSchema = z
  .object({ file: fileField, url: linkField })
  .refine((v) => v.file !== undefined || v.url !== undefined, { message: NEED_FILE_OR_LINK, path: ["url"] });

export type OnboardingUpload = z.infer<typeof onboardingUploadSchema>;

// Required, not optional: an unticked checkbox is simply absent from a form.
const accepted = z
  .union([z.boolean(), z.string()], { error: APPLICATION_MESSAGES.TERMS_REQUIRED })
  .refine((v) => v === true || v === "on" || v === "true", APPLICATION_MESSAGES.TERMS_REQUIRED)
  .transform(() => true as const);

/** The terms step: all three documents accepted (a form's "on" or JSON's true). */
export const creatorTermsSchema = z.object({
  termsAccepted: accepted,
  copyrightAccepted: accepted,
  compensationAccepted: accepted,
});

export type CreatorTermsAcceptance = z.infer<typeof creatorTermsSchema>;

export type ApplicationStatus = "pending" | "approved" | "rejected" | "withdrawn";

/** An application as the applicant and the admins see it. */
export type ApplicationView = {
  id: string;
  status: ApplicationStatus;
  url: string | null;
  hasFile: boolean;
  /** ISO 8601. */
  createdAt: string;
  reviewedAt: string | null;
  /** The admin's reason for the decision (shown to a rejected applicant). */
  reason: string | null;
};
