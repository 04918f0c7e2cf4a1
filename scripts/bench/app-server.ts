/**
 * The app as `npm run bench` measures it: the production build (`npm run build`), started the
 * way `npm start` runs it, on PGlite under a DATA_DIR of its own or on a PostgreSQL database.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";

const ROOT = process.cwd();

/** `dataDir` is the DATA_DIR (uploads; the PGlite database too unless `databaseUrl` is given). */
export function startApp(port: number, dataDir: string, databaseUrl?: string, extraEnv: NodeJS.ProcessEnv = {}): ChildProcess {
  // BENCH_APP_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof": where the app's time goes under the bench's load.
  const nodeArgs = process.env.BENCH_APP_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, "build/server-entry.js"], {
    cwd: ROOT,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "error",
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? "",
      ...extraEnv,
    },
  });
  // A server that goes away before stop() asks it to says how (a crash prints its error; a kill only this).
  child.once("exit", (code, signal) => {
    if (!stopping.has(child)) console.error(`  the app on port ${port} exited on its own: ${signal ?? `code ${code}`}`);
  });
  return child;
}

const stopping = new WeakSet<ChildProcess>();

/** Waits until `url` answers 2xx; returns the milliseconds it took. */
export async function waitFor(url: string, child: ChildProcess, timeoutMs = 180_000): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited with ${child.signalCode ?? child.exitCode}`);
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.ok) return performance.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`timed out waiting for ${url}`);
}

export async function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  stopping.add(child);
  await new Promise<void>((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
  return kb / 1024;
}

/** Pages are fetched as a browser gets them: bots get a bare status on errors. */
export const BROWSER_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36";

/** Fails unless `url` answers 200 (measure.sh refuses redirects and errors anyway; this says which page). */
export async function expectOk(url: string, headers: Record<string, string> = {}): Promise<void> {
  const res = await fetch(url, { headers: { "User-Agent": BROWSER_UA, ...headers }, redirect: "manual" });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
}
