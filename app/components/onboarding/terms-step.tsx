import { href, Link } from "react-router";
import { FormAlert } from "~/components/forms/text-field";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { Button } from "~/components/ui/button";
import { creatorTermsSchema, type CreatorTermsField } from "~/modules/creators/application-rules";
import type { LegalSlug } from "~/modules/legal/documents";
import { acceptTerms } from "./application-requests";
import { useStepSubmit } from "./use-step-submit";

/** The three documents a creator accepts (spec section 5), each with its /info page. */
const DOCUMENTS: { name: CreatorTermsField; slug: LegalSlug; before: string; label: string }[] = [
  { name: "termsAccepted", slug: "creator-terms", before: "I accept the ", label: "Creator Terms" },
  { name: "copyrightAccepted", slug: "copyright", before: "I accept the ", label: "Copyright Policy" },
  { name: "compensationAccepted", slug: "creator-compensation", before: "I accept the ", label: "Creator Compensation terms" },
];

/** The terms step: all three boxes, Back, and Next (which submits). */
export function TermsStep({ onBack, onDone }: { onBack: () => void; onDone: () => void }) {
  const { fields, formProps } = useValidatedForm(creatorTermsSchema);
  const { onSubmit, busy, error } = useStepSubmit(formProps.onSubmit, acceptTerms, () => onDone());

  return (
    <div data-testid="onboarding-terms">
      <h3 className="text-lg font-semibold">The terms</h3>
      <p className="mt-1 mb-4 text-sm text-neutral-700">Please read and accept the three documents that govern publishing and getting paid as a creator.</p>
      <FormAlert message={error} />
      <form {...formProps} onSubmit={onSubmit} className="space-y-4">
        {DOCUMENTS.map((doc) => {
          const fieldError = fields[doc.name].errors?.[0];
          return (
            <div key={doc.name}>
              <div className="flex items-start gap-2">
                <input
                  id={`onboarding-${doc.name}`}
                  name={doc.name}
                  type="checkbox"
                  className="mt-1 size-4 accent-brand-600"
                  aria-invalid={fieldError ? true : undefined}
                  aria-describedby={fieldError ? `onboarding-${doc.name}-error` : undefined}
                />
                <label htmlFor={`onboarding-${doc.name}`} className="text-sm text-neutral-800">
                  {doc.before}
                  <Link to={href("/info/:slug", { slug: doc.slug })} target="_blank" className="font-semibold text-brand-700 hover:underline">
                    {doc.label}
                  </Link>
                </label>
              </div>
              {fieldError ? (
                <p id={`onboarding-${doc.name}-error`} className="mt-1 text-sm text-red-700" data-testid={`error-${doc.name}`}>
                  {fieldError}
                </p>
              ) : null}
            </div>
          );
        })}
        <div className="flex items-center justify-between gap-3 pt-2">
          <Button variant="secondary" onClick={onBack} disabled={busy}>
            Back
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? "Saving..." : "Next"}
          </Button>
        </div>
      </form>
    </div>
  );
}
