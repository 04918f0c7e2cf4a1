/**
 * The built server as an operator starts it (`node build/server-entry.js`), for the specs that need
 * a server of their own besides Playwright's: with other settings (a refused start, social sign-in,
 * a deployment), to stop it (SIGTERM), or several of them (scale-out). One helper for all of them.
 */
import { expect } from "@playwright/test";
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

export interface Server {
  child: ChildProcess;
  port: number;
  /** `http://localhost:{port}` (the address better-auth accepts without PUBLIC_URL). */
  origin: string;
  /** Everything the process wrote to stdout and stderr so far. */
  output: () => string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  /** Waits for /readyz to answer 200 (failing at once if the process ends first). */
  ready: (timeout?: number) => Promise<void>;
  /** Kills the process (if still running) and removes the data folder made for it. */
  stop: () => Promise<void>;
}

/** A port nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Debian's libfaketime (package faketime), wherever the architecture puts it. */
function libfaketime(): string {
  const candidates = [
    ...readdirSync("/usr/lib", { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => path.join("/usr/lib", entry.name, "faketime", "libfaketime.so.1")),
    "/usr/lib/faketime/libfaketime.so.1",
    "/usr/local/lib/faketime/libfaketime.so.1",
  ];
  const found = candidates.find((file) => existsSync(file));
  if (!found) throw new Error("libfaketime.so.1 not found: install Debian's faketime package (apt-get install -y faketime)");
  return found;
}

/**
 * Start `node build/server-entry.js` on a free port (unless `env.PORT` says otherwise), in
 * production mode on loopback, with the embedded database in a fresh folder (unless `env` names a
 * DATABASE_URL or DATA_DIR), and `env` on top; with `clockAheadSeconds`, its clock that far ahead.
 */
export async function startServer(env: Record<string, string> = {}, options: { clockAheadSeconds?: number } = {}): Promise<Server> {
  const port = env.PORT !== undefined ? Number(env.PORT) : await freePort();
  const dataDir = env.DATA_DIR === undefined ? mkdtempSync(path.join(tmpdir(), "spotfolio-e2e-server-")) : undefined;
  // A server whose clock runs ahead (libfaketime, Debian's `faketime`): a month can be over for it
  // while the browser's clock is today's, so cookies it sets stay valid in the browser. The library
  // is preloaded into node itself rather than through the `faketime` command, which runs the server
  // as its child and does not pass signals on: stopping it left the server running (two servers
  // on one data folder, and servers outliving the run).
  const clock = options.clockAheadSeconds ? { LD_PRELOAD: libfaketime(), FAKETIME: `+${Math.round(options.clockAheadSeconds)}` } : {};
  const child = spawn(process.execPath, ["build/server-entry.js"], {
    env: {
      ...process.env,
      ...clock,
      HOST: "127.0.0.1",
      NODE_ENV: "production",
      LOG_LEVEL: "info",
      DATABASE_URL: "",
      BUILD_CHECK_INTERVAL_MS: "600000",
      // Never the public geocoder (GEOCODER_URL's default): a spec that wants one passes its own.
      GEOCODER_URL: "off",
      VIES_URL: "off",
      ...(dataDir ? { DATA_DIR: dataDir } : {}),
      ...env,
      PORT: String(port),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const origin = `http://localhost:${port}`;
  return {
    child,
    port,
    origin,
    output: () => output,
    exited,
    async ready(timeout = 150_000) {
      await expect
        .poll(
          async () => {
            if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}: ${output.slice(-1000)}`);
            return (await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null))?.status;
          },
          { message: `the server on port ${port} is ready (output so far: ${output.slice(-500)})`, timeout, intervals: [250, 500] },
        )
        .toBe(200);
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGKILL");
        await exited;
      }
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
