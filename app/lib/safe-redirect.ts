/**
 * The one check for every address we send a user back to after a step
 * (`redirectTo`, `next`, a checkout's return path): a path on this site, or
 * the fallback. Browsers are lenient where a server is not: they drop tabs
 * and newlines inside a URL and read `\` as `/`, so "/\t/evil.example"
 * becomes "//evil.example", another site. Anything a browser might read as
 * leaving the site is refused, in its raw and its percent-decoded forms, and
 * so is a path that a URL parser normalises into one ("/..//evil.example"
 * becomes "//evil.example" once its dot segments are resolved).
 *
 * What is kept is made fit for a Location header: characters beyond ASCII
 * ("/。x", "/café") are percent-encoded as a browser would send them; a raw
 * one cannot go into a header at all (a 500 otherwise).
 */

const MAX_LENGTH = 2000;
const BASE = "http://site.invalid";
/** C0 and C1 control characters (tab, newline, NUL…), DEL, or a backslash anywhere. */
function unsafe(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code <= 0x1f || (code >= 0x7f && code <= 0x9f) || code === 0x5c) return true;
  }
  return false;
}

function decodedForms(path: string): string[] | null {
  const forms = [path];
  // A few rounds: an address passed through one more redirect is decoded once more.
  for (let round = 0; round < 3; round++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(forms[forms.length - 1]);
    } catch {
      return null;
    }
    if (decoded === forms[forms.length - 1]) break;
    forms.push(decoded);
  }
  return forms;
}

/** Whether a URL parser, resolving dot segments, keeps `form` a path on this origin (not "//host…"). */
function staysOnSite(form: string): boolean {
  let url: URL;
  try {
    url = new URL(form, BASE);
  } catch {
    return false;
  }
  return url.origin === BASE && !url.pathname.startsWith("//");
}

/** Characters beyond ASCII, percent-encoded as UTF-8 (a lone surrogate becomes U+FFFD first). */
function encodeNonAscii(path: string): string {
  return path.toWellFormed().replace(/[\u0080-\u{10FFFF}]+/gu, (run) => encodeURIComponent(run));
}

/** `to` when it is a path on this site (beyond ASCII percent-encoded), else `fallback`. */
export function safeRedirect(to: unknown, fallback = "/"): string {
  if (typeof to !== "string" || to.length > MAX_LENGTH || !to.startsWith("/")) return fallback;
  const forms = decodedForms(to);
  if (!forms || forms.some((form) => unsafe(form) || form.startsWith("//"))) return fallback;
  // The last word: however a URL parser reads it, raw or decoded, it stays on this origin.
  if (!forms.every(staysOnSite)) return fallback;
  const encoded = encodeNonAscii(to);
  return encoded.length > MAX_LENGTH ? fallback : encoded;
}

/**
 * Whether a return address handed to better-auth (a callbackURL, an error or new-user callback, a
 * redirectTo) keeps the visitor on this site: a safe path, or an absolute URL of `siteOrigin` whose
 * path is one.
 */
export function isSameSiteTarget(value: string, siteOrigin: string): boolean {
  if (value.startsWith("/")) return safeRedirect(value, "") !== "";
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.origin !== new URL(siteOrigin).origin || unsafe(value)) return false;
  const rest = value.slice(url.origin.length) || "/";
  return safeRedirect(rest, "") !== "";
}

/** True when `path` is a path on this site as it stands (for validating input rather than replacing it). */
export function isSitePath(path: string): boolean {
  return safeRedirect(path, "") === path;
}
