/**
 * Checkout for one plan: opens a session on the server, then the card form.
 * The form here is the local test provider's (test cards only, clearly
 * marked); it posts to that provider's endpoint, which plays Stripe's part.
 * Anonymous buyers give the email their account will be created with and
 * accept the privacy policy, as sign-up asks (issue 28, item 14), or log in first.
 */
import { ArrowLeft } from "lucide-react";
import { useEffect, useState, type ChangeEvent, type FormEvent } from "react";
import { href, useFetcher, useLocation, useNavigate } from "react-router";
import { AuthPanel } from "~/components/auth/auth-panel";
import type { AuthStep } from "~/components/auth/auth-steps";
import { PrivacyConsent } from "~/components/auth/privacy-consent";
import { FormAlert, TextField } from "~/components/forms/text-field";
import { Button } from "~/components/ui/button";
import { useRootData } from "~/components/layout/use-root-data";
import { Loader } from "~/components/ui/loader";
import { BuyerEmailField, buyerEmailProblem } from "./buyer-email";
import { CountrySelect } from "./country-select";
import { useViewer } from "~/components/auth/use-viewer";
import { MESSAGES } from "~/modules/auth";
import { formatPrice, type Interval, type Price, type PricingCreator, type Tier } from "~/modules/memberships/plans";
import { caretAfterDigits, formatCardNumber, formatExpiry } from "~/modules/memberships/providers/card-input";
import { COUNTRY_REQUIRED } from "~/modules/memberships/providers/local-cards";
import { StripeCardForm, usePaymentProvider } from "./stripe-card-form";

type Session = { state: "loading" } | { state: "ready"; clientSecret: string; country: string | null } | { state: "failed"; message: string };

interface Props {
  tier: Tier;
  interval: Interval;
  price: Price;
  creator: PricingCreator | null;
  onBack: () => void;
}

export function Checkout({ tier, interval, price, creator, onBack }: Props) {
  const viewer = useViewer();
  const location = useLocation();
  const [session, setSession] = useState<Session>({ state: "loading" });
  const [panel, setPanel] = useState<"payment" | "login">("payment");
  const payments = usePaymentProvider();
  const userId = viewer.user?.id ?? null;
  const returnTo = location.pathname + location.search;

  // A new session whenever the buyer changes (an anonymous buyer who logs in pays as themselves).
  useEffect(() => {
    const controller = new AbortController();
    fetch(href("/api/payments/create-checkout-session"), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ type: tier, creatorId: creator?.id ?? null, priceId: price.priceId, redirectUrl: returnTo }),
      signal: controller.signal,
    })
      .then(async (res) => {
        const body = (await res.json()) as { ok: boolean; clientSecret?: string; country?: string | null; error?: string };
        if (body.ok && body.clientSecret) setSession({ state: "ready", clientSecret: body.clientSecret, country: body.country ?? null });
        // Being a member already is worth saying; other failures get the generic message.
        else setSession({ state: "failed", message: res.status === 409 && body.error ? body.error : "The checkout could not be started. Please try again." });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted)
          setSession({ state: "failed", message: error instanceof Error ? "The checkout could not be started. Please try again." : String(error) });
      });
    return () => controller.abort();
    // The location is read once per buyer: it is where they come back to.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tier, creator?.id, price.priceId, userId]);

  const heading = tier === "supporter" && creator ? `Support @${creator.handle}` : "Go Premium";
  return (
    <div data-testid="checkout">
      <button type="button" onClick={onBack} className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
        <ArrowLeft aria-hidden className="size-4" /> Plans
      </button>
      <h3 className="text-xl font-semibold">{heading}</h3>
      <p className="mt-1 text-sm text-neutral-700">{formatPrice(price, interval)} after a 30-day free trial. VAT included.</p>
      {panel === "login" && !userId ? (
        <LoginPanel onBack={() => setPanel("payment")} />
      ) : session.state === "loading" ? (
        <Loader label="Loading checkout" showLabel />
      ) : session.state === "failed" ? (
        <div className="mt-4">
          <FormAlert message={session.message} />
        </div>
      ) : payments.provider === "stripe" ? (
        <StripeCardForm clientSecret={session.clientSecret} anonymous={!userId} onLogin={() => setPanel("login")} />
      ) : (
        <CardForm clientSecret={session.clientSecret} defaultCountry={session.country} anonymous={!userId} onLogin={() => setPanel("login")} />
      )}
    </div>
  );
}

function LoginPanel({ onBack }: { onBack: () => void }) {
  const root = useRootData();
  const location = useLocation();
  const [step, setStep] = useState<AuthStep>("login");
  return (
    <div className="mt-4" data-testid="checkout-login">
      <p className="mb-3 text-sm text-neutral-800">Login to continue, or click back to payment to create an account</p>
      <AuthPanel
        step={step}
        onStepChange={setStep}
        userType="user"
        redirectTo={location.pathname + location.search}
        mode="dialog"
        socialProviders={root?.config?.socialProviders ?? []}
        productName={root?.config?.productName ?? "Spotfolio"}
        onSuccess={onBack}
      />
      <button type="button" onClick={onBack} className="mt-3 text-sm font-semibold text-brand-700 hover:underline">
        Back to payment
      </button>
    </div>
  );
}

type PayResult = { ok: boolean; redirectTo?: string; error?: string; field?: string | null };
type CardErrors = { email?: string; privacy?: string; country?: string; number?: string; expiry?: string; cvc?: string; form?: string };
const CARD_FIELDS = ["email", "privacy", "country", "number", "expiry", "cvc"] as const;

/**
 * Formats a field as it is typed (the number in groups of four, the expiry as MM/YY), keeping the
 * caret after the same digits. The field stays uncontrolled: without JavaScript the server reads
 * what was typed the same way (card-input.ts).
 */
function formatAsTyped(format: (typed: string) => string) {
  return (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const typed = input.value;
    const formatted = format(typed);
    if (formatted === typed) return;
    const caret = input.selectionStart ?? typed.length;
    input.value = formatted;
    const position = caret >= typed.length ? formatted.length : caretAfterDigits(formatted, typed.slice(0, caret).replace(/\D/g, "").length);
    input.setSelectionRange(position, position);
  };
}

function CardForm({
  clientSecret,
  defaultCountry,
  anonymous,
  onLogin,
}: {
  clientSecret: string;
  defaultCountry: string | null;
  anonymous: boolean;
  onLogin: () => void;
}) {
  const navigate = useNavigate();
  // A fetcher submission, not a bare fetch: after it React Router reloads the page's data, the
  // root's viewer included (the root refetches only after submissions), so the new membership
  // shows everywhere at once: Support buttons, the drawer, the plans.
  const fetcher = useFetcher<PayResult>();
  const root = useRootData();
  const [emailError, setEmailError] = useState<string | undefined>();
  const [privacyError, setPrivacyError] = useState<string | undefined>();
  const [countryError, setCountryError] = useState<string | undefined>();
  // The server's answer, until the buyer tries again (a new submission, or an email the form refuses).
  const [dismissed, setDismissed] = useState<PayResult | undefined>();
  const busy = fetcher.state !== "idle";
  const result = fetcher.state === "idle" && fetcher.data !== dismissed ? fetcher.data : undefined;

  useEffect(() => {
    // Back to the page once the data is fresh: it opens the thank-you and is unlocked already.
    if (result?.ok && result.redirectTo) void navigate(result.redirectTo, { replace: true, preventScrollReset: true });
  }, [result, navigate]);

  const errors: CardErrors = { email: emailError, privacy: privacyError, country: countryError };
  if (result && !result.ok) {
    const field = CARD_FIELDS.find((name) => name === result.field) ?? "form";
    errors[field] = result.error ?? "The payment failed. Please try again.";
  }

  const pay = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    // Checked at once, so one click shows everything that is missing.
    const country = form.get("country") ? undefined : COUNTRY_REQUIRED;
    setCountryError(country);
    if (anonymous) {
      const problem = buyerEmailProblem(String(form.get("email") ?? "").trim());
      const privacy = form.get("privacy") === "on" ? undefined : MESSAGES.privacyRequired;
      setEmailError(problem);
      setPrivacyError(privacy);
      if (problem || privacy || country) return setDismissed(fetcher.data);
    }
    if (country) return setDismissed(fetcher.data);
    form.set("clientSecret", clientSecret);
    void fetcher.submit(form, { method: "post", action: href("/api/payments/local/pay"), encType: "multipart/form-data" });
  };

  return (
    <form onSubmit={pay} noValidate className="mt-4 space-y-4" data-testid="card-form">
      <p className="inline-block rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold text-amber-900">Test mode — no real charge</p>
      <FormAlert message={errors.form} />
      {anonymous ? (
        <>
          <BuyerEmailField error={errors.email} onLogin={onLogin} />
          <PrivacyConsent
            id="privacy-checkout"
            error={errors.privacy}
            productName={root?.config?.productName ?? "Spotfolio"}
            onChange={(checked) => {
              if (checked) setPrivacyError(undefined);
              if (checked && result?.field === "privacy") setDismissed(fetcher.data);
            }}
          />
        </>
      ) : null}
      <CountrySelect
        defaultCountry={defaultCountry}
        error={errors.country}
        onChange={() => {
          setCountryError(undefined);
          if (result?.field === "country") setDismissed(fetcher.data);
        }}
      />
      <TextField
        label="Card number"
        name="cardNumber"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="4242 4242 4242 4242"
        onChange={formatAsTyped(formatCardNumber)}
        error={errors.number}
      />
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label="Expiry (MM/YY)"
          name="expiry"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="12/30"
          onChange={formatAsTyped(formatExpiry)}
          error={errors.expiry}
        />
        <TextField label="CVC" name="cvc" inputMode="numeric" autoComplete="cc-csc" placeholder="123" error={errors.cvc} />
      </div>
      <p className="text-xs text-neutral-600">Use the test card 4242 4242 4242 4242 with any future date and any CVC.</p>
      <Button type="submit" size="xl" disabled={busy} className="w-full">
        Pay & Subscribe
      </Button>
    </form>
  );
}
