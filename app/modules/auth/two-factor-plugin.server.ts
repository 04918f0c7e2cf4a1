/**
 * better-auth's twoFactor plugin asks for the second factor only after a password sign-in
 * (/sign-in/email). Every other way in (a magic link, a Google or Facebook callback, the sign-in a
 * confirmation link gives) would hand out a session without it. This small plugin closes them the
 * same way the twoFactor plugin closes a password sign-in: the new session is dropped, a pending
 * challenge is stored (the plugin's own `2fa-…` verification rows and signed `two_factor` cookie,
 * so its verify endpoints finish it), and the browser goes to /auth/two-factor, which sends it on
 * to where the link was going. A device trusted for 30 days is not asked again, as with a password.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware } from "better-auth/api";
import { deleteSessionCookie } from "better-auth/cookies";
import { generateRandomString } from "better-auth/crypto";

/** The name an authenticator app shows the account under. */
export const TOTP_ISSUER = "Spotfolio";
/** "Trust this device": the plugin's 30 days. */
export const TRUST_DEVICE_SECONDS = 30 * 24 * 60 * 60;
/** How long a pending challenge lasts (the plugin's default). */
const CHALLENGE_SECONDS = 10 * 60;

/** better-auth's cookie names (prefixed by `advanced.cookiePrefix`), as the twoFactor plugin names them. */
const TWO_FACTOR_COOKIE = "two_factor";
const TRUST_DEVICE_COOKIE = "trust_device";

/** Where a pending second factor is asked. */
export const TWO_FACTOR_PAGE = "/auth/two-factor";

/** Sign-ins that are not a password: better-auth's paths for them. */
const OTHER_SIGN_IN_PATHS = new Set(["/magic-link/verify", "/callback/:id", "/verify-email"]);

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function secondFactorOnEveryPath() {
  return {
    id: "spotfolio-second-factor",
    hooks: {
      after: [
        {
          matcher: (context) => OTHER_SIGN_IN_PATHS.has(context.path ?? ""),
          handler: createAuthMiddleware(async (ctx) => {
            const data = ctx.context.newSession;
            const user = data?.user as { id: string; twoFactorEnabled?: boolean | null } | undefined;
            if (!data || !user?.twoFactorEnabled) return;

            // A device trusted after an earlier second factor (the twoFactor plugin's signed cookie,
            // checked as it checks it: an HMAC of the user and a live verification row).
            const trustCookie = ctx.context.createAuthCookie(TRUST_DEVICE_COOKIE, { maxAge: TRUST_DEVICE_SECONDS });
            const trusted = await ctx.getSignedCookie(trustCookie.name, ctx.context.secret);
            if (trusted) {
              const [token, identifier] = trusted.split("!");
              if (token && identifier) {
                const expected = createHmac("sha256", ctx.context.secret).update(`${user.id}!${identifier}`).digest("base64url");
                const row = sameText(token, expected) ? await ctx.context.internalAdapter.findVerificationValue(identifier) : null;
                if (row && row.value === user.id && row.expiresAt > new Date()) return;
              }
            }

            // Where the link was sending the browser: /auth/two-factor sends it there once the code is right.
            const returned = ctx.context.returned as { headers?: Headers } | undefined;
            const location = returned?.headers instanceof Headers ? returned.headers.get("location") : null;
            // Its path only: our /api/auth route has refused every return address off this site already,
            // and /auth/two-factor holds it to the same rule again.
            const target = location ? new URL(location, "http://localhost") : undefined;
            const next = target ? `${target.pathname}${target.search}${target.hash}` : "/";

            deleteSessionCookie(ctx, true);
            await ctx.context.internalAdapter.deleteSession(data.session.token);
            ctx.context.setNewSession(null);
            const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE, { maxAge: CHALLENGE_SECONDS });
            const identifier = `2fa-${generateRandomString(20)}`;
            const expiresAt = new Date(Date.now() + CHALLENGE_SECONDS * 1000);
            await ctx.context.internalAdapter.createVerificationValue({ value: user.id, identifier, expiresAt });
            await ctx.context.internalAdapter.createVerificationValue({ value: "0", identifier: `2fa-attempts-${identifier}`, expiresAt });
            await ctx.setSignedCookie(cookie.name, identifier, ctx.context.secret, cookie.attributes);
            throw ctx.redirect(`${TWO_FACTOR_PAGE}?${new URLSearchParams({ redirectTo: next })}`);
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
