/**
 * The onboarding dialog's two calls: the application (multipart: `file`
 * and/or `url`) and the creator terms. Each answers with what the dialog
 * shows: the server's own message when it has one, else the spec's wording
 * (section 8).
 */
import { href } from "react-router";
import { APPLICATION_MESSAGES, type ApplicationView } from "~/modules/creators/application-rules";

export type CallResult<T> = ({ ok: true } & T) | { ok: false; error: string };

async function errorOf(response: Response): Promise<string | undefined> {
  try {
    const body = (await response.json()) as { error?: unknown };
    return typeof body.error === "string" && body.error ? body.error : undefined;
  } catch {
    return undefined;
  }
}

/** A network failure or a thrown error, as spec section 8 words it. */
function failureReason(error: unknown): string {
  return error instanceof Error && error.message ? `Could not complete submission: ${error.message}` : "Unknown error";
}

export async function sendApplication(form: FormData): Promise<CallResult<{ application: ApplicationView }>> {
  try {
    const response = await fetch(href("/api/creator-application"), { method: "POST", body: form, credentials: "same-origin" });
    if (response.status === 401) return { ok: false, error: (await errorOf(response)) ?? APPLICATION_MESSAGES.NO_AUTH };
    if (!response.ok) return { ok: false, error: (await errorOf(response)) ?? APPLICATION_MESSAGES.COULD_NOT_SEND };
    const body = (await response.json()) as { application: ApplicationView };
    return { ok: true, application: body.application };
  } catch {
    // The spec's wording for an application that never reached the server.
    return { ok: false, error: APPLICATION_MESSAGES.COULD_NOT_SEND };
  }
}

export async function acceptTerms(form: FormData): Promise<CallResult<object>> {
  try {
    const response = await fetch(href("/api/creator-terms"), { method: "POST", body: form, credentials: "same-origin" });
    if (response.status === 401) return { ok: false, error: (await errorOf(response)) ?? APPLICATION_MESSAGES.NO_AUTH };
    if (!response.ok) return { ok: false, error: (await errorOf(response)) ?? APPLICATION_MESSAGES.COULD_NOT_SAVE_TERMS };
    return { ok: true };
  } catch (error) {
    return { ok: false, error: failureReason(error) };
  }
}
