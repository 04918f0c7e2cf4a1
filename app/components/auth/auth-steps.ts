/** The auth container's steps and user types (spec section 4). */
export const AUTH_STEPS = ["login", "signup", "magiclink"] as const;
export type AuthStep = (typeof AUTH_STEPS)[number];
export type UserType = "user" | "creator";

/** Spec section 9: the magic-link button waits 60 s before a resend. */
export const MAGIC_LINK_RESEND_SECONDS = 60;

export function parseStep(value: string | null | undefined): AuthStep {
  return AUTH_STEPS.includes(value as AuthStep) ? (value as AuthStep) : "login";
}

export function parseUserType(value: string | null | undefined): UserType {
  return value === "creator" ? "creator" : "user";
}
