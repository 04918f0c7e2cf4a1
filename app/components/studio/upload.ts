/**
 * Sending a file with progress: fetch() reports no upload progress, so the
 * photo manager and the cover upload use XMLHttpRequest. The answers are the
 * resource routes' JSON; a dropped connection is an error the creator can
 * read, never an exception.
 */
import { PHOTO_TEXT } from "~/modules/images/photo-validation";

export type Answer<T> = { ok: true; body: T } | { ok: false; error: string };

const failed = (status: number): Answer<never> => ({ ok: false, error: status === 413 ? PHOTO_TEXT.tooLarge : PHOTO_TEXT.uploadFailed });

function parse<T>(status: number, text: string): Answer<T> {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    // Not our JSON: the body limit's 413 text, a proxy's error page.
    return failed(status);
  }
  const error = (body as { error?: unknown }).error;
  if (typeof error === "string") return { ok: false, error };
  return status === 200 ? { ok: true, body: body as T } : failed(status);
}

/** POST `form` to `url`, calling `onProgress` with the fraction sent (0 to 1). */
export function postWithProgress<T>(url: string, form: FormData, onProgress: (fraction: number) => void): Promise<Answer<T>> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open("POST", url);
    request.setRequestHeader("Accept", "application/json");
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => resolve(parse<T>(request.status, request.responseText));
    request.onerror = () => resolve(failed(0));
    request.send(form);
  });
}

/** POST a small form (no file) and read the JSON answer. */
export async function postForm<T>(url: string, fields: Record<string, string | string[]>): Promise<Answer<T>> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) form.append(name, v);
  try {
    const response = await fetch(url, { method: "POST", body: form, headers: { Accept: "application/json" } });
    return parse<T>(response.status, await response.text());
  } catch {
    return failed(0);
  }
}
