import { ShieldCheck } from "lucide-react";
import { href, Link } from "react-router";

/**
 * Shown in the Studio (dashboard, payouts) to a creator with money owed to them who has not turned
 * two-factor sign-in on: their balance and bank details are what a stolen password would go for.
 */
export function TwoFactorInvite() {
  return (
    <aside className="mt-6 flex items-start gap-3 rounded-xl border border-sky-200 bg-sky-50 p-4 text-sky-950" data-testid="two-factor-invite">
      <ShieldCheck aria-hidden className="mt-0.5 size-5 shrink-0" />
      <p className="text-sm">
        <strong className="font-semibold">Protect your earnings with two-factor authentication.</strong> With it on, a code from your phone is needed to sign in
        and to change where your money goes.{" "}
        <Link to={`${href("/account")}#two-factor`} className="font-semibold underline">
          Turn it on in your account
        </Link>
      </p>
    </aside>
  );
}
