// `npm start`: build when the sources are newer than the build, then run the server.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const STAMP = "build/server-entry.js";
const SOURCES = ["app", "server", "db", "public", "package.json", "vite.config.ts", "react-router.config.ts"];

function newest(p) {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  let max = s.mtimeMs;
  for (const entry of readdirSync(p)) {
    if (entry === "node_modules" || entry.startsWith(".")) continue;
    max = Math.max(max, newest(path.join(p, entry)));
  }
  return max;
}

const built = existsSync(STAMP) && existsSync("build/server/index.js") ? statSync(STAMP).mtimeMs : 0;
if (!built || SOURCES.some((s) => newest(s) > built)) {
  console.log(built ? "sources changed since the last build: rebuilding" : "no build yet: building");
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// Run the server as a child and forward signals, so SIGTERM reaches it and it
// can shut down gracefully.
// Production React unless told otherwise: the development builds are several
// times slower at server rendering.
const env = { ...process.env, NODE_ENV: process.env.NODE_ENV ?? "production" };
const child = spawn(process.execPath, ["--enable-source-maps", "--env-file-if-exists=.env", STAMP], { stdio: "inherit", env });
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
