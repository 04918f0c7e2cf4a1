/** The back office's user forms (issue 25, item 7), shared by the browser and the route action. */
import { z } from "zod";

export const USER_REASON_MAX = 2000;

export const USER_FORM_MESSAGES = {
  suspendReason: "Give the reason for the suspension: it is emailed to the user and shown when they try to sign in",
  undoReason: "Give the reason: it is emailed to the creator",
  tooLong: `The reason must be at most ${USER_REASON_MAX} characters long`,
} as const;

const reason = (message: string) => z.string({ error: message }).trim().min(1, message).max(USER_REASON_MAX, USER_FORM_MESSAGES.tooLong);

export const userActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("grant-admin") }),
  z.object({ intent: z.literal("revoke-admin") }),
  z.object({ intent: z.literal("suspend"), reason: reason(USER_FORM_MESSAGES.suspendReason) }),
  z.object({ intent: z.literal("lift") }),
  z.object({ intent: z.literal("clear-bounce") }),
  z.object({ intent: z.literal("undo-approval"), reason: reason(USER_FORM_MESSAGES.undoReason) }),
]);

export type UserAction = z.output<typeof userActionSchema>;
export type UserIntent = UserAction["intent"];

/** The actions an admin confirms before the form is posted: the destructive ones, and making someone an admin. */
export const CONFIRMED_INTENTS = ["grant-admin", "revoke-admin", "suspend", "undo-approval"] as const satisfies readonly UserIntent[];
export type ConfirmedIntent = (typeof CONFIRMED_INTENTS)[number];
export const isConfirmedIntent = (value: unknown): value is ConfirmedIntent => CONFIRMED_INTENTS.includes(value as ConfirmedIntent);

/** The page size of /admin/users. */
export const USERS_PAGE_SIZE = 25;
