/**
 * The privacy-policy box, worded and linked the same wherever an account is
 * made: sign-up, and the anonymous checkout that creates one. The info button
 * opens the short summary (spec: an info button opening a privacy summary dialog).
 */
import { Info } from "lucide-react";
import { useState } from "react";
import { href, Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { Modal } from "~/components/ui/modal";

const linkButton = buttonClass({ variant: "link", className: "underline-offset-2" });

/** The checkbox `name="privacy"` (sent as "on" when ticked), its label and link, the summary button and the error. */
export function PrivacyConsent({
  id,
  error,
  productName,
  onChange,
}: {
  id: string;
  error?: string;
  productName: string;
  onChange?: (checked: boolean) => void;
}) {
  const [summaryOpen, setSummaryOpen] = useState(false);
  return (
    <div>
      <div className="flex items-start gap-2">
        <input
          id={id}
          name="privacy"
          type="checkbox"
          className="mt-1 size-4 accent-brand-600"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={onChange ? (event) => onChange(event.currentTarget.checked) : undefined}
        />
        <label htmlFor={id} className="text-sm text-neutral-800">
          I have read and accept the{" "}
          <Link to={href("/info/:slug", { slug: "privacy-policy" })} target="_blank" className={linkButton}>
            privacy policy
          </Link>
        </label>
        <button
          type="button"
          aria-label="Privacy summary"
          className="ml-auto rounded-full p-1 text-neutral-500 hover:bg-neutral-100"
          onClick={() => setSummaryOpen(true)}
        >
          <Info aria-hidden className="size-4" />
        </button>
      </div>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700" data-testid="error-privacy">
          {error}
        </p>
      ) : null}
      <PrivacySummary open={summaryOpen} onOpenChange={setSummaryOpen} productName={productName} />
    </div>
  );
}

function PrivacySummary({ open, onOpenChange, productName }: { open: boolean; onOpenChange: (o: boolean) => void; productName: string }) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Your privacy in short">
      <ul className="list-disc space-y-2 pl-5 text-sm text-neutral-800">
        <li>We use your email address to run your account and to send you the messages you ask for (sign-in links, receipts).</li>
        <li>Your saved maps, spots and follows are private to you unless you choose to share them.</li>
        <li>{productName} never sells your personal data. Payments are handled by our payment provider; we never see your full card number.</li>
        <li>You can correct or delete your data, or your whole account, at any time from your account page.</li>
      </ul>
      <p className="mt-4 text-sm">
        <Link to={href("/info/:slug", { slug: "privacy-policy" })} target="_blank" className={linkButton}>
          Read the full privacy policy
        </Link>
      </p>
    </Modal>
  );
}
