/**
 * The collaboration brief's fields (the back office's "New brief" and a brief's edit form). The
 * creator is picked by handle on creation only; the fee is typed in euros.
 */
import { Form } from "react-router";
import { FormAlert, TextField } from "~/components/forms/text-field";
import { Button } from "~/components/ui/button";
import type { FieldErrors } from "~/lib/form-validation";

export interface BriefFormValues {
  creatorHandle: string;
  title: string;
  destination: string;
  fee: string;
  dueDate: string;
  notes: string;
}

export function CollabBriefForm({
  values,
  errors = {},
  formError,
  withCreator,
  submitLabel,
  busy,
}: {
  values: BriefFormValues;
  errors?: FieldErrors;
  formError?: string;
  withCreator: boolean;
  submitLabel: string;
  busy: boolean;
}) {
  return (
    <Form method="post" className="grid max-w-2xl gap-4" data-testid="brief-form">
      <input type="hidden" name="intent" value={withCreator ? "create" : "update"} />
      <FormAlert message={formError} />
      {withCreator ? (
        <TextField
          label="Creator (handle)"
          name="creatorHandle"
          defaultValue={values.creatorHandle}
          error={errors.creatorHandle}
          placeholder="@handle"
          required
        />
      ) : null}
      <TextField label="Title" name="title" defaultValue={values.title} error={errors.title} required />
      <TextField label="Destination (optional)" name="destination" defaultValue={values.destination} error={errors.destination} placeholder="e.g. Lisbon" />
      <TextField label="Fee (euros)" name="fee" inputMode="decimal" defaultValue={values.fee} error={errors.fee} placeholder="1500.00" required />
      <TextField label="Due date" name="dueDate" type="date" defaultValue={values.dueDate} error={errors.dueDate} required />
      <div>
        <label htmlFor="brief-notes" className="mb-1 block text-sm font-medium text-neutral-800">
          Notes (the back office’s only)
        </label>
        <textarea id="brief-notes" name="notes" rows={4} defaultValue={values.notes} className="w-full rounded-lg border border-neutral-300 p-3" />
        {errors.notes ? <p className="mt-1 text-sm text-red-700">{errors.notes}</p> : null}
      </div>
      <div>
        <Button type="submit" disabled={busy}>
          {submitLabel}
        </Button>
      </div>
    </Form>
  );
}
