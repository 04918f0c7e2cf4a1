/** The admin's decision forms, shared by the browser and the route action. */
import { z } from "zod";
import { handleField } from "~/modules/account";
import type { APPLICATION_STATUSES } from "#db/schema";

export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** Every status in the order the admin's tabs show them. */
export const APPLICATION_STATUS_LABELS: Record<ApplicationStatus, string> = {
  pending: "Pending",
  approved: "Approved",
  rejected: "Rejected",
  withdrawn: "Withdrawn",
};

export const isApplicationStatus = (value: unknown): value is ApplicationStatus => typeof value === "string" && Object.hasOwn(APPLICATION_STATUS_LABELS, value);

export const REASON_MAX = 2000;

export const REVIEW_FORM_MESSAGES = {
  reasonRequired: "Give the reason for the rejection: it is emailed to the applicant",
  reasonTooLong: `The reason must be at most ${REASON_MAX} characters long`,
} as const;

export const approveSchema = z.object({ intent: z.literal("approve") });

export const rejectSchema = z.object({
  intent: z.literal("reject"),
  reason: z
    .string({ error: REVIEW_FORM_MESSAGES.reasonRequired })
    .trim()
    .min(1, REVIEW_FORM_MESSAGES.reasonRequired)
    .max(REASON_MAX, REVIEW_FORM_MESSAGES.reasonTooLong),
});

/** The Studio's first step for a creator without a handle (the account page's handle rules). */
export const firstHandleSchema = z.object({ handle: handleField });
