/**
 * better-auth, configured once per process: email + password with required
 * verification, magic link (never creates users), Google and Facebook when
 * their keys are set, password reset that revokes old sessions, email change
 * and account deletion. Mail goes through the outbox.
 *
 * The raw JSON endpoints that would bypass our forms (validation, rate
 * limits, the privacy audit row) are switched off on the HTTP router; our
 * actions call the same endpoints in-process through `auth.api`.
 */
import { trackSocialJoined } from "~/modules/analytics/index.server";
import { randomBytes, randomUUID } from "node:crypto";
import { betterAuth, type BetterAuthOptions } from "better-auth";
import { createEmailVerificationToken } from "better-auth/api";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { magicLink, twoFactor as twoFactorPlugin } from "better-auth/plugins";
import { and, eq } from "drizzle-orm";
import { account, profiles, session, twoFactor, user, verification } from "#db/schema";
import type { Database, Transaction } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { singleton } from "~/lib/singleton.server";
import { limitAccountAction } from "~/modules/rate-limit/index.server";
import { isConfiguredAdmin } from "./roles.server";
import { refuseSuspendedSession } from "./suspension.server";
import { queueEmail, rehearse, sendEmail } from "~/modules/email/index.server";
import { authSecret } from "~/lib/secret.server";
import { AUTH_COOKIE_PREFIX, SESSION_MAX_AGE_SECONDS, SESSION_UPDATE_AGE_SECONDS } from "./session-cookie";
import { secondFactorOnEveryPath, TOTP_ISSUER, TRUST_DEVICE_SECONDS } from "./two-factor-plugin.server";

export const MAGIC_LINK_EXPIRES_SECONDS = 15 * 60;

export type SocialProvider = "google" | "facebook";

/** The social providers whose keys are configured; the others' buttons are hidden. */
export function configuredSocialProviders(): SocialProvider[] {
  const e = env();
  const providers: SocialProvider[] = [];
  if (e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET) providers.push("google");
  if (e.FACEBOOK_CLIENT_ID && e.FACEBOOK_CLIENT_SECRET) providers.push("facebook");
  return providers;
}

function baseURL(): BetterAuthOptions["baseURL"] {
  const { PUBLIC_URL, PORT } = env();
  if (PUBLIC_URL) return PUBLIC_URL.replace(/\/+$/, "");
  // No public URL configured (local use): accept this machine's own names only,
  // so a forged Host header can never put a foreign origin into an emailed link.
  return {
    allowedHosts: ["localhost", "localhost:*", "127.0.0.1", "127.0.0.1:*", "[::1]", "[::1]:*"],
    fallback: `http://localhost:${PORT}`,
    protocol: "http",
  };
}

/** Whether an account uses this address (any case). */
export async function accountExists(db: Database, email: string): Promise<boolean> {
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email.trim().toLowerCase())).limit(1);
  return row !== undefined;
}

/**
 * What better-auth's requestPasswordReset does for an address with an account (look the user and
 * their sign-in methods up, store the link's verification row, pick the template, render and queue
 * the email), done for an address without one inside a transaction that is rolled back: the request
 * costs the same reads and writes, and nothing is kept or sent.
 */
export async function rehearsePasswordReset(db: Database, email: string, redirectTo: string): Promise<void> {
  const token = randomBytes(18).toString("base64url");
  const { PUBLIC_URL, PORT } = env();
  const url = `${(PUBLIC_URL ?? `http://localhost:${PORT}`).replace(/\/+$/, "")}/api/auth/reset-password/${token}?callbackURL=${encodeURIComponent(redirectTo)}`;
  await rehearse(db, async (tx) => {
    const [found] = await tx.select({ id: user.id }).from(user).where(eq(user.email, email.trim().toLowerCase())).limit(1);
    const userId = found?.id ?? "";
    await tx.select({ id: account.id }).from(account).where(eq(account.userId, userId));
    await tx
      .insert(verification)
      .values({ id: randomUUID(), identifier: `reset-password:${token}`, value: userId, expiresAt: new Date(Date.now() + 60 * 60 * 1000) });
    const template = (await hasPassword(tx, userId)) ? "reset-password" : "invitation";
    await queueEmail(tx, { to: email, template, payload: { url } });
  });
}

/**
 * What a sign-up does for a new address after hashing the password (better-auth hashes for a
 * registered address as well): create the user, its profile and its password login, count the
 * confirmation mail against the hourly share, sign the link, look the address up and queue the
 * mail. Done for an address that already has an account, for a placeholder user inside a
 * transaction that is rolled back: the answer costs the same reads and writes, and nothing is kept
 * or sent (issue 28, item 8).
 */
export async function rehearseSignUp(db: Database, email: string, name: string, callbackURL: string): Promise<void> {
  const id = randomBytes(16).toString("hex");
  const placeholder = `${id}@sign-up.invalid`;
  const { PUBLIC_URL, PORT } = env();
  await limitAccountAction("verification-email", placeholder);
  const token = await createEmailVerificationToken(authSecret(), placeholder, undefined, 24 * 60 * 60, { userId: id });
  const url = `${(PUBLIC_URL ?? `http://localhost:${PORT}`).replace(/\/+$/, "")}/api/auth/verify-email?token=${token}&callbackURL=${encodeURIComponent(callbackURL)}`;
  await rehearse(db, async (tx) => {
    const now = new Date();
    await tx.insert(user).values({ id, email: placeholder, name, emailVerified: false, createdAt: now, updatedAt: now });
    await tx
      .insert(profiles)
      .values({ id, displayName: name || null, isAdmin: false })
      .onConflictDoNothing();
    await tx.insert(account).values({ id: randomUUID(), userId: id, accountId: id, providerId: "credential", password: "", createdAt: now, updatedAt: now });
    await tx.select({ email: user.email }).from(user).where(eq(user.id, id)).limit(1);
    await queueEmail(tx, { to: email, template: "verify-email", payload: { url } });
  });
}

/** Whether the account has a password: one made during a purchase has none until its invitation is used. */
export async function hasPassword(db: Database | Transaction, userId: string): Promise<boolean> {
  const [credential] = await db
    .select({ id: account.id })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, "credential")))
    .limit(1);
  return credential !== undefined;
}

export async function emailOfUser(db: Database, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ email: user.email }).from(user).where(eq(user.id, userId)).limit(1);
  return row?.email;
}

function createAuth(db: Database) {
  const e = env();
  const secure = e.PUBLIC_URL?.startsWith("https:") ?? false;
  const socialProviders: BetterAuthOptions["socialProviders"] = {};
  if (e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET) {
    socialProviders.google = { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET, prompt: "select_account" };
  }
  if (e.FACEBOOK_CLIENT_ID && e.FACEBOOK_CLIENT_SECRET) {
    socialProviders.facebook = { clientId: e.FACEBOOK_CLIENT_ID, clientSecret: e.FACEBOOK_CLIENT_SECRET };
  }

  return betterAuth({
    appName: e.PRODUCT_NAME,
    baseURL: baseURL(),
    basePath: "/api/auth",
    secret: authSecret(),
    database: drizzleAdapter(db, { provider: "pg", schema: { user, session, account, verification, twoFactor } }),
    // Our own limiter (per IP and per email, shared through Redis) guards the forms.
    rateLimit: { enabled: false },
    disabledPaths: [
      "/sign-up/email",
      "/sign-in/email",
      "/sign-in/magic-link",
      "/request-password-reset",
      "/reset-password",
      "/change-password",
      "/update-user",
      "/change-email",
      "/delete-user",
      // Resending the confirmation happens by signing in (emailVerification.sendOnSignIn), under our limits.
      "/send-verification-email",
      // These answer with (or take) session tokens, the credential behind the httpOnly cookie: a script
      // on our origin must never read them. /account lists sessions by id (modules/account/sessions.server.ts).
      "/get-session",
      "/list-sessions",
      "/revoke-session",
      "/revoke-sessions",
      "/revoke-other-sessions",
      // Two-factor: turned on and off, and its codes checked, only through our forms (/account,
      // /auth/two-factor), which add our rate limits and never hand a secret to a script.
      "/two-factor/enable",
      "/two-factor/disable",
      "/two-factor/get-totp-uri",
      "/two-factor/verify-totp",
      "/two-factor/verify-backup-code",
      "/two-factor/generate-backup-codes",
      "/two-factor/send-otp",
      "/two-factor/verify-otp",
    ],
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 8,
      maxPasswordLength: 255,
      autoSignIn: false,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user: u, url }) => {
        // An account made during a purchase has no password yet: its first link is an invitation.
        const template = (await hasPassword(db, u.id)) ? "reset-password" : "invitation";
        await sendEmail(db, { to: u.email, template, payload: { url } });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user: u, url }) => {
        // An email change sends the link to the new address while the account
        // still holds the old one: that mail says "confirm your new address".
        // One inbox gets a few confirmation links an hour, however they are asked for (sign-up, a
        // sign-in before confirming, an email change): past that they are not sent.
        const limit = await limitAccountAction("verification-email", u.email);
        if (!limit.allowed) {
          logger.warn({ userId: u.id }, "confirmation email not sent: this address had its share this hour");
          return;
        }
        const current = await emailOfUser(db, u.id);
        if (current && current.toLowerCase() !== u.email.toLowerCase()) {
          await sendEmail(db, { to: u.email, template: "change-email", payload: { url, newEmail: u.email } });
        } else {
          await sendEmail(db, { to: u.email, template: "verify-email", payload: { url } });
        }
      },
    },
    socialProviders,
    account: { accountLinking: { enabled: true, trustedProviders: ["google", "facebook"] } },
    user: {
      changeEmail: { enabled: true },
      deleteUser: { enabled: true },
    },
    session: {
      expiresIn: SESSION_MAX_AGE_SECONDS,
      updateAge: SESSION_UPDATE_AGE_SECONDS,
    },
    advanced: {
      useSecureCookies: secure,
      cookiePrefix: AUTH_COOKIE_PREFIX,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", path: "/", secure },
      // The client IP comes from our own proxy-aware resolution (server/client-ip.ts).
      ipAddress: { ipAddressHeaders: ["x-spotfolio-client-ip"] },
    },
    databaseHooks: {
      // A suspended account gets no session, however it signs in (issue 25, item 7).
      session: { create: { before: async (created) => refuseSuspendedSession(db, created.userId) } },
      user: {
        create: {
          // Every account has a profile from the start (same id).
          after: async (created, context) => {
            await db
              .insert(profiles)
              .values({ id: created.id, displayName: created.name || null, isAdmin: isConfiguredAdmin(created.email) })
              .onConflictDoNothing();
            // Email sign-ups are tracked by our sign-up action; social ones are created here.
            await trackSocialJoined(db, created.id, context);
          },
        },
      },
    },
    plugins: [
      // TOTP with recovery codes (docs/decisions/0041): a password sign-in of an account that has it on
      // ends with a pending challenge (the `two_factor` cookie) instead of a session.
      twoFactorPlugin({ issuer: TOTP_ISSUER, trustDeviceMaxAge: TRUST_DEVICE_SECONDS }),
      // ...and so do the magic link, the social callbacks and a confirmation link's sign-in.
      secondFactorOnEveryPath(),
      magicLink({
        disableSignUp: true,
        expiresIn: MAGIC_LINK_EXPIRES_SECONDS,
        sendMagicLink: async ({ email, url }) => {
          // Unknown addresses get the same answer as known ones, after the same work (render, insert), and no mail.
          const [known] = await db.select({ id: user.id }).from(user).where(eq(user.email, email.toLowerCase())).limit(1);
          const message = { to: email, template: "magic-link", payload: { url } } as const;
          if (known) await sendEmail(db, message);
          else await rehearse(db, (tx) => queueEmail(tx, message));
        },
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** The auth instance over `db` (created on first use, then kept as long as the database). */
export function getAuth(db: Database): Auth {
  const instances = singleton("authByDatabase", () => new WeakMap<Database, Auth>());
  let auth = instances.get(db);
  if (!auth) {
    auth = createAuth(db);
    instances.set(db, auth);
  }
  return auth;
}

/** Tests build their own instance over their own database. */
export { createAuth as createAuthForDatabase };
