/**
 * `joined` for accounts created by a social sign-in (Google, Facebook). Those
 * accounts are made inside better-auth's OAuth callback, not in our sign-up
 * action, so the event is recorded from its user-created hook: the visitor's
 * tracking id and last-click creator are read from the callback's own cookies
 * (the browser sends them to our callback URL like to any page of ours),
 * and only when the visitor accepted analytics cookies.
 */
import type { Database } from "~/lib/db.server";
import { readAnalyticsCookies, readConsent } from "./cookies.server";
import { trackEvent, type SignUpMethod } from "./track.server";

/** What this needs of better-auth's endpoint context (null outside a request). */
export interface AuthHookContext {
  path?: string;
  params?: Record<string, string | undefined> | null;
  headers?: Headers | null;
}

const SOCIAL: readonly SignUpMethod[] = ["google", "facebook"];

/** The social provider whose callback is creating this account, or null for any other creation. */
export function socialSignUpMethod(context: AuthHookContext | null | undefined): SignUpMethod | null {
  if (!context?.path || !/^\/(oauth2\/)?callback\//.test(context.path)) return null;
  const provider = context.params?.id ?? context.params?.providerId ?? context.path.split("/").pop() ?? "";
  return (SOCIAL as readonly string[]).includes(provider) ? (provider as SignUpMethod) : null;
}

/** Records `joined` when the account comes from a social callback; false otherwise. */
export async function trackSocialJoined(db: Database, userId: string, context: AuthHookContext | null | undefined): Promise<boolean> {
  const method = socialSignUpMethod(context);
  if (!method) return false;
  const header = context?.headers?.get("cookie");
  const consented = (await readConsent(header)) === "granted";
  const cookies = consented ? await readAnalyticsCookies(header) : { trackingId: null, referrerCreatorId: null };
  return trackEvent(
    db,
    { type: "joined", userId, anonymousId: cookies.trackingId, attributionCreatorId: cookies.referrerCreatorId, properties: { method } },
    { consented },
  );
}
