/**
 * Test file order. With timings from an earlier run Vitest starts with the slowest files; on a
 * fresh clone it has none and starts with the largest. The slowest files are small ones: they
 * start the real CLI, migrate databases from nothing, seed every city or fuzz every route. Run
 * those first (when their timing is unknown), so that the other worker works through the many
 * short files meanwhile instead of both waiting on them at the end.
 */
import { readFileSync } from "node:fs";
import { BaseSequencer, type TestSpecification } from "vitest/node";

const SLOW = /spawnSync\(|migrateDatabase\(|seedCities\(|fc\.assert\(/;

export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const slow = (spec: TestSpecification) => !this.ctx.cache.getTestSpecificationResult(spec) && SLOW.test(readFileSync(spec.moduleId, "utf8"));
    const flagged = new Set(sorted.filter(slow));
    // Within each project (projects run one after the other), unknown slow files first.
    const rank = new Map(sorted.map((spec, index) => [spec, index]));
    const firstOfProject = new Map<string, number>();
    for (const spec of sorted) if (!firstOfProject.has(spec.project.name)) firstOfProject.set(spec.project.name, rank.get(spec)!);
    return [...sorted].sort(
      (a, b) =>
        firstOfProject.get(a.project.name)! - firstOfProject.get(b.project.name)! ||
        Number(flagged.has(b)) - Number(flagged.has(a)) ||
        rank.get(a)! - rank.get(b)!,
    );
  }
}
