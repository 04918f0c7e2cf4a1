/** The anonymous buyer's email, shared by both card forms (local test provider and Stripe). */
import { TextField } from "~/components/forms/text-field";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Checked when Pay is clicked (spec): the message to show, or undefined when the address will do. */
export function buyerEmailProblem(email: string): string | undefined {
  if (!email) return "Your Email is required";
  if (!EMAIL.test(email)) return "Please enter a valid email address";
  return undefined;
}

export function BuyerEmailField({ error, onLogin }: { error?: string; onLogin: () => void }) {
  return (
    <div>
      <TextField label="Create an account" name="email" type="email" autoComplete="email" placeholder="you@example.com" error={error} />
      <button type="button" onClick={onLogin} className="mt-2 text-sm font-semibold text-brand-700 hover:underline">
        Already registered? Click here to login
      </button>
    </div>
  );
}
