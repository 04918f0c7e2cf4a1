/**
 * Issue 27's mixed load (`npm run bench`, part `mixed`): signed-in viewers reading and writing at
 * once, on the running production server, with autocannon.
 *
 * Each of BENCH_MIXED_CONNECTIONS (16) connections loops over one visit of 20 requests: 18 page
 * loads as a browser makes them (`/`, the 33-spot map page, one of its spots, search, My Atlas)
 * and 2 writes as the page's buttons send them (the fetcher's POST to `/api/bookmarks.data` or
 * `/api/follows.data`, with the Origin header the same-origin check asks for): save then unsave
 * the map, a spot, or follow then unfollow the creator, by turns. Each visit is one member's
 * (round robin over MIXED_MEMBERS seeded members, half of them Premium), so a connection is a
 * stream of visitors. 90% reads, 10% writes. 32 members keep each one's writes under the app's
 * per-user limit (RATE_LIMIT_WRITES_PER_USER, 120 a minute) up to about 600 req/s in all.
 *
 * A read is right when it answers 200; a write when it answers 2xx, or 302/303 (a redirect is how
 * a form post succeeds). Anything else is counted against the figure, with connection errors and
 * timeouts. The run is BENCH_MIXED_SECONDS (20) after an unrecorded warm-up of 5 s.
 */
import autocannon from "autocannon";
import { BROWSER_UA } from "./app-server";
import { signIn } from "./editor-page";
import type { MixedLoadSeed } from "./map-page";
import { count, ms, percentile } from "./stats";

export const MIXED_CONNECTIONS = Number(process.env.BENCH_MIXED_CONNECTIONS ?? 16);
export const MIXED_MEMBERS = 32;
const SECONDS = Number(process.env.BENCH_MIXED_SECONDS ?? 20);
const WARM_UP_SECONDS = 5;

export interface MixedFigures {
  reqPerSec: number;
  p50: number;
  p99: number;
  requests: number;
  reads: number;
  writes: number;
  /** Connection errors and timeouts. */
  errors: number;
  /** Answers that were not right for their request (see the header), by request and status. */
  wrong: Map<string, number>;
  wrongCount: number;
  /** The statuses the writes answered (what "success" was). */
  writeStatuses: Map<number, number>;
  /** Latency by request (`GET /`, `POST map`...): from the request's build, just before it is sent, to its answer. */
  byRequest: Map<string, number[]>;
}

type Write = { kind: "map" | "spot" | "follow" };
const WRITE_KINDS: Write["kind"][] = ["map", "spot", "follow"];

interface VisitContext {
  member?: number;
  write?: Write["kind"];
  /** When this connection's current request was built (it is sent at once: one request in flight per connection). */
  sentAt?: number;
}

/** The mixed load against `base` (the map page `mapPage`, its spot page `spotPage`), as the members of `seed`. */
export async function runMixedLoad(base: string, pages: { mapPage: string; spotPage: string }, seed: MixedLoadSeed): Promise<MixedFigures> {
  const cookies: string[] = [];
  for (const email of seed.emails) cookies.push((await signIn(base, email)).map((c) => `${c.name}=${c.value}`).join("; "));

  // Round robin, across all connections: each visit (one loop over the list) picks the next member and write.
  let visits = 0;
  const tally = { reads: 0, writes: 0, wrong: new Map<string, number>(), writeStatuses: new Map<number, number>(), byRequest: new Map<string, number[]>() };
  const timed = (what: string, context: VisitContext) => {
    const list = tally.byRequest.get(what) ?? [];
    if (context.sentAt !== undefined) list.push(performance.now() - context.sentAt);
    tally.byRequest.set(what, list);
  };
  const bump = <K>(map: Map<K, number>, key: K) => map.set(key, (map.get(key) ?? 0) + 1);

  const read = (path: string, first = false): autocannon.Request => ({
    method: "GET",
    path,
    setupRequest: (req, ctx) => {
      const context = ctx as VisitContext;
      if (first || context.member === undefined) {
        context.member = visits % cookies.length;
        context.write = WRITE_KINDS[visits % WRITE_KINDS.length];
        visits++;
      }
      context.sentAt = performance.now();
      return { ...req, headers: { ...req.headers, Cookie: cookies[context.member] } };
    },
    onResponse: (status, _body, ctx) => {
      tally.reads++;
      timed(`GET ${path}`, ctx as VisitContext);
      if (status !== 200) bump(tally.wrong, `GET ${path}: ${status}`);
    },
  });
  const write = (intent: "on" | "off"): autocannon.Request => ({
    method: "POST",
    setupRequest: (req, ctx) => {
      const context = ctx as VisitContext;
      const kind = context.write ?? "map";
      context.sentAt = performance.now();
      const [path, fields] =
        kind === "follow"
          ? ["/api/follows.data", { creatorId: seed.creatorId, intent }]
          : ["/api/bookmarks.data", { kind, id: kind === "map" ? seed.mapId : seed.spotId, intent }];
      return {
        ...req,
        path,
        headers: {
          ...req.headers,
          Cookie: cookies[context.member ?? 0],
          Origin: base,
          "Content-Type": "application/x-www-form-urlencoded;charset=UTF-8",
        },
        body: new URLSearchParams(fields).toString(),
      };
    },
    onResponse: (status, _body, ctx) => {
      tally.writes++;
      timed(`POST ${(ctx as VisitContext).write} ${intent}`, ctx as VisitContext);
      bump(tally.writeStatuses, status);
      const ok = (status >= 200 && status < 300) || status === 302 || status === 303;
      if (!ok) bump(tally.wrong, `POST ${(ctx as VisitContext).write} ${intent}: ${status}`);
    },
  });
  const { mapPage, spotPage } = pages;
  const visit: autocannon.Request[] = [
    read("/", true),
    read(mapPage),
    read(spotPage),
    read("/search?q=coffee"),
    read(mapPage),
    write("on"),
    read("/atlas"),
    read("/"),
    read("/search?q=barcelona"),
    read(mapPage),
    read("/atlas/maps"),
    read(spotPage),
    read("/"),
    read("/search?q=bar"),
    read(mapPage),
    write("off"),
    read("/atlas"),
    read("/"),
    read("/search?q=museum"),
    read(mapPage),
  ];

  const options = (duration: number): autocannon.Options => ({
    url: base,
    connections: MIXED_CONNECTIONS,
    duration,
    headers: { "User-Agent": BROWSER_UA, Accept: "text/html,application/xhtml+xml,*/*" },
    requests: visit,
  });
  await autocannon(options(WARM_UP_SECONDS));
  tally.reads = 0;
  tally.writes = 0;
  tally.wrong.clear();
  tally.writeStatuses.clear();
  tally.byRequest.clear();
  const result = await autocannon(options(SECONDS));
  const wrongCount = [...tally.wrong.values()].reduce((a, b) => a + b, 0);
  return {
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    reads: tally.reads,
    writes: tally.writes,
    errors: result.errors + result.timeouts,
    wrong: tally.wrong,
    wrongCount,
    writeStatuses: tally.writeStatuses,
    byRequest: tally.byRequest,
  };
}

export const mixedSummary = (f: MixedFigures) =>
  `p50 ${ms(f.p50)} ms, p99 ${ms(f.p99)} ms, ${f.reqPerSec.toFixed(0)} req/s; errors ${count(f.errors)}, wrong answers ${count(f.wrongCount)}` +
  ` (${count(f.reads)} reads, ${count(f.writes)} writes)`;

/** One line per request of the visit: how many, p50 / p99 (ms). */
export const mixedByRequest = (f: MixedFigures): [string, string][] =>
  [...f.byRequest]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([what, samples]) => [what, `${count(samples.length)}: p50 ${ms(percentile(samples, 50))}, p99 ${ms(percentile(samples, 99))}`]);
