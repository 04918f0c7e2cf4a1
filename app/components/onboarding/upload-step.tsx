import { FileText, Upload } from "lucide-react";
import { useRef, useState, type DragEvent } from "react";
import { FormAlert, TextField } from "~/components/forms/text-field";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { Button } from "~/components/ui/button";
import { APPLICATION_LINK_PREFIX, onboardingUploadSchema, type ApplicationView } from "~/modules/creators/application-rules";
import { sendApplication } from "./application-requests";
import { useStepSubmit } from "./use-step-submit";

export interface UploadStepProps {
  /** The application was stored (pending). */
  onSent: (application: ApplicationView) => void;
  /** Go on without an application (onboarding only). */
  onSkip?: () => void;
  submitLabel?: string;
}

/**
 * The upload step: a PDF of the map (picked or dropped) or a shared Google
 * Maps list link. The shared rules check that one of them is there; the
 * server decides whether the file really is a PDF.
 */
export function UploadStep({ onSent, onSkip, submitLabel = "Next" }: UploadStepProps) {
  const { fields, formProps } = useValidatedForm(onboardingUploadSchema);
  const fileInput = useRef<HTMLInputElement>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const fileError = fields.file.errors?.[0];
  const { onSubmit, busy, error } = useStepSubmit(formProps.onSubmit, sendApplication, (result) => onSent(result.application));

  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    const input = fileInput.current;
    if (!input || event.dataTransfer.files.length === 0) return;
    input.files = event.dataTransfer.files;
    setFileName(input.files[0]?.name ?? null);
    input.dispatchEvent(new Event("change", { bubbles: true }));
  };

  return (
    <div data-testid="onboarding-upload">
      <h3 className="text-lg font-semibold">Show us your map</h3>
      <p className="mt-1 mb-4 text-sm text-neutral-700">
        Send a PDF of a map you made, or the shared link of a Google Maps list. It should hold at least 30 spots you recommend.
      </p>
      <FormAlert message={error} />
      <form {...formProps} onSubmit={onSubmit} encType="multipart/form-data" className="space-y-4">
        <div>
          <label
            onDragOver={(event) => {
              event.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            className={`flex cursor-pointer flex-col items-center gap-2 rounded-xl border-2 border-dashed px-4 py-6 text-center text-sm focus-within:ring-2 focus-within:ring-brand-500 ${
              dragging ? "border-brand-500 bg-brand-50" : fileError ? "border-red-600" : "border-neutral-300 hover:bg-neutral-50"
            }`}
            data-testid="application-dropzone"
          >
            {fileName ? <FileText aria-hidden className="size-7 text-brand-600" /> : <Upload aria-hidden className="size-7 text-neutral-500" />}
            <span className="font-medium">{fileName ?? "Drop a PDF here or choose a file"}</span>
            <span className="text-neutral-600">PDF, up to 20 MB</span>
            <input
              ref={fileInput}
              type="file"
              name="file"
              accept=".pdf,application/pdf"
              aria-label="Map as a PDF"
              aria-invalid={fileError ? true : undefined}
              className="sr-only"
              onChange={(event) => setFileName(event.currentTarget.files?.[0]?.name ?? null)}
            />
          </label>
          {fileError ? (
            <p className="mt-1 text-sm text-red-700" data-testid="error-file">
              {fileError}
            </p>
          ) : null}
        </div>
        <div className="flex items-center gap-3 text-xs text-neutral-500">
          <span className="h-px flex-1 bg-neutral-200" /> or <span className="h-px flex-1 bg-neutral-200" />
        </div>
        <TextField
          label="Shared Google Maps list link"
          name="url"
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder={`${APPLICATION_LINK_PREFIX}1234`}
          error={fields.url.errors?.[0]}
        />
        <p className="-mt-2 text-xs text-neutral-600">The list must be shared publicly, not protected by a password.</p>
        <div className="flex flex-wrap items-center justify-end gap-3 pt-2">
          {onSkip ? (
            <Button variant="secondary" onClick={onSkip} disabled={busy}>
              Skip for now
            </Button>
          ) : null}
          <Button type="submit" disabled={busy}>
            {busy ? "Sending..." : submitLabel}
          </Button>
        </div>
      </form>
    </div>
  );
}
