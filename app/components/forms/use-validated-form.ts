import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useCallback, useMemo, type FormEvent } from "react";
import type { z } from "zod";
import type { FieldErrors } from "~/lib/form-validation";

/** A form's shared zod schema: an object of named fields (refinements allowed). */
type FormSchema = z.ZodType<Record<string, unknown>, Record<string, unknown>>;

/**
 * The server answers with the first message per field (`validate()` in the
 * auth module), a plain result the actions also use; Conform takes it as the
 * last submission's result. No `status`: a server refusal shows its messages
 * without moving the focus, as before Conform.
 */
function serverResult(errors: FieldErrors): SubmissionResult<string[]> {
  const error: Record<string, string[]> = {};
  for (const [name, message] of Object.entries(errors)) if (message) error[name] = [message];
  return { error };
}

/**
 * A Conform form over a shared zod schema with the spec's timing (section 5):
 * a field validates on blur, then on every input once it shows an error;
 * submit validates everything and focuses the first bad field. Errors a
 * no-JavaScript post came back with (`serverErrors`) are there from the first
 * render and stay until the field is checked again.
 *
 * Spread `formProps` on the `<Form>`/`fetcher.Form`; inputs stay native and
 * uncontrolled, so the form posts to its action before JavaScript loads.
 */
export function useValidatedForm<Schema extends FormSchema>(schema: Schema, serverErrors?: FieldErrors) {
  const lastResult = useMemo(() => (serverErrors ? serverResult(serverErrors) : undefined), [serverErrors]);
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>>({
    lastResult,
    // Conform's "revalidate on input" starts once a field has been checked,
    // even if it passed; the spec waits until the field is invalid, so input
    // re-validation is asked for below instead.
    shouldValidate: "onBlur",
    shouldRevalidate: "onBlur",
    // The schemas read form strings as they are (empty is not absent), like the server.
    onValidate: ({ formData }) => parseWithZod(formData, { schema, disableAutoCoercion: true }),
  });

  const shown = form.allErrors;
  const { validate } = form;
  const onChange = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      const target = event.target as HTMLInputElement;
      if (!target.name) return;
      // A box's click is its final answer: check it at once.
      if (target.type === "checkbox" || target.type === "radio") return validate({ name: target.name });
      // Re-check while any field shows an error: the edited field may be the one
      // at fault, or one another depends on (a confirmation follows its password).
      // (Naming a field that already shows its error marks nothing new as checked.)
      const invalid = Object.keys(shown).find((name) => name !== "");
      if (invalid) validate({ name: invalid });
    },
    [shown, validate],
  );

  return { form, fields, formProps: { ...getFormProps(form), onChange } };
}
