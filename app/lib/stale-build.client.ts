/**
 * Detects that the server runs a newer build than this page and turns the next
 * navigation into a full document load, so the user gets the new build instead
 * of a missing chunk or a blank page. A guard stops reload loops.
 */
export const RELOAD_GUARD_MS = 10_000;
const RELOAD_KEY = "spotfolio:build-reload-at";
/** A check older than this is repeated before the next navigation. */
const FRESH_MS = 30_000;

let lastCheck = 0;
let stale = false;
let inflight: Promise<boolean> | undefined;

function currentVersion(): string | undefined {
  return (window as unknown as { __reactRouterManifest?: { version?: string } }).__reactRouterManifest?.version;
}

/** Fetch builds/latest.json and compare it with the build this page runs. */
export function checkForNewBuild(): Promise<boolean> {
  if (stale) return Promise.resolve(true);
  inflight ??= fetch(`/builds/latest.json?t=${Date.now()}`, { cache: "no-store" })
    .then(async (res) => {
      if (!res.ok) return false;
      const latest = (await res.json()) as { id?: string };
      const mine = currentVersion();
      stale = Boolean(latest.id && mine && latest.id !== mine);
      return stale;
    })
    .catch(() => false)
    .finally(() => {
      lastCheck = Date.now();
      inflight = undefined;
    });
  return inflight;
}

/** Whether the reload guard allows a reload now (no reload in the last 10 s). */
export function reloadAllowed(now = Date.now()): boolean {
  try {
    const last = Number(sessionStorage.getItem(RELOAD_KEY) ?? 0);
    return !(last && now - last < RELOAD_GUARD_MS);
  } catch {
    return true;
  }
}

/**
 * Called before every client navigation. Resolves false when the navigation
 * may proceed on the client; otherwise starts a document load of `href`.
 */
export async function reloadIfStale(href: string): Promise<boolean> {
  const isStale = stale || (Date.now() - lastCheck > FRESH_MS ? await checkForNewBuild() : false);
  if (!isStale || !reloadAllowed()) return false;
  try {
    sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
  } catch {
    // Private mode without storage: the reload still happens, unguarded.
  }
  window.location.assign(href);
  return true;
}

/** Check now and then in the background, and when the tab becomes visible again. */
export function watchForNewBuilds(intervalMs: number): () => void {
  lastCheck = Date.now();
  const timer = setInterval(checkForNewBuild, intervalMs);
  const onVisible = () => {
    if (document.visibilityState === "visible") void checkForNewBuild();
  };
  document.addEventListener("visibilitychange", onVisible);
  return () => {
    clearInterval(timer);
    document.removeEventListener("visibilitychange", onVisible);
  };
}
