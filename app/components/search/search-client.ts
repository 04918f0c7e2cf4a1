/**
 * The search panel's client side: the text rules of spec section 2 and a
 * fetch that retries network failures (never an abort, never an HTTP error).
 */
import { href } from "react-router";
import type { SearchResults } from "~/modules/search/search.server";

export type { SearchResults };

export const SEARCH_DEBOUNCE_MS = 250;
export const SEARCH_MAX_WAIT_MS = 1000;
export const SEARCH_RETRIES = 3;

/** The first `n` words, with an ellipsis when something was cut. */
export function firstWords(text: string | null | undefined, n = 5): string {
  if (!text) return "";
  const words = text.trim().split(/\s+/);
  return words.length > n ? `${words.slice(0, n).join(" ")}...` : words.join(" ");
}

/** GET /api/search, retried up to 3 times when the network fails, unless aborted. */
export async function fetchSearch(query: string, signal: AbortSignal, fetcher: typeof fetch = fetch, retries = SEARCH_RETRIES): Promise<SearchResults> {
  for (let attempt = 0; ; attempt++) {
    try {
      const response = await fetcher(`${href("/api/search")}?q=${encodeURIComponent(query)}`, { signal, headers: { Accept: "application/json" } });
      if (!response.ok) throw new SearchHttpError(response.status);
      return (await response.json()) as SearchResults;
    } catch (error) {
      if (signal.aborted || error instanceof SearchHttpError || attempt >= retries) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200 * (attempt + 1)));
    }
  }
}

export class SearchHttpError extends Error {
  constructor(readonly status: number) {
    super(`search failed with HTTP ${status}`);
  }
}

/**
 * Debounce with a maximum wait: `run` fires 250 ms after the last call, but
 * at least once every 1000 ms while calls keep coming.
 */
export function debounceWithMaxWait<A extends unknown[]>(run: (...args: A) => void, wait = SEARCH_DEBOUNCE_MS, maxWait = SEARCH_MAX_WAIT_MS) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let firstCallAt: number | undefined;
  let lastArgs: A;
  const fire = () => {
    timer = undefined;
    firstCallAt = undefined;
    run(...lastArgs);
  };
  const call = (...args: A) => {
    lastArgs = args;
    const now = Date.now();
    firstCallAt ??= now;
    if (timer) clearTimeout(timer);
    const untilMax = firstCallAt + maxWait - now;
    timer = setTimeout(fire, Math.max(0, Math.min(wait, untilMax)));
  };
  call.cancel = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    firstCallAt = undefined;
  };
  return call;
}
