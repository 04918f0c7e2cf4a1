/**
 * Starts PostHog after hydration, when the idle browser has nothing better
 * to do, and only when it is configured and the visitor accepted analytics
 * cookies; its code is a separate chunk (dynamic import), never part of the
 * first-load JavaScript. A visitor who refused has PostHog's leftovers removed.
 */
import { useEffect } from "react";
import { useRootData } from "~/components/layout/use-root-data";
import { POSTHOG_COOKIE_PREFIX } from "~/modules/analytics/consent";

/**
 * PostHog keeps its state in cookies (possibly on the parent domain) and in
 * localStorage; the server deletes the cookies it can, this the rest.
 */
function forgetPostHog() {
  const host = window.location.hostname;
  const domains = ["", host, `.${host.split(".").slice(-2).join(".")}`];
  for (const part of document.cookie.split(";")) {
    const name = part.split("=")[0]?.trim();
    if (!name?.startsWith(POSTHOG_COOKIE_PREFIX)) continue;
    for (const domain of domains) document.cookie = `${name}=; Max-Age=0; Path=/${domain ? `; Domain=${domain}` : ""}`;
  }
  try {
    for (const key of Object.keys(window.localStorage))
      if (key.startsWith(POSTHOG_COOKIE_PREFIX) || key.startsWith("__ph")) window.localStorage.removeItem(key);
  } catch {
    // Storage blocked: nothing of PostHog's can be there either.
  }
}

function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const id = window.requestIdleCallback(run, { timeout: 5_000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, 1_500);
  return () => window.clearTimeout(id);
}

export function Analytics() {
  const root = useRootData();
  const posthog = root?.config?.posthog ?? null;
  const userId = root?.viewer?.user?.id ?? null;
  const key = posthog?.key;
  const apiHost = posthog?.apiHost;
  const assetsHost = posthog?.assetsHost;

  const consent = root?.consent ?? null;

  useEffect(() => {
    if (consent === "denied") forgetPostHog();
  }, [consent]);

  useEffect(() => {
    if (!key || !apiHost || !assetsHost || consent !== "granted") return;
    const config = { key, apiHost, assetsHost };
    return whenIdle(() => {
      void import("./posthog.client").then((m) => m.syncPostHog(config, userId)).catch(() => undefined);
    });
  }, [key, apiHost, assetsHost, userId, consent]);

  return null;
}
