import { z } from "zod";

/**
 * Every setting the app reads, validated once at startup. Defaults make
 * `npm start` work on a fresh machine; production overrides them.
 */
const bool = z.enum(["on", "off", "true", "false", "1", "0"]).transform((v) => v === "on" || v === "true" || v === "1");

const optionalUrl = z.preprocess((v) => (v === "" ? undefined : v), z.url().optional());
const optionalString = z.preprocess((v) => (v === "" ? undefined : v), z.string().optional());

export const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    HOST: z.string().default("0.0.0.0"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    PUBLIC_URL: optionalUrl,
    /**
     * local: a laptop or a demo, where the built-in test payments and the dev mailbox are the defaults.
     * production: a deployment, whatever PUBLIC_URL says (a non-loopback PUBLIC_URL is one too).
     */
    APP_MODE: z.enum(["local", "production"]).default("local"),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: optionalUrl,
    /** How long startup keeps retrying an unreachable database before giving up. */
    DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(0).default(30_000),
    SEED_DEMO: bool.prefault("on"),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    TRUSTED_PROXIES: z.string().default(""),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
    /** Largest request body of any route without a rule of its own: bytes, or "512kb", "1mb". */
    BODY_LIMIT: z
      .string()
      .regex(/^\d+\s*(b|kb|mb)?$/i, 'a size such as "1048576", "512kb" or "1mb"')
      .default("1mb"),
    // Per-path body limits ahead of the built-in upload ones: "/account=8mb,/studio/maps/*/cover=20mb" (a "*" segment is any one segment).
    BODY_LIMITS: z
      .string()
      .regex(/^\s*(\/[^=,]*=\s*\d+\s*(b|kb|mb)?\s*(,\s*|$))*$/i, 'a list such as "/account=8mb,/api/creator-application=25mb"')
      .default(""),

    PRODUCT_NAME: z.string().min(1).default("Spotfolio"),
    INFO_EMAIL: z.email().default("info@spotfolio.app"),
    PRIVACY_EMAIL: z.email().default("privacy@spotfolio.app"),
    HELP_URL: z.url().default("https://help.spotfolio.app"),

    COMPANY_LEGAL_NAME: z.string().min(1).default("Spotfolio Maps S.L."),
    COMPANY_ADDRESS: z.string().min(1).default("Carrer de Pallars 108, 08018 Barcelona, Spain"),
    COMPANY_TAX_ID: z.string().min(1).default("B67123456"),
    COMPANY_REGISTRY: z.string().min(1).default("Registro Mercantil de Barcelona, Tomo 47210, Folio 112, Hoja B-548921, Inscripción 1ª"),
    /**
     * The company's own bank account, the debtor of the payout run's SEPA file (a demo account by
     * default: "la Caixa"'s published example IBAN, valid but nobody's). COMPANY_BIC may be empty
     * (the file then names the bank as NOTPROVIDED).
     */
    COMPANY_IBAN: z
      .string()
      .transform((v) => v.replace(/\s+/g, "").toUpperCase())
      .pipe(z.string().regex(/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/, "an IBAN such as ES9121000418450200051332"))
      .default("ES9121000418450200051332"),
    COMPANY_BIC: z.preprocess(
      (v) => (v === "" ? undefined : v),
      z
        .string()
        .regex(/^[A-Z0-9]{8}([A-Z0-9]{3})?$/, "a BIC such as CAIXESBBXXX")
        .optional(),
    ),

    BETTER_AUTH_SECRET: optionalString,
    SMTP_URL: optionalUrl,
    MAILBOX: bool.prefault("off"),
    /** From header of outgoing email; unset: "PRODUCT_NAME" <no-reply@(INFO_EMAIL's domain)>. */
    EMAIL_FROM: optionalString,
    /**
     * How many messages per second this instance sends at most (a post to every follower is many
     * messages: pacing keeps the SMTP server from refusing them). 0: no pacing.
     */
    EMAIL_RATE_PER_SECOND: z.coerce.number().min(0).default(20),
    REDIS_URL: optionalUrl,
    /** Put before every key this app writes to Redis, so several apps (or stages) can share one Redis. */
    REDIS_PREFIX: z.string().min(1).default("spotfolio:"),
    /** off: no rate limits at all (local debugging only). */
    RATE_LIMITS: bool.prefault("on"),
    /** Auth attempts allowed per client IP, per kind (sign-in, sign-up, magic link, password reset), per 15 minutes. */
    RATE_LIMIT_AUTH_PER_IP: z.coerce.number().int().min(1).default(50),
    /** Writes (any method but GET, HEAD, OPTIONS) per minute by one signed-in user: room for the Studio's autosave. */
    RATE_LIMIT_WRITES_PER_USER: z.coerce.number().int().min(1).default(120),
    /** Writes per minute from one IP by visitors who are not signed in. */
    RATE_LIMIT_WRITES_PER_IP: z.coerce.number().int().min(1).default(120),
    /** on: keep the built-in test payment provider in a deployment on purpose (see embedded-defaults.server.ts). */
    LOCAL_PAYMENTS: bool.prefault("off"),
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_PUBLISHABLE_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    /** Another host for Stripe's API (a local stand-in in tests), e.g. http://127.0.0.1:12111; unset: Stripe itself. */
    STRIPE_API_BASE: optionalUrl,
    GOOGLE_CLIENT_ID: optionalString,
    GOOGLE_CLIENT_SECRET: optionalString,
    FACEBOOK_CLIENT_ID: optionalString,
    FACEBOOK_CLIENT_SECRET: optionalString,
    /** Uploads in an S3-compatible bucket when S3_BUCKET is set; unset: local disk under DATA_DIR. */
    S3_BUCKET: optionalString,
    /** Another S3-compatible server (MinIO, R2, …), e.g. http://127.0.0.1:9000; unset: AWS S3 itself. */
    S3_ENDPOINT: optionalUrl,
    S3_REGION: z.string().min(1).default("us-east-1"),
    /** Unset both: the AWS SDK's own credentials (instance role, AWS_* variables). */
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    /** on: bucket in the path (http://host/bucket/key), as MinIO and most self-hosted servers need. */
    S3_FORCE_PATH_STYLE: bool.prefault("off"),
    // Membership plans: the provider's price ids and the amounts shown (EUR cents, VAT included).
    PRICE_PREMIUM_MONTH_ID: z.string().min(1).default("local_premium_month"),
    PRICE_PREMIUM_YEAR_ID: z.string().min(1).default("local_premium_year"),
    PRICE_SUPPORTER_MONTH_ID: z.string().min(1).default("local_supporter_month"),
    PRICE_SUPPORTER_YEAR_ID: z.string().min(1).default("local_supporter_year"),
    PRICE_PREMIUM_MONTH_CENTS: z.coerce.number().int().positive().default(500),
    PRICE_PREMIUM_YEAR_CENTS: z.coerce.number().int().positive().default(4800),
    PRICE_SUPPORTER_MONTH_CENTS: z.coerce.number().int().positive().default(1000),
    PRICE_SUPPORTER_YEAR_CENTS: z.coerce.number().int().positive().default(10000),
    /**
     * The interactive maps' street map: unset, OpenFreeMap's public "liberty" style (no key); a MapLibre
     * style URL, that style; "off", the offline Natural Earth basemap only. Whichever style is used, maps
     * fall back to the offline basemap when it does not answer.
     */
    MAP_STYLE_URL: z.preprocess((v) => (v === "" ? undefined : v), z.union([z.literal("off"), z.url()]).optional()),
    /**
     * Further origins a MAP_STYLE_URL style loads its tiles, glyphs or sprites from (comma-separated, e.g.
     * "https://tiles.example.com,https://fonts.example.com"): the CSP allows the style's own origin and these.
     */
    MAP_STYLE_HOSTS: z
      .string()
      .regex(/^\s*(https?:\/\/[a-z0-9.-]+(:\d+)?\s*(,\s*|$))*$/i, 'origins such as "https://tiles.example.com,https://fonts.example.com"')
      .default(""),
    /**
     * A self-hosted vector basemap, no third party: a PMTiles archive, as a path (relative to DATA_DIR, or
     * absolute) or an http(s) URL (a bucket). The app serves it at /basemap/tiles.pmtiles with range requests.
     */
    BASEMAP_PMTILES: optionalString,
    /**
     * Places by name (the Studio's place search, imports): a Photon or Nominatim search URL;
     * `off` for none. Default: the public Photon instance (fair use: self-host for heavy use).
     */
    GEOCODER_URL: z.preprocess((v) => (v === "" ? undefined : v), z.union([z.literal("off"), z.url()]).default("https://photon.komoot.io/api/")),
    /** Least time between two geocoder requests of this instance (Nominatim's policy asks for 1 per second; public Photon for fair use). */
    GEOCODER_MIN_INTERVAL_MS: z.coerce.number().int().min(0).default(1000),
    /** Rows without coordinates an import preview asks the geocoder about; the rest wait in the review queue. */
    IMPORT_GEOCODE_LIMIT: z.coerce.number().int().min(0).default(25),
    /**
     * The EU's VIES VAT register (its REST API base), asked about an EU VAT number from outside Spain
     * when tax settings are saved; `off` for never. Unreachable or unavailable is shown as such, never
     * as invalid. Default: the European Commission's service.
     */
    VIES_URL: z.preprocess(
      (v) => (v === "" ? undefined : v),
      z.union([z.literal("off"), z.url()]).default("https://ec.europa.eu/taxation_customs/vies/rest-api"),
    ),
    POSTHOG_KEY: optionalString,
    POSTHOG_HOST: optionalUrl,
    ADMIN_EMAILS: z.string().default(""),
    DEMO_ACCOUNTS: bool.prefault("off"),
    BUILD_CHECK_INTERVAL_MS: z.coerce.number().int().min(1000).default(300_000),
  })
  .superRefine((e, ctx) => {
    // Two basemaps at once would leave one of them quietly unused.
    if (e.BASEMAP_PMTILES && e.MAP_STYLE_URL)
      ctx.addIssue({
        code: "custom",
        path: ["MAP_STYLE_URL"],
        message: "leave it unset when BASEMAP_PMTILES is set (the self-hosted archive is the street map)",
      });
    if (e.MAP_STYLE_HOSTS.trim() && (!e.MAP_STYLE_URL || e.MAP_STYLE_URL === "off"))
      ctx.addIssue({ code: "custom", path: ["MAP_STYLE_HOSTS"], message: "only with a MAP_STYLE_URL style (OpenFreeMap's hosts are known)" });
    // With Stripe on, checkout needs the publishable key and the webhook its secret: refuse to start half-configured.
    for (const variable of ["STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET"] as const)
      if (e.STRIPE_SECRET_KEY && !e[variable]) ctx.addIssue({ code: "custom", path: [variable], message: "required when STRIPE_SECRET_KEY is set" });
    // Half an S3 configuration would quietly store uploads on local disk: refuse to start instead.
    for (const variable of ["S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const)
      if (e[variable] && !e.S3_BUCKET) ctx.addIssue({ code: "custom", path: [variable], message: "set S3_BUCKET too, or leave the S3_* settings empty" });
    if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY))
      ctx.addIssue({
        code: "custom",
        path: [e.S3_ACCESS_KEY_ID ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID"],
        message: "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together",
      });
  });

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {
  constructor(public readonly issues: { variable: string; message: string }[]) {
    super("Invalid environment:\n" + issues.map((i) => `  ${i.variable}: ${i.message}`).join("\n"));
    this.name = "EnvError";
  }
}

/** Parse an environment; throws EnvError naming every bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    throw new EnvError(
      result.error.issues.map((issue) => ({
        variable: String(issue.path[0] ?? "(unknown)"),
        message: issue.message,
      })),
    );
  }
  return result.data;
}

let cached: Env | undefined;
/** The validated process environment (parsed on first use). */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** Forget the parsed environment, so the next `env()` reads `process.env` again (tests that stub variables). */
export function resetEnvCache(): void {
  cached = undefined;
}
