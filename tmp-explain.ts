import { createDatabase } from "~/lib/db.server";
import { NO_ENTITLEMENTS } from "~/modules/gate";
import { search } from "~/modules/search/search.server";
const qs = process.argv.slice(2);
const h = await createDatabase({ url: "postgres://postgres@127.0.0.1:5432/spotfolio_bench" });
for (let i = 0; i < 3; i++) for (const q of qs) await search(h.db, q, NO_ENTITLEMENTS);
const t: Record<string, number[]> = {};
for (let i = 0; i < Number(process.env.N ?? 1); i++) for (const q of qs) { const s = performance.now(); await search(h.db, q, NO_ENTITLEMENTS); (t[q] ??= []).push(performance.now() - s); }
for (const [q, v] of Object.entries(t)) console.log(q, v.sort((a, b) => a - b).map((x) => x.toFixed(2)).join(" "));
await h.close();
