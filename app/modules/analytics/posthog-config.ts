/**
 * PostHog (optional, on when POSTHOG_KEY is set): where its API and its
 * scripts live. Shared by the public config (the browser loads the script),
 * the CSP (server/app.ts allows exactly these origins) and the server-side
 * capture of conversions.
 */
export const POSTHOG_DEFAULT_HOST = "https://us.i.posthog.com";

export interface PostHogPublicConfig {
  /** The project API key: write-only, meant for browsers. */
  key: string;
  /** Where events and recordings go. */
  apiHost: string;
  /** Where the loader script and its extensions (session recording) come from. */
  assetsHost: string;
}

/** Null when PostHog is off (no key). */
export function postHogConfig(key: string | undefined, host: string | undefined): PostHogPublicConfig | null {
  if (!key) return null;
  const apiHost = (host ?? POSTHOG_DEFAULT_HOST).replace(/\/+$/, "");
  const assets = new URL(apiHost);
  // PostHog Cloud serves its scripts from a sibling host (us.i.posthog.com -> us-assets.i.posthog.com);
  // a self-hosted or proxied PostHog serves them itself.
  assets.hostname = assets.hostname.replace(/^([a-z0-9-]+)\.i\.posthog\.com$/, "$1-assets.i.posthog.com");
  const assetsHost = assets.host === new URL(apiHost).host ? apiHost : assets.origin;
  return { key, apiHost, assetsHost };
}

/** The origins the CSP must allow for scripts and connections; none when PostHog is off. */
export function postHogOrigins(config: PostHogPublicConfig | null): string[] {
  if (!config) return [];
  return [...new Set([new URL(config.apiHost).origin, new URL(config.assetsHost).origin])];
}
