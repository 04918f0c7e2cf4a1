/**
 * Turning a zod schema's verdict on a form into what a form shows: the first
 * message per field. Shared by every form, in the browser (Conform, ADR 0008)
 * and in the actions that check the same schema again.
 */
import type { z } from "zod";

export type FieldErrors = Partial<Record<string, string>>;

/** The first message per field, keyed by field name. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    errors[key] ??= issue.message;
  }
  return errors;
}

/** Validate a whole form (server side, or on submit in the browser). */
export function validate<S extends z.ZodType>(schema: S, values: unknown): { ok: true; data: z.output<S> } | { ok: false; errors: FieldErrors } {
  const result = schema.safeParse(values);
  return result.success ? { ok: true, data: result.data } : { ok: false, errors: fieldErrors(result.error) };
}
