/**
 * One-spot save in the Studio (part of `npm run bench`; alone: `npx tsx scripts/bench/spot-save.ts`).
 *
 * A creator's 500-spot map in a fresh database (real migrations), then the
 * function the spot panel's autosave calls, `updateSpot`, timed in process:
 * a published spot renamed (one UPDATE with the version and owner in its
 * WHERE), and a draft spot saved as a draft (the transaction that guards the
 * 30-spot rule). Prints p50/p95 per database. Also the editor's data load
 * (`loadEditor`, what /studio/maps/{mapId}'s loader reads: the map, its 500
 * spots in order, the categories) and a reorder of all 500 spots (one
 * transaction). Figures only: nothing is asserted.
 *
 * Environment:
 *   BENCH_SAVE_ROUNDS   timed saves per case (default 300, after 30 warm-up saves)
 *   BENCH_SAVE_DRIVERS  which databases (default "postgres,pglite")
 *   BENCH_SEARCH_PG_URL a maintenance connection (default postgres://postgres@127.0.0.1:5432/postgres);
 *                       the bench creates and drops database spotfolio_bench_save on that server
 */
import path from "node:path";
import type { Database } from "~/lib/db.server";
import { loadEditor } from "../../app/modules/maps/map-editing.server";
import { updateSpot } from "../../app/modules/spots/spot-editing.server";
import { reorderSpots } from "../../app/modules/spots/spot-placement.server";
import { parseEditorSpots } from "../../app/modules/spots/editable-spot";
import { createCreator, createMap } from "#db/seed/factories";
import { onEachDatabase } from "./bench-db";
import { ms, percentile, type Report } from "./stats";

const BENCH_DB = "spotfolio_bench_save";
const SPOTS = 500;
const ROUNDS = Number(process.env.BENCH_SAVE_ROUNDS ?? 300);
const WARM_UP = 30;

async function timeSaves(db: Database, creatorId: string, mapId: string, spotId: string, patch: (i: number) => Record<string, unknown>): Promise<number[]> {
  let version = 1;
  const samples: number[] = [];
  for (let i = 0; i < WARM_UP + ROUNDS; i++) {
    const started = performance.now();
    const result = await updateSpot(db, creatorId, mapId, spotId, patch(i), version);
    const elapsed = performance.now() - started;
    if (!result.ok) throw new Error(`save ${i} was refused: ${JSON.stringify(result).slice(0, 200)}`);
    version = result.spot.version;
    if (i >= WARM_UP) samples.push(elapsed);
  }
  return samples;
}

async function benchSaves(db: Database, name: string, report: Report) {
  const { profile } = await createCreator(db);
  const { map, spots } = await createMap(
    db,
    { isPublished: true },
    { ownerId: profile.id, spots: SPOTS, spotOverrides: (p) => (p === SPOTS - 1 ? { isPublished: false } : {}) },
  );
  const fields = { summary: "Saved by the bench.", visibility: "public", website: "https://example.com/" };
  const renamed = await timeSaves(db, profile.id, map.id, spots[0].id, (i) => ({ ...fields, name: `Renamed ${i}`, isPublished: "true" }));
  const draft = await timeSaves(db, profile.id, map.id, spots[SPOTS - 1].id, (i) => ({ ...fields, name: `Draft ${i}`, isPublished: "false" }));
  const line = (samples: number[]) => `p50 ${ms(percentile(samples, 50))}, p95 ${ms(percentile(samples, 95))} (${samples.length} saves)`;
  report(`spot save ${name}, ${SPOTS}-spot map: published spot (ms)`, line(renamed));
  report(`spot save ${name}, ${SPOTS}-spot map: draft spot, 30-spot check (ms)`, line(draft));

  const loads: number[] = [];
  for (let i = 0; i < WARM_UP + ROUNDS; i++) {
    const started = performance.now();
    const editor = await loadEditor(db, profile.id, map.id);
    const elapsed = performance.now() - started;
    // Read here, after the timing: the page passes the list to the browser unread.
    if (!editor || parseEditorSpots(editor.spots).length !== SPOTS) throw new Error(`editor load ${i}: expected ${SPOTS} spots`);
    if (i >= WARM_UP) loads.push(elapsed);
  }
  report(`editor data load ${name}, ${SPOTS}-spot map (ms)`, `p50 ${ms(percentile(loads, 50))}, p95 ${ms(percentile(loads, 95))} (${loads.length} loads)`);

  // Reverse the whole list, then back, and so on: every position changes each time.
  let order = spots.map((s) => s.id);
  const reorders: number[] = [];
  const reorderRounds = Math.max(10, Math.round(ROUNDS / 10));
  for (let i = 0; i < 3 + reorderRounds; i++) {
    order = [...order].reverse();
    const started = performance.now();
    const result = await reorderSpots(db, profile.id, map.id, order);
    const elapsed = performance.now() - started;
    if (!result.ok) throw new Error(`reorder ${i} was refused: ${JSON.stringify(result).slice(0, 200)}`);
    if (i >= 3) reorders.push(elapsed);
  }
  report(
    `reorder ${name}, all ${SPOTS} spots in one transaction (ms)`,
    `p50 ${ms(percentile(reorders, 50))}, p95 ${ms(percentile(reorders, 95))} (${reorders.length} reorders)`,
  );
}

/** Runs the one-spot save bench on the databases in BENCH_SAVE_DRIVERS. */
export async function runSpotSave(report: Report): Promise<void> {
  await onEachDatabase({ name: BENCH_DB, label: "spot save", driversVariable: "BENCH_SAVE_DRIVERS" }, report, (db, where) => benchSaves(db, where, report));
}

if (process.argv[1]?.endsWith(`${path.sep}spot-save.ts`)) {
  runSpotSave((name, value) => console.log(`  ${name}: ${value}`)).catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
