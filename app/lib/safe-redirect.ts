/**
 * The one check for every address we send a user back to after a step
 * (`redirectTo`, `next`, a checkout's return path): a path on this site, or
 * the fallback. Browsers are lenient where a server is not: they drop tabs
 * and newlines inside a URL and read `\` as `/`, so "/\t/evil.example"
 * becomes "//evil.example", another site. Anything a browser might read as
 * leaving the site is refused, in its raw and its percent-decoded forms.
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

/** `to` when it is a path on this site, else `fallback`. */
export function safeRedirect(to: unknown, fallback = "/"): string {
  if (typeof to !== "string" || to.length > MAX_LENGTH || !to.startsWith("/")) return fallback;
  const forms = decodedForms(to);
  if (!forms || forms.some((form) => unsafe(form) || form.startsWith("//"))) return fallback;
  // The last word: however a URL parser reads it, it stays on this origin.
  if (new URL(to, BASE).origin !== BASE) return fallback;
  return to;
}

/** True when `path` is a path on this site as it stands (for validating input rather than replacing it). */
export function isSitePath(path: string): boolean {
  return safeRedirect(path, "") === path;
}
