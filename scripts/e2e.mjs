// `npm run test:e2e`: find (or install) Chromium, build the production server,
// then run the Playwright suite against it.
import { spawnSync } from "node:child_process";
import { findChromium } from "./find-chromium.mjs";

let chromium;
try {
  chromium = findChromium();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
console.log(`browser tests use ${chromium}`);

const run = (cmd, args, env = {}) => {
  const result = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

if (!process.env.E2E_SKIP_BUILD) run("npm", ["run", "build"]);
run("npx", ["playwright", "test", ...process.argv.slice(2)], { CHROMIUM_PATH: chromium });
