import { TextField } from "~/components/forms/text-field";

export type IdentityChallenge = "password" | "totp" | "none";

/**
 * The step-up asked before bank or tax details are saved (modules/auth/step-up.server.ts): the
 * account's password, or, with two-factor sign-in on, the code of its authenticator app (or a
 * recovery code); nothing for an account without a
 * password, whose step is the link we email (`noneNote` says so where it applies).
 */
export function IdentityCheck({
  challenge,
  errors,
  noneNote,
}: {
  challenge: IdentityChallenge;
  errors: { password?: string; code?: string };
  noneNote?: string;
}) {
  if (challenge === "none") return noneNote ? <p className="text-sm text-neutral-700">{noneNote}</p> : null;
  return (
    <fieldset className="rounded-lg border border-neutral-200 bg-neutral-50 p-4">
      <legend className="px-1 text-sm font-semibold text-neutral-800">Confirm it is you</legend>
      {challenge === "password" ? (
        <TextField label="Your password" name="password" type="password" autoComplete="current-password" error={errors.password} className="max-w-sm" />
      ) : (
        <TextField
          label="The 6-digit code from your authenticator app, or a recovery code"
          name="code"
          autoComplete="one-time-code"
          error={errors.code}
          className="max-w-sm"
        />
      )}
    </fieldset>
  );
}
