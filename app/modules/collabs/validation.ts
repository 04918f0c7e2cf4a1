/**
 * The collaboration brief's form: its rules and their words, shared by the action and the tests.
 * Browser-safe. The fee is typed in euros (at most two decimals) and kept in cents.
 */
import { z } from "zod";

export const COLLAB_LIMITS = { title: 200, destination: 120, notes: 5000, message: 2000, feeCents: 100_000_000 } as const;

/** 10 MB: a brief's PDF or a scan. */
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;

export const COLLAB_MESSAGES = {
  creatorRequired: "Choose the creator by their handle",
  creatorUnknown: "No creator has this handle",
  titleRequired: "Give the brief a title",
  titleTooLong: `The title must be at most ${COLLAB_LIMITS.title} characters`,
  destinationTooLong: `The destination must be at most ${COLLAB_LIMITS.destination} characters`,
  fee: "Write the fee in euros, e.g. 1500 or 1500.50 (at most two decimals, not negative)",
  feeTooHigh: "The fee must be at most €1,000,000",
  dueDate: "Give the due date as a date, e.g. 2026-12-31",
  notesTooLong: `The notes must be at most ${COLLAB_LIMITS.notes} characters`,
  noteRequired: "Write the note",
  messageTooLong: `The message must be at most ${COLLAB_LIMITS.message} characters`,
  notFound: "This brief does not exist",
  moveRefused: "This brief cannot move there from where it is now: reload the page to see its status",
  finalStatus: "This brief is paid or declined: it can no longer be changed",
  fileRequired: "Choose a file to attach",
  fileType: "Attach a PDF, JPEG or PNG file",
  fileTooLarge: `The file must be at most ${ATTACHMENT_MAX_BYTES / 1024 / 1024} MB`,
  attachmentNotFound: "This attachment no longer exists",
} as const;

/** Euros as typed ("1500", "1 500,50", "€1500.5") in cents, or null when it is not a valid amount. */
export function eurosToCents(value: string): number | null {
  const v = value.replace(/[\s€]/g, "").replace(",", ".");
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(v);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/** Cents as euros for a form field: 150050 → "1500.50", 150000 → "1500". */
export function centsToEuros(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

const isDate = (v: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

/** The brief's fields as the form posts them (strings). */
export const briefFieldsSchema = z.object({
  creatorHandle: z
    .string()
    .trim()
    .transform((v) => v.replace(/^@/, ""))
    .pipe(z.string().min(1, COLLAB_MESSAGES.creatorRequired)),
  title: z.string().trim().min(1, COLLAB_MESSAGES.titleRequired).max(COLLAB_LIMITS.title, COLLAB_MESSAGES.titleTooLong),
  destination: z
    .string()
    .trim()
    .max(COLLAB_LIMITS.destination, COLLAB_MESSAGES.destinationTooLong)
    .transform((v) => v || null),
  fee: z
    .string()
    .transform((v, ctx) => {
      const cents = eurosToCents(v);
      if (cents === null) {
        ctx.addIssue({ code: "custom", message: COLLAB_MESSAGES.fee });
        return z.NEVER;
      }
      return cents;
    })
    .pipe(z.number().max(COLLAB_LIMITS.feeCents, COLLAB_MESSAGES.feeTooHigh)),
  dueDate: z.string().trim().refine(isDate, COLLAB_MESSAGES.dueDate),
  notes: z.string().trim().max(COLLAB_LIMITS.notes, COLLAB_MESSAGES.notesTooLong),
});
export type BriefFields = z.output<typeof briefFieldsSchema>;

/** A message with an answer or a move (optional). */
export const messageSchema = z.string().trim().max(COLLAB_LIMITS.message, COLLAB_MESSAGES.messageTooLong);

/** A note on the brief (required). */
export const noteSchema = z.string().trim().min(1, COLLAB_MESSAGES.noteRequired).max(COLLAB_LIMITS.message, COLLAB_MESSAGES.messageTooLong);

/** What a file's first bytes say it is (never its name): PDF, JPEG or PNG, else null. */
export function sniffAttachment(bytes: Uint8Array): { ext: "pdf" | "jpg" | "png"; contentType: string } | null {
  const starts = (sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return { ext: "pdf", contentType: "application/pdf" };
  if (starts([0xff, 0xd8, 0xff])) return { ext: "jpg", contentType: "image/jpeg" };
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { ext: "png", contentType: "image/png" };
  return null;
}

/** Euros for people: 150050 → "€1,500.50". */
export function formatFee(cents: number): string {
  return new Intl.NumberFormat("en-IE", { style: "currency", currency: "EUR", minimumFractionDigits: cents % 100 === 0 ? 0 : 2 }).format(cents / 100);
}
