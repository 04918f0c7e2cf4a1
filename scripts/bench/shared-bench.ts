/**
 * The outside-in measuring tools and the framework floor of `../shared/bench/`
 * (its README), used by `npm run bench` exactly as they are, from a private
 * copy. The shared folder is read-only here and in CI (where the repo is cloned
 * fresh beside it), and its tools install into their own folder, so the bench
 * copies it into `.bench/shared-bench/` (gitignored) and runs it there: its
 * first use installs autocannon, Lighthouse, playwright-core and Node 24 into
 * that copy and builds the floor. One script of ours joins them there:
 * signed-in-lighthouse.mjs (measureSignedIn), measure.sh lighthouse's measurement
 * with a session cookie, which measure.sh cannot send.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

const ROOT = process.cwd();
export const COPY_DIR = path.join(ROOT, ".bench", "shared-bench");
/** What the tools write or install inside the folder: never copied over, never part of the source stamp. */
const GENERATED = new Set(["node_modules", "build", ".react-router", "out"]);

/**
 * The shared folder: BENCH_SHARED_DIR, else `../shared/bench` beside this checkout, else beside
 * the main checkout when this one is a git worktree elsewhere (the shared folder sits beside
 * the main repository, not beside every worktree).
 */
export function findSharedBench(): string {
  const candidates = [process.env.BENCH_SHARED_DIR, path.resolve(ROOT, "../shared/bench")];
  const common = spawnSync("git", ["rev-parse", "--path-format=absolute", "--git-common-dir"], { cwd: ROOT, encoding: "utf8" });
  if (common.status === 0) candidates.push(path.resolve(path.dirname(common.stdout.trim()), "../shared/bench"));
  const found = candidates.find((dir) => dir && existsSync(path.join(dir, "measure.sh")));
  if (!found)
    throw new Error(`no ../shared/bench (with measure.sh) beside the repository; set BENCH_SHARED_DIR (looked in ${candidates.filter(Boolean).join(", ")})`);
  return found;
}

function sourceFiles(dir: string, base = dir): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir).sort()) {
    if (GENERATED.has(entry)) continue;
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) files.push(...sourceFiles(full, base));
    else files.push(path.relative(base, full));
  }
  return files;
}

function digest(dir: string, files: string[]): string {
  const hash = createHash("sha256");
  for (const file of files)
    hash
      .update(file)
      .update("\0")
      .update(readFileSync(path.join(dir, file)))
      .update("\0");
  return hash.digest("hex");
}

function run(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env) {
  const result = spawnSync(cmd, args, { cwd, stdio: ["ignore", "inherit", "inherit"], env });
  if (result.status !== 0) throw new Error(`${cmd} ${args.join(" ")} (in ${cwd}) failed with ${result.status}`);
}

/**
 * Brings the copy up to date with the shared folder (files changed there are copied again; the
 * installed tools and the floor's build are kept unless their inputs changed), then builds the
 * floor when its sources changed since its last build.
 */
export function prepareSharedBench(): void {
  const shared = findSharedBench();
  const files = sourceFiles(shared);
  for (const file of files) {
    const from = path.join(shared, file);
    const to = path.join(COPY_DIR, file);
    if (existsSync(to) && readFileSync(to).equals(readFileSync(from))) continue;
    mkdirSync(path.dirname(to), { recursive: true });
    rmSync(to, { force: true });
    copyFileSync(from, to);
  }
  console.log(`  measuring tools: ${shared}, run from ${path.relative(ROOT, COPY_DIR)}/`);

  // The floor: `npm ci && npm run build` (its npm scripts run on its own Node 24), again whenever its sources change.
  const floor = path.join(COPY_DIR, "floor");
  const stampFile = path.join(floor, "build", ".bench-stamp");
  const want = digest(floor, sourceFiles(floor));
  if (existsSync(stampFile) && readFileSync(stampFile, "utf8") === want && existsSync(path.join(floor, "node_modules", ".bin", "node"))) return;
  console.log("  building the framework floor (npm ci && npm run build)...");
  run("npm", ["ci", "--no-audit", "--no-fund", "--loglevel=error"], floor);
  run("npm", ["run", "build"], floor);
  writeFileSync(stampFile, want);
}

/** Starts the floor's production server (its own Node 24) on 127.0.0.1:`port`. */
export function startFloor(port: number): ChildProcess {
  const floor = path.join(COPY_DIR, "floor");
  return spawn(path.join(floor, "node_modules", ".bin", "node"), ["server.js"], {
    cwd: floor,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1" },
  });
}

export interface MeasureResult {
  /** Everything measure.sh printed on stdout (its own detail lines). */
  output: string;
  /** measure.sh's exit status: 1 when the figures are not a clean measurement (non-2xx, a failed run). */
  status: number;
}

/**
 * Runs `measure.sh <mode> <args>` from the copy and returns its output. Its lines are echoed
 * indented as they come, so a long run shows progress.
 */
export function measure(mode: "ssr" | "lighthouse" | "js", args: string[], env: NodeJS.ProcessEnv = {}): Promise<MeasureResult> {
  return echoed(
    spawn(path.join(COPY_DIR, "measure.sh"), [mode, ...args], {
      cwd: COPY_DIR,
      stdio: ["ignore", "pipe", "inherit"],
      env: { ...process.env, ...env },
    }),
  );
}

/** A measuring child's stdout, echoed indented as it comes, and its exit status. */
function echoed(child: ChildProcess): Promise<MeasureResult> {
  return new Promise((resolve, reject) => {
    const stdout = child.stdout!;
    let output = "";
    let pending = "";
    stdout.setEncoding("utf8");
    stdout.on("data", (chunk: string) => {
      output += chunk;
      pending += chunk;
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) console.log(`    | ${line}`);
    });
    child.once("error", reject);
    child.once("close", (status) => {
      if (pending) console.log(`    | ${pending}`);
      resolve({ output, status: status ?? 1 });
    });
  });
}

/** The value after `label:` on measure.sh's line that starts with it (its last line carries the figure). */
export function lineValue(output: string, label: string): string | undefined {
  const line = output
    .split("\n")
    .reverse()
    .find((l) => l.trimStart().startsWith(`${label}:`));
  return line
    ?.trimStart()
    .slice(label.length + 1)
    .trim();
}

/**
 * measure.sh lighthouse's measurement for a signed-in viewer, which measure.sh cannot be: our
 * signed-in-lighthouse.mjs, copied into the copy's lib/ (beside common.mjs, over the Lighthouse
 * measure.sh installed) and run on the copy's Node 24, with `cookie` sent on every request.
 * Reports land in out/`outName`/ (lighthouseReportPath(url, outName)). measure.sh lighthouse must
 * have run once before: it installs the tools.
 */
export function measureSignedIn(outName: string, urls: string[], cookie: string, env: NodeJS.ProcessEnv = {}): Promise<MeasureResult> {
  const node = path.join(COPY_DIR, "node_modules", ".bin", "node");
  if (!existsSync(path.join(COPY_DIR, "node_modules", "lighthouse")))
    throw new Error("the shared bench's tools are not installed: run measure.sh lighthouse first");
  const script = path.join(COPY_DIR, "lib", "signed-in-lighthouse.mjs");
  copyFileSync(path.join(ROOT, "scripts", "bench", "signed-in-lighthouse.mjs"), script);
  rmSync(path.join(COPY_DIR, "out", outName), { recursive: true, force: true });
  return echoed(
    spawn(node, [script, outName, ...urls], {
      cwd: COPY_DIR,
      stdio: ["ignore", "pipe", "inherit"],
      env: { ...process.env, ...env, LIGHTHOUSE_COOKIE: cookie },
    }),
  );
}

/** The JSON report measure.sh lighthouse (or measureSignedIn, in out/`outName`/) wrote for `url` (its file naming). */
export function lighthouseReportPath(url: string, outName = "lighthouse"): string {
  const slug = url
    .replace(/^https?:\/\//, "")
    .replace(/[^a-zA-Z0-9.-]+/g, "_")
    .replace(/_+$/, "");
  return path.join(COPY_DIR, "out", outName, `${slug}.json`);
}

export function clearLighthouseReports(): void {
  rmSync(path.join(COPY_DIR, "out", "lighthouse"), { recursive: true, force: true });
}
