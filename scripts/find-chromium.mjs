// Finds a Chromium for the browser tests: CHROMIUM_PATH, then Debian's headless shell (the same
// Chromium build in the form Playwright runs headless tests on by default; it costs the suite
// about half the CPU of the full browser, ADR 0054), then the usual system locations. On Debian
// as root it installs the `chromium-headless-shell` package.
import { spawnSync } from "node:child_process";
import { accessSync, constants } from "node:fs";

const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const CANDIDATES = [HEADLESS_SHELL, "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome", "/usr/bin/google-chrome-stable"];

function executable(p) {
  try {
    accessSync(p, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export function findChromium({ install = true } = {}) {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) {
    if (executable(configured)) return configured;
    throw new Error(`CHROMIUM_PATH=${configured} is not an executable file.`);
  }
  const root = typeof process.getuid === "function" && process.getuid() === 0;
  const apt = spawnSync("sh", ["-c", "command -v apt-get"]).status === 0;
  if (!executable(HEADLESS_SHELL) && install && root && apt) {
    console.log("Installing Debian's chromium-headless-shell package for the browser tests (apt-get)…");
    const aptEnv = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    const get = (args) => spawnSync("apt-get", args, { stdio: "inherit", env: aptEnv }).status === 0;
    // The package lists may be current already: update them only when the package is not found.
    if (!get(["install", "-y", "-qq", "chromium-headless-shell"]) && get(["update", "-qq"])) get(["install", "-y", "-qq", "chromium-headless-shell"]);
  }
  const found = CANDIDATES.find(executable);
  if (found) return found;
  throw new Error(
    "No Chromium found for the browser tests. Install one (Debian/Ubuntu: `sudo apt-get install chromium-headless-shell`) " +
      "or point CHROMIUM_PATH at a Chromium or Chrome binary.",
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(findChromium());
}
