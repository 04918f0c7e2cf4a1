/**
 * better-auth 1.x core tables (user, session, account, verification). Ids are
 * text because better-auth generates string ids. The Drizzle adapter maps its
 * field names onto these camelCase properties; keep them as they are.
 * Profiles, subscriptions and the rest hang off `user.id` (see profiles.ts).
 */
import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { timestamps, timestamptz } from "./columns";

export const user = pgTable("user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  // better-auth's twoFactor plugin: true once a TOTP app is confirmed (docs/decisions/0041).
  twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
  ...timestamps(),
});

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamptz("expires_at").notNull(),
    token: text("token").notNull().unique(),
    ...timestamps(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
  },
  (t) => [index("session_user_id_idx").on(t.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamptz("access_token_expires_at"),
    refreshTokenExpiresAt: timestamptz("refresh_token_expires_at"),
    scope: text("scope"),
    password: text("password"),
    ...timestamps(),
  },
  (t) => [index("account_user_id_idx").on(t.userId), index("account_provider_account_idx").on(t.providerId, t.accountId)],
);

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamptz("expires_at").notNull(),
    ...timestamps(),
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

/**
 * Account suspensions by an admin (issue 25, item 7), current and past: a row without `liftedAt`
 * is in force (at most one per user). While one is, the account cannot sign in (better-auth's
 * session hook refuses, modules/auth) and the profile is unpublished, which hides the creator page,
 * maps, spots and posts everywhere (ADR 0033); `wasPublished` is what lifting puts back.
 */
export const userSuspensions = pgTable(
  "user_suspensions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** Told to the user (email, sign-in message): the statement of reasons. */
    reason: text("reason").notNull(),
    suspendedBy: text("suspended_by").references(() => user.id, { onDelete: "set null" }),
    suspendedAt: timestamptz("suspended_at").notNull(),
    /** Whether the profile was published when the suspension began. */
    wasPublished: boolean("was_published").notNull().default(false),
    liftedAt: timestamptz("lifted_at"),
    liftedBy: text("lifted_by").references(() => user.id, { onDelete: "set null" }),
  },
  (t) => [
    index("user_suspensions_user_id_idx").on(t.userId, t.suspendedAt),
    uniqueIndex("user_suspensions_in_force_idx")
      .on(t.userId)
      .where(sql`lifted_at is null`),
  ],
);

/**
 * better-auth's twoFactor plugin: one row per user who started or finished turning it on. The TOTP
 * secret and the recovery codes are stored encrypted with the auth secret (the plugin's default);
 * `verified` is false until the first code from the app is confirmed.
 */
export const twoFactor = pgTable(
  "two_factor",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    verified: boolean("verified").notNull().default(true),
    // The plugin's account lockout: consecutive wrong codes at sign-in, and until when it is locked.
    failedVerificationCount: integer("failed_verification_count").notNull().default(0),
    lockedUntil: timestamptz("locked_until"),
  },
  (t) => [index("two_factor_user_id_idx").on(t.userId)],
);
