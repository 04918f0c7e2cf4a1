/**
 * The production entry: validate the environment, migrate (and on an empty
 * database seed demo content), then serve the React Router build through Hono.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { serve } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { type Env, EnvError, env } from "../app/lib/env.server";
import { embeddedDefaults } from "../app/lib/embedded-defaults.server";
import { type Database, closeDb, getDb, migrateDatabase, pingDatabase } from "../app/lib/db.server";
import { demoContent, seedDemoIfEmpty } from "../db/seed/seed.server";
import { DEMO_PASSWORD, enableDemoAccounts } from "../app/modules/auth/demo-accounts.server";
import { startEmailDelivery } from "../app/modules/email/delivery.server";
import { startPostDelivery } from "../app/modules/posts/post-delivery.server";
import { advanceLocalMemberships } from "../app/modules/memberships/manage.server";
import { startMembershipEmails } from "../app/modules/memberships/membership-emails.server";
import { purgeDeletedSpots } from "../app/modules/spots/spot-trash.server";
import { applyConfiguredAdmins } from "../app/modules/auth/roles.server";
import { postHogConfig, postHogOrigins } from "../app/modules/analytics/posthog-config";
import type { logger as appLogger } from "../app/lib/logger.server";
import { rateLimitMode } from "../app/modules/rate-limit/rate-limit.server";
import { flushViewEvents } from "../app/modules/analytics/track.server";
import { archiveLocation, basemapSettings, checkArchive } from "../app/modules/basemap/index.server";
import { createApp } from "./app";
import { UPLOAD_BODY_LIMITS, parseBodyLimitRules, parseSize } from "./body-limit";
import { createHitLane } from "./hit-lane";
import { nodeFetch } from "./kept-document";
import { parseProxyList } from "./client-ip";

/**
 * The database may come up after the app (a container starting alongside, a failover): keep
 * trying for DB_CONNECT_TIMEOUT_MS with backoff, then stop with one line an operator can act on.
 */
async function openDatabase(config: Env, log: typeof appLogger): Promise<Database> {
  const deadline = Date.now() + config.DB_CONNECT_TIMEOUT_MS;
  let delay = 250;
  for (let attempt = 1; ; attempt++) {
    try {
      const db = await getDb();
      await migrateDatabase(db);
      return db;
    } catch (error) {
      const reason = connectionFailure(error);
      // Anything else (a broken migration, say) is a bug to read in full, not a setting to fix.
      if (!reason) throw error;
      const wait = Math.min(delay, deadline - Date.now());
      if (reason.retry && wait > 0) {
        log.warn({ attempt, reason: reason.message, retryInMs: wait }, "database not reachable yet, retrying");
        await new Promise((resolve) => setTimeout(resolve, wait));
        delay = Math.min(delay * 2, 5_000);
        continue;
      }
      const where = config.DATABASE_URL ? `DATABASE_URL (${describeUrl(config.DATABASE_URL)})` : `DATA_DIR (${config.DATA_DIR})`;
      const waited = reason.retry ? ` after ${Math.round(config.DB_CONNECT_TIMEOUT_MS / 1000)} s` : "";
      console.error(`Could not open the database at ${where}${waited}: ${reason.message}. Check ${config.DATABASE_URL ? "DATABASE_URL" : "DATA_DIR"}.`);
      process.exit(1);
    }
  }
}

// Errors that mean "the database is not there (yet)" (retry) or "these settings cannot work"
// (say so at once); undefined for anything else.
const TRANSIENT_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "EAI_AGAIN", "57P03", "53300"]);
const SETTING_CODES = new Set(["ENOTFOUND", "28P01", "28000", "3D000"]);
function connectionFailure(error: unknown): { retry: boolean; message: string } | undefined {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    const message = e.message || (e instanceof AggregateError ? String(e.errors[0]) : String(code));
    if (typeof code === "string" && TRANSIENT_CODES.has(code)) return { retry: true, message: message || code };
    if (typeof code === "string" && SETTING_CODES.has(code)) return { retry: false, message: message || code };
    if (/timeout exceeded when trying to connect|Connection terminated/i.test(e.message)) return { retry: true, message };
  }
  return undefined;
}

// host:port/database only: the password in a connection string never reaches the log.
function describeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || "5432"}${u.pathname}`;
  } catch {
    return "unparseable";
  }
}

async function main() {
  let config;
  try {
    config = env();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // A deployment never falls back to free test payments or the dev mailbox by accident.
  const defaults = embeddedDefaults(config);
  if (defaults.refusals.length > 0) {
    for (const line of defaults.refusals) console.error(line);
    process.exit(1);
  }
  // A self-hosted basemap that is not there stops the start with one line, not every map later.
  const maps = basemapSettings(config);
  const archive = maps.archive ? archiveLocation(maps.archive, config.DATA_DIR) : undefined;
  if (archive) {
    const checked = await checkArchive(archive);
    if (!checked.ok) {
      console.error(checked.message);
      process.exit(1);
    }
  }
  const { logger } = await import("../app/lib/logger.server");
  for (const line of defaults.notices) logger.warn(line);
  logger.info(maps.summary);
  const started = performance.now();

  const db = await openDatabase(config, logger);
  if (config.SEED_DEMO) {
    const seeded = await seedDemoIfEmpty(db, logger);
    if (seeded) logger.info(seeded, "seeded demo content into the empty database");
  }
  if (config.DEMO_ACCOUNTS) {
    const content = await demoContent();
    const enabled = await enableDemoAccounts(
      db,
      content.creators.map((c) => c.email),
    );
    logger.warn(
      { accounts: enabled, password: DEMO_PASSWORD },
      "DEMO_ACCOUNTS=on: the demo creators log in with a known password (never use this in production)",
    );
  }
  const admins = await applyConfiguredAdmins(db);
  if (admins > 0) logger.info({ admins }, "granted admin to the accounts listed in ADMIN_EMAILS");
  // Delivers queued email now (including any left pending before a restart) and as it is queued.
  const emailDelivery = startEmailDelivery({ db, logger });
  // The local payment provider's clock: trials and periods end, memberships renew or stop.
  const advanceMemberships = () =>
    advanceLocalMemberships(db)
      .then((r) => (r.ended || r.renewed ? logger.info(r, "local memberships advanced") : undefined))
      .catch((err: unknown) => logger.error({ err }, "could not advance local memberships"));
  void advanceMemberships();
  const membershipClock = setInterval(advanceMemberships, 60_000);
  membershipClock.unref();
  // Deleted spots whose undo window has closed leave the trash, and their photo files go.
  const purgeTrash = () =>
    purgeDeletedSpots(db)
      .then((purged) => (purged ? logger.info({ purged }, "deleted spots purged from the trash") : undefined))
      .catch((err: unknown) => logger.error({ err }, "could not purge deleted spots"));
  void purgeTrash();
  const trashClock = setInterval(purgeTrash, 15 * 60_000);
  trashClock.unref();
  // Published posts go to their creators' followers by email: now, and when scheduled ones come due.
  const postDelivery = startPostDelivery({ db, logger });
  // Reminders 3 days before a free trial turns into a charge: now (any that came due while no instance ran) and every few minutes.
  const membershipEmails = startMembershipEmails({ db, logger });

  const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
  const build = (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as ServerBuild;

  // Says where the limits are counted; an unreachable Redis is logged by the limiter as "rate limits: memory (Redis unreachable)".
  void rateLimitMode().then((mode) => {
    if (mode !== "memory (Redis unreachable)") logger.info({ mode }, `rate limits: ${mode}`);
  });

  let shuttingDown = false;
  const trustedProxies = parseProxyList(config.TRUSTED_PROXIES);
  const app = createApp({
    build,
    clientDir: path.relative(process.cwd(), path.join(buildDir, "client")) || ".",
    mode: config.NODE_ENV,
    log: logger,
    db,
    trustedProxies,
    ready: pingDatabase,
    rateLimits: rateLimitMode,
    isShuttingDown: () => shuttingDown,
    publicUrl: config.PUBLIC_URL,
    https: config.PUBLIC_URL?.startsWith("https:") ?? false,
    mapOrigins: maps.connectOrigins,
    basemapArchive: archive,
    analyticsOrigins: postHogOrigins(postHogConfig(config.POSTHOG_KEY, config.POSTHOG_HOST)),
    stripe: Boolean(config.STRIPE_SECRET_KEY),
    // Both settings are checked by the environment schema, so these parse.
    bodyLimits: { defaultBytes: parseSize(config.BODY_LIMIT) ?? 1024 * 1024, rules: [...parseBodyLimitRules(config.BODY_LIMITS), ...UPLOAD_BODY_LIMITS] },
  });

  // An anonymous visitor's current copy of a page is answered before the middleware, with the headers it gave that copy (ADR 0060).
  const hitLane = createHitLane({ log: logger, db, trustedProxies });
  const server = serve({ fetch: nodeFetch(app.fetch, hitLane), port: config.PORT, hostname: config.HOST }, (info) => {
    logger.info(
      { port: info.port, host: config.HOST, buildId: build.assets.version, startupMs: Math.round(performance.now() - started) },
      `${config.PRODUCT_NAME} listening on http://localhost:${info.port}`,
    );
  });

  const shutdown = (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info({ signal }, "shutting down: finishing in-flight requests");
    const force = setTimeout(() => {
      logger.warn("shutdown timeout reached: closing remaining connections");
      if ("closeAllConnections" in server) server.closeAllConnections();
    }, config.SHUTDOWN_TIMEOUT_MS);
    force.unref();
    server.close(async () => {
      clearInterval(membershipClock);
      clearInterval(trashClock);
      await postDelivery.stop().catch((err) => logger.error({ err }, "error stopping the post delivery job"));
      await membershipEmails.stop().catch((err) => logger.error({ err }, "error stopping the trial reminder job"));
      await emailDelivery.stop().catch((err) => logger.error({ err }, "error stopping email delivery"));
      // Views are queued off the request path: the last ones go in before the database closes.
      await flushViewEvents().catch((err) => logger.error({ err }, "error writing queued views"));
      await closeDb().catch((err) => logger.error({ err }, "error closing the database"));
      logger.info("shutdown complete");
      logger.flush?.();
      process.exit(0);
    });
    if ("closeIdleConnections" in server) server.closeIdleConnections();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
