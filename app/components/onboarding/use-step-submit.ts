/**
 * Submitting an onboarding step: the form's own checks first (Conform), then
 * the call, with the spec's message when the visitor is signed out, a busy
 * flag while it runs and the server's message when it fails. One hook for the
 * upload and terms steps, so both answer the same way.
 */
import { useState, type FormEvent } from "react";
import { useViewer } from "~/components/auth/use-viewer";
import { APPLICATION_MESSAGES } from "~/modules/creators/application-rules";
import type { CallResult } from "./application-requests";

export function useStepSubmit<T>(
  validate: (event: FormEvent<HTMLFormElement>) => void,
  send: (form: FormData) => Promise<CallResult<T>>,
  onDone: (result: { ok: true } & T) => void,
) {
  const viewer = useViewer();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    validate(event);
    if (event.defaultPrevented) return;
    event.preventDefault();
    if (!viewer.isLoggedIn) {
      setError(APPLICATION_MESSAGES.NO_AUTH);
      return;
    }
    setBusy(true);
    setError(undefined);
    const result = await send(new FormData(event.currentTarget));
    setBusy(false);
    if (result.ok) onDone(result);
    else setError(result.error);
  };

  return { onSubmit, busy, error, setError };
}
