import { useCallback, useRef, useState, type FocusEvent, type FormEvent } from "react";
import type { z } from "zod";
import { validate, type FieldErrors } from "~/modules/auth/validation";

function formValues(form: HTMLFormElement): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [key, value] of new FormData(form)) values[key] = value;
  return values;
}

/**
 * Client-side validation with a shared zod schema (spec: fields validate on
 * blur, then on input once invalid). The server runs the same schema; its
 * field errors (`serverErrors`) show until the field is edited.
 */
export function useFormValidation(schema: z.ZodType, serverErrors?: FieldErrors) {
  // Errors a no-JavaScript post came back with are there from the first render.
  const [errors, setErrors] = useState<FieldErrors>(serverErrors ?? {});
  const touched = useRef(new Set<string>());
  const [lastServerErrors, setLastServerErrors] = useState(serverErrors);
  if (serverErrors !== lastServerErrors) {
    setLastServerErrors(serverErrors);
    if (serverErrors) setErrors(serverErrors);
  }

  const check = useCallback(
    (form: HTMLFormElement, name: string) => {
      const result = validate(schema, formValues(form));
      const message = result.ok ? undefined : result.errors[name];
      setErrors((prev) => (prev[name] === message ? prev : { ...prev, [name]: message }));
    },
    [schema],
  );

  const onBlur = useCallback(
    (event: FocusEvent<HTMLFormElement>) => {
      const target = event.target as unknown as HTMLInputElement;
      if (!target.name || !target.form) return;
      touched.current.add(target.name);
      check(target.form, target.name);
    },
    [check],
  );

  const onChange = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      const target = event.target as unknown as HTMLInputElement;
      if (!target.name || !target.form) return;
      // Once a field has shown an error, it re-validates as the user types.
      if (errors[target.name] || target.type === "checkbox") check(target.form, target.name);
      // A confirmation follows the field it confirms.
      if (target.name === "password" && errors.confirmPassword) check(target.form, "confirmPassword");
    },
    [check, errors],
  );

  /** Validate everything before sending; blocks the submit and focuses the first bad field. */
  const onSubmit = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      const form = event.currentTarget;
      const result = validate(schema, formValues(form));
      if (result.ok) {
        setErrors({});
        return true;
      }
      event.preventDefault();
      setErrors(result.errors);
      const first = Object.keys(result.errors)[0];
      if (first) (form.elements.namedItem(first) as HTMLElement | null)?.focus?.();
      return false;
    },
    [schema],
  );

  return { errors, formProps: { onBlur, onChange, noValidate: true }, onSubmit };
}
