/**
 * The account page's rules, shared by the browser and the server action.
 * Password rules and messages are the sign-up's (spec section 5).
 */
import { z } from "zod";
import { MESSAGES, emailField, newPasswordField, passwordsMatch } from "~/modules/auth";

export const HANDLE_MIN = 3;
export const HANDLE_MAX = 30;
export const DISPLAY_NAME_MAX = 80;
export const BIO_MAX = 500;

export const ACCOUNT_MESSAGES = {
  displayNameTooLong: `Display name must be at most ${DISPLAY_NAME_MAX} characters long`,
  handleRequired: "Handle is required",
  handleLength: `Handle must be ${HANDLE_MIN} to ${HANDLE_MAX} characters long`,
  handleCharacters: "Use only lowercase letters, numbers, dots and underscores",
  handleTaken: "This handle is already taken",
  bioTooLong: `Bio must be at most ${BIO_MAX} characters long`,
  currentPasswordRequired: "Current password is required",
  currentPasswordWrong: "Your current password is not correct",
  sameEmail: "This is already your email address",
  confirmDelete: "Type DELETE to confirm",
} as const;

export const handleField = z
  .string({ error: ACCOUNT_MESSAGES.handleRequired })
  .trim()
  .toLowerCase()
  .min(1, ACCOUNT_MESSAGES.handleRequired)
  .min(HANDLE_MIN, ACCOUNT_MESSAGES.handleLength)
  .max(HANDLE_MAX, ACCOUNT_MESSAGES.handleLength)
  .regex(/^[a-z0-9._]+$/, ACCOUNT_MESSAGES.handleCharacters)
  .refine((h) => !h.startsWith(".") && !h.endsWith(".") && !h.includes(".."), ACCOUNT_MESSAGES.handleCharacters);

export const profileSchema = z.object({
  displayName: z
    .string()
    .trim()
    .max(DISPLAY_NAME_MAX, ACCOUNT_MESSAGES.displayNameTooLong)
    .transform((v) => v || null),
  handle: handleField,
  bio: z
    .string()
    .trim()
    .max(BIO_MAX, ACCOUNT_MESSAGES.bioTooLong)
    .transform((v) => v || null),
});

/**
 * The /account profile form. A handle is for creators (their public page is /@{handle}): a member
 * may leave it blank (null: no handle) and still save names and bio; the action refuses a blank
 * one from a creator.
 */
export const accountProfileSchema = profileSchema.extend({
  handle: z.preprocess((v) => (v === undefined || (typeof v === "string" && v.trim() === "") ? null : v), handleField.nullable()),
});

export const changeEmailSchema = z.object({ email: emailField });

export const changePasswordSchema = z
  .object({
    currentPassword: z.string({ error: ACCOUNT_MESSAGES.currentPasswordRequired }).min(1, ACCOUNT_MESSAGES.currentPasswordRequired),
    password: newPasswordField,
    confirmPassword: z.string({ error: MESSAGES.confirmRequired }).min(1, MESSAGES.confirmRequired),
  })
  .refine((v) => v.password === v.confirmPassword, passwordsMatch);

export const deleteAccountSchema = z.object({
  confirm: z
    .string({ error: ACCOUNT_MESSAGES.confirmDelete })
    .trim()
    .refine((v) => v === "DELETE", ACCOUNT_MESSAGES.confirmDelete),
});
