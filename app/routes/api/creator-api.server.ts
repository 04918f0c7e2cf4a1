/**
 * What the creator endpoints share: who is asking (the session cookie, as the
 * root middleware resolved it, or a bearer session token, spec section 7) and
 * a request body read with a size limit.
 *
 * Bearer tokens are resolved here through better-auth's session API rather
 * than by its `bearer` plugin: the plugin would add a `set-auth-token` header
 * to every auth response that sets the session cookie, handing scripts the
 * token the HttpOnly cookie keeps from them.
 */
import { createHmac } from "node:crypto";
import type { RouterContextProvider } from "react-router";
import { dbContext } from "~/lib/db-context.server";
import { getAuth } from "~/modules/auth/auth.server";
import { CLIENT_IP_HEADER, clientIp, getViewer } from "~/modules/auth/session.server";

type Ctx = Readonly<RouterContextProvider>;

const BEARER = "bearer ";

/** The signed-in user's id from the session cookie or an `Authorization: Bearer` token, or null. */
export async function requestUserId(request: Request, context: Ctx): Promise<string | null> {
  const viewer = getViewer(context);
  if (viewer.user) return viewer.user.id;
  const header = request.headers.get("authorization") ?? "";
  if (header.slice(0, BEARER.length).toLowerCase() !== BEARER) return null;
  const token = header.slice(BEARER.length).trim();
  if (!token || token.length > 1024 || /[\s;,]/.test(token)) return null;

  const auth = getAuth(context.get(dbContext));
  const { secret, authCookies } = await auth.$context;
  // The cookie's own form is `token.signature` (URL-encoded); a bare session token is signed as better-auth would.
  const value = token.includes(".")
    ? token.includes("%")
      ? token
      : encodeURIComponent(token)
    : encodeURIComponent(`${token}.${createHmac("sha256", secret).update(token).digest("base64")}`);
  const headers = new Headers({ cookie: `${authCookies.sessionToken.name}=${value}` });
  headers.set(CLIENT_IP_HEADER, clientIp(context));
  const session = await auth.api.getSession({ headers, query: { disableRefresh: true } }).catch(() => null);
  return session?.user.id ?? null;
}

/**
 * The body as form data, refusing one larger than `limit` bytes: by its
 * Content-Length before reading anything, and while reading when none is
 * declared (a chunked upload).
 */
export async function readLimitedForm(request: Request, limit: number): Promise<{ ok: true; form: FormData } | { ok: false; status: 413 | 400 }> {
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > limit) return { ok: false, status: 413 };
  if (!request.body) return { ok: false, status: 400 };
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return { ok: false, status: 413 };
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  const contentType = request.headers.get("content-type") ?? "";
  const form = await new Response(body, { headers: { "Content-Type": contentType } }).formData().catch(() => null);
  return form ? { ok: true, form } : { ok: false, status: 400 };
}
