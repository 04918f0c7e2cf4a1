/**
 * PostHog in the browser (only when POSTHOG_KEY is set): page views, and
 * session recordings with every input and every text masked. Loaded after
 * hydration, never with the page: PostHog's own loader script from its
 * assets host, started through the queue its snippet defines (calls made
 * before the script arrives are replayed by it).
 */
import type { PostHogPublicConfig } from "~/modules/analytics/posthog-config";

type Queue = unknown[][] & { _i?: unknown[][]; __SV?: number };
interface PostHogInstance {
  identify(distinctId: string): void;
  reset(): void;
  get_distinct_id?(): string;
}
type Global = { posthog?: Queue | PostHogInstance };

let started = false;
let identifiedAs: string | null = null;

function global(): Global {
  return window as unknown as Global;
}

/** Call PostHog now, or queue the call until its script has loaded. */
function call(method: "identify" | "reset", ...args: string[]): void {
  const posthog = global().posthog;
  if (!posthog) return;
  if (Array.isArray(posthog)) posthog.push([method, ...args]);
  else if (method === "identify") posthog.identify(args[0]!);
  else posthog.reset();
}

/** The options of the spec: page views (also on client-side navigation), person profiles always, recordings masked. */
export function postHogOptions(config: PostHogPublicConfig) {
  return {
    api_host: config.apiHost,
    person_profiles: "always",
    capture_pageview: "history_change",
    capture_pageleave: true,
    mask_all_text: true,
    mask_all_element_attributes: true,
    secure_cookie: window.location.protocol === "https:",
    session_recording: { maskAllInputs: true, maskTextSelector: "*" },
  };
}

function start(config: PostHogPublicConfig): void {
  if (started) return;
  started = true;
  const queue = [] as unknown as Queue;
  queue._i = [[config.key, postHogOptions(config), "posthog"]];
  queue.__SV = 1;
  global().posthog = queue;
  const script = document.createElement("script");
  script.async = true;
  script.crossOrigin = "anonymous";
  script.src = `${config.assetsHost}/static/array.js`;
  document.head.appendChild(script);
}

/** Start PostHog once, then keep its identity in step with the signed-in user. */
export function syncPostHog(config: PostHogPublicConfig, userId: string | null): void {
  try {
    start(config);
    if (userId && userId !== identifiedAs) call("identify", userId);
    // Signed out after being identified: the next visitor on this browser is someone else.
    if (!userId && identifiedAs) call("reset");
    identifiedAs = userId;
  } catch {
    // PostHog is an extra: never let it break the page.
  }
}
