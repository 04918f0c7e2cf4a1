/**
 * Every transactional email, by name. The name and payload of a message are
 * what the outbox stores; the bodies are rendered from the template.
 */
import { accountRestored } from "./account-restored";
import { accountSuspended } from "./account-suspended";
import { changeEmail } from "./change-email";
import { collabBriefAnswer } from "./collab-brief-answer";
import { collabBriefNew } from "./collab-brief-new";
import { collabBriefStatus } from "./collab-brief-status";
import { creatorApplicationNew } from "./creator-application-new";
import { creatorApplicationReceived } from "./creator-application-received";
import { creatorApprovalUndone } from "./creator-approval-undone";
import { creatorApproved } from "./creator-approved";
import { creatorRejected } from "./creator-rejected";
import { invitation } from "./invitation";
import type { EmailTemplate } from "./layout";
import { magicLink } from "./magic-link";
import { membershipConfirmed } from "./membership-confirmed";
import { moderationDecision } from "./moderation-decision";
import { moderationTakedown } from "./moderation-takedown";
import { newSupporter } from "./new-supporter";
import { payoutDetailsChange } from "./payout-details-change";
import { payoutSent } from "./payout-sent";
import { reportOutcome } from "./report-outcome";
import { resetPassword } from "./reset-password";
import { trialEnding } from "./trial-ending";
import { verifyEmail } from "./verify-email";

export const templates = {
  "verify-email": verifyEmail,
  "magic-link": magicLink,
  "reset-password": resetPassword,
  "change-email": changeEmail,
  invitation,
  "creator-application-received": creatorApplicationReceived,
  "creator-application-new": creatorApplicationNew,
  "creator-approved": creatorApproved,
  "creator-rejected": creatorRejected,
  "membership-confirmed": membershipConfirmed,
  "trial-ending": trialEnding,
  "new-supporter": newSupporter,
  "payout-details-change": payoutDetailsChange,
  "payout-sent": payoutSent,
  "account-suspended": accountSuspended,
  "account-restored": accountRestored,
  "creator-approval-undone": creatorApprovalUndone,
  "moderation-takedown": moderationTakedown,
  "moderation-decision": moderationDecision,
  "report-outcome": reportOutcome,
  "collab-brief-new": collabBriefNew,
  "collab-brief-status": collabBriefStatus,
  "collab-brief-answer": collabBriefAnswer,
} as const;

export type TemplateName = keyof typeof templates;
export type TemplatePayload<N extends TemplateName> = (typeof templates)[N] extends EmailTemplate<infer P> ? P : never;

/** One email to send: a recipient, a template and its payload. */
export type EmailMessage = {
  [N in TemplateName]: { to: string; template: N; payload: TemplatePayload<N> };
}[TemplateName];

export const TEMPLATE_NAMES = Object.keys(templates) as TemplateName[];

export type { Brand, EmailContent, EmailTemplate } from "./layout";
