import { CheckCircle2, MailCheck } from "lucide-react";
import { useState } from "react";
import { href, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Modal } from "~/components/ui/modal";
import { TermsStep } from "./terms-step";
import { UploadStep } from "./upload-step";

/** Spec section 4: the onboarding steps, in order. */
export const ONBOARDING_STEPS = ["intro", "upload", "terms", "complete"] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

const STEP_LABELS: Record<OnboardingStep, string> = { intro: "Intro", upload: "Your map", terms: "Terms", complete: "Done" };

export interface OnboardingDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The step shown, or "already" for a profile onboarded before this dialog opened. */
  step: OnboardingStep | "already";
  onStepChange: (step: OnboardingStep) => void;
  productName: string;
  /** Start Exploring: the caller decides how (the viewer changed, so a fresh page load). */
  onExplore: () => void;
}

/** Creator onboarding in one dialog with a step indicator: intro → upload → terms → complete. */
export function OnboardingDialog({ open, onOpenChange, step, onStepChange, productName, onExplore }: OnboardingDialogProps) {
  // Whether this walk sent an application (the complete step says what happens to it).
  const [applied, setApplied] = useState(false);
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={step === "already" ? "You are already onboarded" : "Become a creator"} size="md">
      {step === "already" ? (
        <AlreadyOnboarded onExplore={onExplore} />
      ) : (
        <div data-testid="onboarding-dialog" data-step={step}>
          <StepIndicator step={step} />
          {step === "intro" ? <Intro productName={productName} onNext={() => onStepChange("upload")} /> : null}
          {step === "upload" && applied ? <Sent onNext={() => onStepChange("terms")} /> : null}
          {step === "upload" && !applied ? (
            <UploadStep
              onSent={() => {
                setApplied(true);
                onStepChange("terms");
              }}
              onSkip={() => onStepChange("terms")}
            />
          ) : null}
          {step === "terms" ? <TermsStep onBack={() => onStepChange("upload")} onDone={() => onStepChange("complete")} /> : null}
          {step === "complete" ? <Complete productName={productName} applied={applied} onExplore={onExplore} /> : null}
        </div>
      )}
    </Modal>
  );
}

function StepIndicator({ step }: { step: OnboardingStep }) {
  const current = ONBOARDING_STEPS.indexOf(step);
  return (
    <nav aria-label="Onboarding progress" className="mb-6">
      <p className="sr-only" data-testid="onboarding-progress">
        Step {current + 1} of {ONBOARDING_STEPS.length}: {STEP_LABELS[step]}
      </p>
      <ol className="flex items-center gap-2" aria-hidden>
        {ONBOARDING_STEPS.map((s, i) => (
          <li key={s} className="flex flex-1 flex-col gap-1">
            <span className={`h-1.5 rounded-full ${i <= current ? "bg-brand-600" : "bg-neutral-200"}`} />
            <span className={`text-xs ${i === current ? "font-semibold text-ink" : "text-neutral-500"}`}>{STEP_LABELS[s]}</span>
          </li>
        ))}
      </ol>
    </nav>
  );
}

function Intro({ productName, onNext }: { productName: string; onNext: () => void }) {
  return (
    <div data-testid="onboarding-intro">
      <h3 className="text-lg font-semibold">Publish your maps on {productName}</h3>
      <ul className="mt-3 list-disc space-y-2 pl-5 text-sm text-neutral-800">
        <li>Show us a map you made: a PDF or a shared Google Maps list with at least 30 spots you recommend.</li>
        <li>Accept the Creator Terms, the Copyright Policy and the Creator Compensation terms.</li>
        <li>We review your application and email you our answer. Once approved, your Creator Studio opens.</li>
      </ul>
      <div className="mt-6 flex justify-end">
        <Button onClick={onNext}>Next</Button>
      </div>
    </div>
  );
}

/** Back on the upload step after sending: one application is enough. */
function Sent({ onNext }: { onNext: () => void }) {
  return (
    <div data-testid="onboarding-upload">
      <p className="text-sm text-neutral-700">Your application has been sent. You can follow it from your account.</p>
      <div className="mt-6 flex justify-end">
        <Button onClick={onNext}>Next</Button>
      </div>
    </div>
  );
}

function Complete({ productName, applied, onExplore }: { productName: string; applied: boolean; onExplore: () => void }) {
  return (
    <div className="text-center" data-testid="onboarding-complete">
      <CheckCircle2 aria-hidden className="mx-auto mb-3 size-10 text-brand-600" />
      <h3 className="text-lg font-semibold">You are all set</h3>
      {applied ? (
        <>
          <p className="mt-2 text-sm text-neutral-700">
            Our team reviews your application within a few working days. We will email you our decision: once approved, your Creator Studio opens and you can
            publish your first map on {productName}.
          </p>
          <p className="mt-3 flex items-center justify-center gap-2 text-sm text-neutral-700">
            <MailCheck aria-hidden className="size-4 text-brand-600" /> A confirmation of your application is on its way to your inbox.
          </p>
        </>
      ) : (
        <p className="mt-2 text-sm text-neutral-700">
          Send us your map whenever you are ready, from your{" "}
          <Link to={href("/account")} className="font-semibold text-brand-700 hover:underline">
            account
          </Link>
          . We review it within a few working days and email you our decision.
        </p>
      )}
      <Button size="xl" className="mt-6" onClick={onExplore}>
        Start Exploring
      </Button>
    </div>
  );
}

function AlreadyOnboarded({ onExplore }: { onExplore: () => void }) {
  return (
    <div className="text-center" data-testid="onboarding-already">
      <CheckCircle2 aria-hidden className="mx-auto mb-3 size-10 text-brand-600" />
      <p className="text-sm text-neutral-700">
        Your creator onboarding is done. You can follow your application, or send your map if you skipped that step, from your{" "}
        <Link to={href("/account")} className="font-semibold text-brand-700 hover:underline">
          account
        </Link>
        .
      </p>
      <Button size="xl" className="mt-6" onClick={onExplore}>
        Start Exploring
      </Button>
    </div>
  );
}
