/**
 * The card form when Stripe is the provider: Stripe's Payment Element for the
 * checkout session, mounted in our page. Card details go from Stripe's iframe
 * to Stripe, never to our server. Stripe.js is fetched only when this form
 * is shown (stripe-loader.ts). Paying sets the email (the signed-in user's,
 * or the one typed by an anonymous buyer) then confirms; Stripe then sends
 * the buyer back to the session's return address, and its webhook records
 * the membership. Errors are Stripe's own messages. An anonymous buyer
 * accepts the privacy policy here as with the local provider's form; it is
 * kept by checkout session (api/payments/privacy-acceptance) and recorded
 * with the account the purchase makes (modules/memberships/checkout-privacy).
 */
import type { StripeCheckoutLoadActionsSuccess } from "@stripe/stripe-js";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { href } from "react-router";
import { PrivacyConsent } from "~/components/auth/privacy-consent";
import { FormAlert } from "~/components/forms/text-field";
import { Button } from "~/components/ui/button";
import { useRootData } from "~/components/layout/use-root-data";
import { Loader } from "~/components/ui/loader";
import { BuyerEmailField, buyerEmailProblem } from "./buyer-email";
import { useViewer } from "~/components/auth/use-viewer";
import { MESSAGES } from "~/modules/auth";
import { stripeLoader } from "./stripe-loader";

const LOAD_FAILED = "The payment form could not be loaded. Check your connection and try again.";

interface PaymentsConfig {
  provider: "local" | "stripe";
  stripePublishableKey: string | null;
}

/** The payment provider in use, from the root's public configuration. */
export function usePaymentProvider(): PaymentsConfig {
  return useRootData()?.config.payments ?? { provider: "local", stripePublishableKey: null };
}

type Form = { state: "loading" } | { state: "ready"; actions: StripeCheckoutLoadActionsSuccess } | { state: "failed"; message: string };

export function StripeCardForm({ clientSecret, anonymous, onLogin }: { clientSecret: string; anonymous: boolean; onLogin: () => void }) {
  const { stripePublishableKey } = usePaymentProvider();
  const viewer = useViewer();
  const mountRef = useRef<HTMLDivElement>(null);
  // Kept per session: a buyer who logs in mid-checkout gets a new session, and the form loads afresh.
  const [loaded, setLoaded] = useState<{ clientSecret: string; form: Form } | null>(null);
  const form: Form = loaded?.clientSecret === clientSecret ? loaded.form : { state: "loading" };
  const [busy, setBusy] = useState(false);
  const root = useRootData();
  const [errors, setErrors] = useState<{ email?: string; privacy?: string; form?: string }>({});

  useEffect(() => {
    let cancelled = false;
    let destroy: (() => void) | undefined;
    (async () => {
      if (!stripePublishableKey) throw new Error("no publishable key");
      // Stripe's fraud signals stay on: they protect buyers' cards and us from card testing.
      stripeLoader.setLoadParameters({ advancedFraudSignals: true });
      const stripe = await stripeLoader.loadStripe(stripePublishableKey);
      if (!stripe) throw new Error("Stripe.js is unavailable");
      if (cancelled) return;
      const checkout = stripe.initCheckoutElementsSdk({ clientSecret });
      const paymentElement = checkout.createPaymentElement();
      if (mountRef.current) paymentElement.mount(mountRef.current);
      destroy = () => paymentElement.destroy();
      const result = await checkout.loadActions();
      if (cancelled) return;
      const next: Form = result.type === "success" ? { state: "ready", actions: result.actions } : { state: "failed", message: result.error.message };
      setLoaded({ clientSecret, form: next });
    })().catch(() => {
      if (!cancelled) setLoaded({ clientSecret, form: { state: "failed", message: LOAD_FAILED } });
    });
    return () => {
      cancelled = true;
      destroy?.();
    };
  }, [clientSecret, stripePublishableKey]);

  const pay = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (form.state !== "ready") return;
    const fields = new FormData(event.currentTarget);
    const typed = String(fields.get("email") ?? "").trim();
    if (anonymous) {
      const problem = buyerEmailProblem(typed);
      const privacy = fields.get("privacy") === "on" ? undefined : MESSAGES.privacyRequired;
      if (problem || privacy) return setErrors({ email: problem, privacy });
    }
    setBusy(true);
    setErrors({});
    try {
      const { actions } = form;
      if (anonymous) {
        // Stripe makes no account of ours: the acceptance is kept with the session until the purchase does.
        const kept = await fetch(href("/api/payments/privacy-acceptance"), {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ sessionId: clientSecret.split("_secret_")[0] }),
        });
        if (!kept.ok) return setErrors({ form: "The payment could not be sent. Check your connection and try again." });
      }
      // A signed-in buyer's session already carries their email (or their Stripe customer's).
      const email = anonymous ? typed : viewer.user?.email;
      if (email && (anonymous || !actions.getSession().email)) {
        const updated = await actions.updateEmail(email);
        if (updated.type === "error") return setErrors(anonymous ? { email: updated.error.message } : { form: updated.error.message });
      }
      const result = await actions.confirm();
      // On success Stripe leaves for the return address; only a failure comes back here.
      if (result.type === "error") setErrors({ form: result.error.message });
    } catch {
      setErrors({ form: "The payment could not be sent. Check your connection and try again." });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={pay} noValidate className="mt-4 space-y-4" data-testid="stripe-card-form">
      <FormAlert message={form.state === "failed" ? form.message : errors.form} />
      {anonymous ? (
        <>
          <BuyerEmailField error={errors.email} onLogin={onLogin} />
          <PrivacyConsent id="privacy-stripe-checkout" error={errors.privacy} productName={root?.config?.productName ?? "Spotfolio"} />
        </>
      ) : null}
      {form.state === "loading" ? <Loader label="Loading checkout" showLabel /> : null}
      <div ref={mountRef} />
      <Button type="submit" size="xl" disabled={busy || form.state !== "ready"} className="w-full">
        Pay & Subscribe
      </Button>
    </form>
  );
}
