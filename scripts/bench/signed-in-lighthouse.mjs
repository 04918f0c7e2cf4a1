// `npm run bench`'s signed-in Lighthouse (issue 27): measure.sh lighthouse's measurement (its
// lib/lighthouse.mjs: default config, mobile, simulated throttling, one fresh Debian Chromium per
// run, Lighthouse's median of LIGHTHOUSE_RUNS) with one difference: every request carries the
// Cookie header in LIGHTHOUSE_COOKIE, through Lighthouse's `extraHeaders` setting (a cookie set in
// the browser would not survive Lighthouse's storage reset before it loads the page).
//
//   node lib/signed-in-lighthouse.mjs OUT_NAME URL [URL...]   (LIGHTHOUSE_COOKIE, LIGHTHOUSE_RUNS)
//
// measure.sh cannot send a cookie, so shared-bench.ts (measureSignedIn) copies this file into
// the bench's copy of the shared tools (.bench/shared-bench/lib/), where it imports the Lighthouse
// and chrome-launcher measure.sh installed there and the shared lib's Chromium flags, and runs it
// on the Node 24 installed there. Reports land in .bench/shared-bench/out/OUT_NAME/, named as
// measure.sh names them; the last line is `lighthouse-min: P/A/BP/SEO`, as measure.sh's.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import { CHROME_FLAGS, CHROME_PATH, fail, loopbackUrl, withTimeout } from "./common.mjs";

const [outName, ...rawUrls] = process.argv.slice(2);
if (!outName || !/^[a-z0-9-]+$/.test(outName) || rawUrls.length === 0) fail("usage: signed-in-lighthouse.mjs OUT_NAME URL [URL...]");
const urls = rawUrls.map(loopbackUrl);
const cookie = process.env.LIGHTHOUSE_COOKIE;
if (!cookie) fail("LIGHTHOUSE_COOKIE (the signed-in viewer's Cookie header) is not set");

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const PER_URL_TIMEOUT_MS = 180_000;
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 1);
if (!Number.isInteger(RUNS) || RUNS < 1 || RUNS > 9) fail(`LIGHTHOUSE_RUNS must be 1..9, got ${process.env.LIGHTHOUSE_RUNS}`);
const outDir = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "out", outName);

async function audit(url) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: "silent" });
  try {
    const result = await withTimeout(
      lighthouse(url, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: CATEGORIES,
        maxWaitForFcp: 30_000,
        maxWaitForLoad: 45_000,
        extraHeaders: { Cookie: cookie },
      }),
      PER_URL_TIMEOUT_MS,
      `Lighthouse on ${url}`,
    );
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
    return result;
  } finally {
    await chrome.kill();
  }
}

// The audits that cost points in a category, so a score below 100 says why (as measure.sh prints them).
function lostPoints(lhr, id) {
  return lhr.categories[id].auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((a) => a && a.score !== null && a.score < 1 && a.scoreDisplayMode !== "informative" && a.scoreDisplayMode !== "notApplicable")
    .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ""}`);
}

const minimum = Object.fromEntries(CATEGORIES.map((c) => [c, 100]));
let failed = false;
mkdirSync(outDir, { recursive: true });

for (const url of urls) {
  const started = Date.now();
  let lhr;
  try {
    const results = [];
    for (let run = 0; run < RUNS; run++) results.push(await audit(url));
    const valid = results.filter((r) => !r.lhr.runtimeError);
    const chosen = valid.length ? results.find((r) => r.lhr === computeMedianRun(valid.map((v) => v.lhr))) : results[0];
    lhr = chosen.lhr;
    const slug = url
      .replace(/^https?:\/\//, "")
      .replace(/[^a-zA-Z0-9.-]+/g, "_")
      .replace(/_+$/, "");
    writeFileSync(path.join(outDir, `${slug}.json`), chosen.report);
  } catch (err) {
    console.log(`${url}\n  FAILED: ${err.message}`);
    failed = true;
    for (const c of CATEGORIES) minimum[c] = 0;
    continue;
  }
  if (lhr.runtimeError) {
    console.log(`${url}\n  FAILED: ${lhr.runtimeError.code}: ${lhr.runtimeError.message.replace(/\s+/g, " ")}`);
    failed = true;
    for (const c of CATEGORIES) minimum[c] = 0;
    continue;
  }
  // The page as the viewer got it: a redirect (to the login page, say) means the cookie did not sign in.
  if (lhr.finalDisplayedUrl !== url) console.log(`  warning: ${url} ended on ${lhr.finalDisplayedUrl}`);
  const scores = CATEGORIES.map((c) => {
    const score = lhr.categories[c]?.score;
    const value = score === null || score === undefined ? 0 : Math.round(score * 100);
    minimum[c] = Math.min(minimum[c], value);
    return value;
  });
  const a = lhr.audits;
  console.log(url);
  console.log(`  ${CATEGORIES.map((c, i) => `${c} ${scores[i]}`).join("  ")}`);
  console.log(
    `  FCP ${Math.round(a["first-contentful-paint"].numericValue)} ms  LCP ${Math.round(a["largest-contentful-paint"].numericValue)} ms  ` +
      `TBT ${Math.round(a["total-blocking-time"].numericValue)} ms  CLS ${a["cumulative-layout-shift"].numericValue.toFixed(3)}  ` +
      `(${RUNS > 1 ? `median of ${RUNS} runs, ` : ""}${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  for (const c of CATEGORIES) {
    const lost = lostPoints(lhr, c);
    if (lost.length) console.log(`  ${c} loses points on: ${lost.join(", ")}`);
  }
  for (const warning of lhr.runWarnings ?? []) console.log(`  lighthouse warning: ${warning.replace(/\s+/g, " ")}`);
}

console.log(`lighthouse-min: ${CATEGORIES.map((c) => minimum[c]).join("/")}`);
process.exit(failed ? 1 : 0);
