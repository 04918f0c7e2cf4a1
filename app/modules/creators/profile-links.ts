/**
 * The links on a creator's page (website, social profiles): a label the
 * creator chooses and an http(s) address. Shared by the Studio's profile form
 * and its action. Rows left completely empty are dropped, so a form without
 * JavaScript can offer blank rows to fill in.
 */
import { z } from "zod";
import type { ProfileLink } from "#db/schema";

export const MAX_LINKS = 8;
export const LINK_LABEL_MAX = 40;
export const LINK_URL_MAX = 500;

export const LINK_MESSAGES = {
  labelRequired: "Give the link a label, e.g. Instagram",
  labelTooLong: `A label must be at most ${LINK_LABEL_MAX} characters long`,
  urlRequired: "Enter the link's address",
  urlInvalid: "Enter a full web address starting with https:// or http://",
  tooMany: `You can add up to ${MAX_LINKS} links`,
} as const;

const linkSchema = z.object({
  label: z.string().trim().min(1, LINK_MESSAGES.labelRequired).max(LINK_LABEL_MAX, LINK_MESSAGES.labelTooLong),
  url: z.string().trim().min(1, LINK_MESSAGES.urlRequired).max(LINK_URL_MAX, LINK_MESSAGES.urlInvalid).refine(isWebAddress, LINK_MESSAGES.urlInvalid),
});

export function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname.includes(".");
  } catch {
    return false;
  }
}

export type LinksResult = { ok: true; links: ProfileLink[] } | { ok: false; errors: Record<string, string> };

/**
 * The posted rows (`linkLabel` and `linkUrl`, repeated, in the creator's
 * order) as links, or a message per field: `links.{row}.label` / `.url`,
 * and `links` for the list as a whole.
 */
export function parseLinks(labels: string[], urls: string[]): LinksResult {
  const rows = Array.from({ length: Math.max(labels.length, urls.length) }, (_, i) => ({ label: labels[i] ?? "", url: urls[i] ?? "" }));
  const errors: Record<string, string> = {};
  const links: ProfileLink[] = [];
  rows.forEach((row, i) => {
    if (!row.label.trim() && !row.url.trim()) return;
    const parsed = linkSchema.safeParse(row);
    if (parsed.success) links.push(parsed.data);
    else for (const issue of parsed.error.issues) errors[`links.${i}.${String(issue.path[0])}`] ??= issue.message;
  });
  if (links.length > MAX_LINKS) errors.links = LINK_MESSAGES.tooMany;
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, links };
}
