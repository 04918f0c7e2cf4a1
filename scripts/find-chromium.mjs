// Finds a Chromium for the browser tests: CHROMIUM_PATH, then the usual
// system locations. On Debian as root it installs the `chromium` package.
import { execFileSync, spawnSync } from "node:child_process";
import { accessSync, constants } from "node:fs";

const CANDIDATES = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome", "/usr/bin/google-chrome-stable"];

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
  const found = CANDIDATES.find(executable);
  if (found) return found;
  const root = typeof process.getuid === "function" && process.getuid() === 0;
  const apt = spawnSync("sh", ["-c", "command -v apt-get"]).status === 0;
  if (install && root && apt) {
    console.log("No Chromium found: installing Debian's chromium package (apt-get)…");
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
    execFileSync("apt-get", ["install", "-y", "-qq", "chromium"], { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
    const installed = CANDIDATES.find(executable);
    if (installed) return installed;
  }
  throw new Error(
    "No Chromium found for the browser tests. Install one (Debian/Ubuntu: `sudo apt-get install chromium`) " +
      "or point CHROMIUM_PATH at a Chromium or Chrome binary.",
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(findChromium());
}
