/**
 * The whole server (Hono edge and React Router, tests/setup/app-build.ts) in-process on a test's
 * database, for tests of what the edge does: requests come "from" an address of the test's choice,
 * and every log line is kept. `listen()` puts it on a real loopback socket for tests of the
 * connection itself.
 */
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import pino from "pino";
import type { Database } from "~/lib/db.server";
import { createAuthForDatabase } from "~/modules/auth/auth.server";
import { enableDemoAccounts } from "~/modules/auth/demo-accounts.server";
import { type AppOptions, createApp } from "../../server/app";
import { createHitLane } from "../../server/hit-lane";
import { nodeFetch } from "../../server/kept-document";
import { appServerBuild } from "./app-build";

export interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

export interface EdgeServer {
  app: ReturnType<typeof createApp>;
  /** Every line the server logged (the access log, React Router's errors through `log`). */
  lines: LogLine[];
  /** One request, as if from `ip` (a socket's peer). */
  request: (url: string, init?: RequestInit, ip?: string) => Promise<Response>;
  /** How many requests over the socket the app itself answered (the rest the cache hit lane did: server/hit-lane.ts). */
  answeredByApp: () => number;
  /** On a loopback port the system picks; resolves to its base URL and a way to stop it. */
  listen: () => Promise<{ url: string; port: number; close: () => Promise<void> }>;
}

export async function edgeServer(db: Database, opts: Partial<AppOptions> = {}): Promise<EdgeServer> {
  const lines: LogLine[] = [];
  const log = pino({ level: "debug" }, { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) });
  const options: AppOptions = {
    build: opts.build ?? (await appServerBuild()),
    clientDir: "build/client",
    mode: "production",
    log,
    db,
    trustedProxies: new Set(),
    ready: async () => true,
    isShuttingDown: () => false,
    https: false,
    ...opts,
  };
  const app = createApp(options);
  let byApp = 0;
  const countedFetch: typeof app.fetch = (request, env) => {
    byApp++;
    return app.fetch(request, env);
  };
  return {
    app,
    lines,
    answeredByApp: () => byApp,
    request: async (url, init = {}, ip = "203.0.113.7") =>
      app.request(url, init, { incoming: { socket: { remoteAddress: ip, remotePort: 50000, remoteFamily: ip.includes(":") ? "IPv6" : "IPv4" } } }),
    listen: () =>
      new Promise((resolve) => {
        // As server/index.ts serves it: cache hits taken early, kept documents written to the socket as their chunks are.
        const server = serve({ fetch: nodeFetch(countedFetch, createHitLane(options)), port: 0, hostname: "127.0.0.1" }, (info: AddressInfo) => {
          resolve({
            url: `http://127.0.0.1:${info.port}`,
            port: info.port,
            close: () =>
              new Promise<void>((done) => {
                if ("closeAllConnections" in server) server.closeAllConnections();
                server.close(() => done());
              }),
          });
        });
      }),
  };
}

/** The session cookie of a demo-password account (`email` must exist), as a browser would send it. */
export async function sessionCookie(db: Database, email: string): Promise<string> {
  await enableDemoAccounts(db, [email]);
  const { headers } = await createAuthForDatabase(db).api.signInEmail({
    body: { email, password: "spotfolio-demo" },
    headers: new Headers({ "x-spotfolio-client-ip": "203.0.113.1" }),
    returnHeaders: true,
  });
  return headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}
