/**
 * The auth forms' rules (spec section 5), shared by the browser (validate on
 * blur, then on input once invalid) and the server actions (the same rules,
 * enforced again). Messages are the spec's, word for word.
 */
import { z } from "zod";

export const MESSAGES = {
  emailRequired: "Email is required",
  emailInvalid: "Please enter a valid email address",
  passwordRequired: "Password is required",
  passwordTooShort: "Password must be at least 8 characters long",
  passwordTooLong: "Password must be at most 255 characters long",
  confirmRequired: "Confirm password is required",
  passwordsMustMatch: "Passwords must match",
  privacyRequired: "You must accept the privacy policy to continue",
} as const;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 255;

export const emailField = z
  .string({ error: MESSAGES.emailRequired })
  .trim()
  .min(1, MESSAGES.emailRequired)
  .pipe(z.email({ error: MESSAGES.emailInvalid }).max(254, MESSAGES.emailInvalid))
  .transform((email) => email.toLowerCase());

/** Sign-in only checks presence: the length rules belong to choosing a password. */
export const loginPasswordField = z.string({ error: MESSAGES.passwordRequired }).min(1, MESSAGES.passwordRequired);

export const newPasswordField = z
  .string({ error: MESSAGES.passwordRequired })
  .min(1, MESSAGES.passwordRequired)
  .min(PASSWORD_MIN, MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX, MESSAGES.passwordTooLong);

const confirmField = z.string({ error: MESSAGES.confirmRequired }).min(1, MESSAGES.confirmRequired);

// Required (not optional): zod skips the checks of an absent optional key, and an
// unticked checkbox is simply absent from the form.
const privacyField = z.string({ error: MESSAGES.privacyRequired }).refine((v) => v === "on" || v === "true", MESSAGES.privacyRequired);

/**
 * 'Passwords must match' is checked even while other fields (the privacy box,
 * say) are still invalid: zod skips object refinements after any issue unless
 * `when` says otherwise.
 */
export const passwordsMatch = {
  path: ["confirmPassword"],
  message: MESSAGES.passwordsMustMatch,
  when: (payload: { value: unknown }) => {
    const v = payload.value as { password?: unknown; confirmPassword?: unknown } | undefined;
    return typeof v?.password === "string" && typeof v?.confirmPassword === "string" && v.confirmPassword.length > 0;
  },
};

export const loginSchema = z.object({ email: emailField, password: loginPasswordField });

export const magicLinkSchema = z.object({ email: emailField });

export const signupSchema = z
  .object({
    email: emailField,
    password: newPasswordField,
    confirmPassword: confirmField,
    privacy: privacyField,
  })
  .refine((v) => v.password === v.confirmPassword, passwordsMatch);

export const forgotPasswordSchema = z.object({ email: emailField });

export const resetPasswordSchema = z
  .object({ token: z.string().min(1), password: newPasswordField, confirmPassword: confirmField })
  .refine((v) => v.password === v.confirmPassword, passwordsMatch);
