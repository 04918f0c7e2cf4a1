/**
 * The app's Hono server with nothing behind it: no database (requests that reach one fail), no proxy,
 * logs silenced. For tests of what the server answers before React Router, or of a route module given
 * as `build` (tests/setup/server-build.ts).
 */
import pino from "pino";
import type { ServerBuild } from "react-router";
import type { Database } from "../../app/lib/db.server";
import { createApp, type AppOptions } from "../../server/app";

export function bareApp(options: Partial<AppOptions> = {}) {
  return createApp({
    build: { assets: { version: "test" } } as unknown as ServerBuild,
    clientDir: "build/client",
    mode: "test",
    log: pino({ level: "silent" }),
    db: {} as Database,
    trustedProxies: new Set(),
    ready: async () => true,
    isShuttingDown: () => false,
    https: false,
    ...options,
  });
}
