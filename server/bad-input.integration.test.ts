/**
 * Bad input never makes a 500 and never writes (issue 16, item 3).
 *
 * Every route of app/routes.ts (new ones join automatically) is driven through the Hono server
 * and React Router's request handler in-process, on this file's database, with malformed
 * requests: NUL bytes and control characters in the path and query, newlines in redirectTo,
 * empty, non-form, truncated and oversized bodies under every content type, as an anonymous
 * visitor, a member, a creator and an admin. No answer may be a 5xx, and no table may change.
 *
 * FUZZ_RUNS (default 3000) sets the number of requests, FUZZ_SEED replays a run, and
 * FUZZ_COLLECT=1 keeps going past the first 5xx, prints them all and lets React Router's error
 * log through (otherwise silenced: 405s and refused requests are logged by design).
 */
import { sql } from "drizzle-orm";
import fc from "fast-check";
import pino from "pino";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createMap, createProfile } from "#db/seed/factories";
import { setupTestDatabase } from "../tests/setup/database";
import { stubTestEnv } from "../tests/setup/env";
import { appRoutes, appServerBuild } from "../tests/setup/app-build";
import { sessionCookie } from "../tests/setup/edge-server";
import { createApp } from "./app";

stubTestEnv({
  BETTER_AUTH_SECRET: "a-test-secret-that-is-long-enough-for-better-auth",
  // Every request comes from one address: the limits would soon answer 429 to everything instead of exercising the routes.
  RATE_LIMITS: "off",
});

const ORIGIN = "http://localhost";
const RUNS = Number(process.env.FUZZ_RUNS ?? 3000);

// Loaders record what a visitor looked at (analytics events, recent views): those are the app working, not bad input writing.
const WRITTEN_BY_LOOKING = new Set(["events", "recent_views"]);

// One world (a creator, a map, a member, an admin and their sessions) for the whole fuzz: it must not change.
const db = await setupTestDatabase({ reset: "file" });
let app: ReturnType<typeof createApp>;
let known: { mapId: string; mapSlug: string; spotId: string; spotSlug: string; handle: string };
const cookies: Record<string, string> = {};

async function checksums(): Promise<Record<string, string>> {
  const tables = await db.execute<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const rows = "rows" in tables ? tables.rows : (tables as unknown as { name: string }[]);
  const out: Record<string, string> = {};
  for (const { name } of rows) {
    if (WRITTEN_BY_LOOKING.has(name)) continue;
    const result = await db.execute<{ sum: string }>(sql.raw(`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as sum from "${name}" t`));
    out[name] = ("rows" in result ? result.rows : (result as unknown as { sum: string }[]))[0].sum;
  }
  return out;
}

beforeAll(async () => {
  const creator = await createProfile(db, { isCreator: true, isOnboarded: true, handle: "fuzzcreator" }, { email: "creator@fuzz.example" });
  const { map, spots } = await createMap(db, { title: "Fuzz map" }, { ownerId: creator.profile.id, spots: 3 });
  await createProfile(db, { handle: "fuzzmember" }, { email: "member@fuzz.example" });
  await createProfile(db, { handle: "fuzzadmin", isAdmin: true }, { email: "admin@fuzz.example" });
  known = { mapId: map.id, mapSlug: map.currentSlug, spotId: spots[0].id, spotSlug: spots[0].slug, handle: "@fuzzcreator" };
  cookies.member = await sessionCookie(db, "member@fuzz.example");
  cookies.creator = await sessionCookie(db, "creator@fuzz.example");
  cookies.admin = await sessionCookie(db, "admin@fuzz.example");
  app = createApp({
    build: await appServerBuild(),
    clientDir: "build/client",
    mode: "production",
    log: pino({ level: "silent" }),
    db,
    trustedProxies: new Set(),
    ready: async () => true,
    isShuttingDown: () => false,
    https: false,
  });
}, 120_000);

// ---- what a malformed request is made of ----

const NASTY = [
  "\u0000",
  "%00",
  "a%00b",
  "\n",
  "%0a",
  "%0d%0a",
  "/%09/evil.example",
  "\t/evil.example",
  "//evil.example",
  "\\\\evil.example",
  "https://evil.example",
  "/..//evil.example/phish",
  "/%E3%80%82x",
  "/。x",
  "..",
  "%2e%2e%2f",
  "%",
  "%zz",
  "%c3%28",
  "\ud800",
  "😀",
  "' or 1=1 --",
  "-1",
  "0",
  "1e309",
  "NaN",
  "null",
  "true",
  "[]",
  "{}",
  "00000000-0000-0000-0000-000000000000",
  "x".repeat(5000),
];

const nasty = fc.oneof(fc.constantFrom(...NASTY), fc.string({ unit: "binary", maxLength: 40 }), fc.string({ maxLength: 20 }));

const PARAM_KEYS = [
  "redirectTo",
  "next",
  "q",
  "page",
  "cursor",
  "intent",
  "token",
  "error",
  "payment",
  "session_id",
  "callbackURL",
  "errorCallbackURL",
  "newUserCallbackURL",
  "plan",
  "interval",
  "sort",
  "category",
  "lat",
  "lng",
  "bbox",
  "type",
  "expires",
  "signature",
  "_data",
  "index",
];
const FIELD_KEYS = [
  ...PARAM_KEYS,
  "email",
  "password",
  "name",
  "displayName",
  "handle",
  "bio",
  "mapId",
  "spotId",
  "creatorId",
  "profileId",
  "priceId",
  "consent",
  "decision",
  "reason",
  "card",
  "newPassword",
  "currentPassword",
  "avatar",
  "file",
  "links",
  "acceptTerms",
];
const INTENTS = [
  "profile",
  "avatar",
  "remove-avatar",
  "email",
  "password",
  "sessions",
  "delete",
  "withdraw-application",
  "approve",
  "reject",
  "follow",
  "unfollow",
  "save",
  "remove",
  "cancel",
  "resume",
];

const field = fc.tuple(
  fc.oneof(fc.constantFrom(...FIELD_KEYS), nasty),
  fc.oneof(
    nasty,
    fc.constantFrom(...INTENTS),
    fc.constant("KNOWN_MAP"),
    fc.constant("KNOWN_SPOT"),
    fc.emailAddress(),
    fc.constantFrom("on", "off", "granted", "denied", "month", "year", "premium", "supporter"),
  ),
);

const CONTENT_TYPES = [
  undefined,
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  "multipart/form-data; boundary=",
  "multipart/form-data; boundary=zzz",
  "application/json",
  "text/plain",
  "text/plain;charset=UTF-8",
  "application/octet-stream",
  "image/png",
  "application/pdf",
  "application/x-www-form-urlencoded; charset=utf-16",
  "nonsense",
];

type Body = { contentType?: string; body?: string | Uint8Array };

const kml = (placemarks: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document><name>Fuzz</name>${placemarks}</Document></kml>`;
/** Import files of the shapes that once went wrong (issue 28, items 18 and 19), whole or cut short, one or several at once. */
const IMPORT_FILES: [string, string][] = [
  [
    "mixed.kml",
    kml(
      "<Placemark><name>Both</name><MultiGeometry><Point><coordinates>2.17,41.40</coordinates></Point><LineString><coordinates>2.1,41.3 2.2,41.4</coordinates></LineString></MultiGeometry></Placemark>",
    ),
  ],
  ["nono.kml", kml("<Placemark><coordinates>no,no</coordinates><Point><coordinates>no,no</coordinates></Point></Placemark>")],
  [
    "empty.kml",
    kml(
      "<Placemark><name>Empty line</name><LineString><coordinates></coordinates></LineString></Placemark><Placemark><name>Area</name><Polygon><outerBoundaryIs><LinearRing><coordinates>x,y</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark>",
    ),
  ],
  [
    "history.kml",
    kml(
      "<Placemark><name>Driving</name><LineString><coordinates>2.1,41.3 2.2,41.4</coordinates></LineString></Placemark><Placemark><name>On the subway</name><Point><coordinates>2.1,41.3</coordinates></Point></Placemark>",
    ),
  ],
  ["networklink.kml", kml("<NetworkLink><Link><href>http://127.0.0.1:1/x.kml</href></Link></NetworkLink>")],
  [
    "layers.kml",
    kml(
      '<Folder><name>Untitled layer</name><Placemark><name>Dropped pin</name><description>Cafe\nBest at 8</description><ExtendedData><Data name="gx_media_links"><value>http://127.0.0.1:1/photo.jpg</value></Data></ExtendedData><Point><coordinates>2.17,41.40</coordinates></Point></Placemark></Folder>',
    ),
  ],
  [
    "Saved.csv",
    "Title,Note,URL,Tags,Comment\nDropped pin,,https://www.google.com/maps/search/41.40,2.17,⭐ Favourites,\nCafe,,https://www.google.com/maps/place/Cafe/@41.4,2.1,17z,,\nCafe,,https://www.google.com/maps/place/Cafe/@41.4,2.1,17z,,\n",
  ],
  [
    "a.gpx",
    '<?xml version="1.0"?><gpx version="1.1" creator="fuzz" xmlns="http://www.topografix.com/GPX/1/1"><wpt lat="no" lon="no"><name>Bad</name></wpt><wpt lat="41.4" lon="2.17"/></gpx>',
  ],
];

const body: fc.Arbitrary<Body> = fc.oneof(
  fc.constant<Body>({}),
  fc.constantFrom(...CONTENT_TYPES).map((contentType) => ({ contentType, body: "" })),
  // A form, urlencoded, under any content type.
  fc.tuple(fc.array(field, { maxLength: 6 }), fc.constantFrom(...CONTENT_TYPES)).map(([fields, contentType]) => ({
    contentType,
    body: fields.map(([k, v]) => `${enc(k)}=${enc(v)}`).join("&"),
  })),
  // A multipart form, whole or cut short, with or without the boundary it declares.
  fc
    .tuple(
      fc.array(field, { maxLength: 4 }),
      fc.boolean(),
      fc.boolean(),
      fc.oneof(fc.constant<string | null>(null), fc.string({ unit: "binary", maxLength: 200 })),
    )
    .map(([fields, truncate, rightBoundary, file]) => {
      const boundary = "fuzzboundary";
      const parts = fields.map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k.replace(/["\r\n]/g, "")}"\r\n\r\n${v}\r\n`);
      if (file !== null)
        parts.push(`--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n${file}\r\n`);
      const text = parts.join("") + `--${boundary}--\r\n`;
      return {
        contentType: `multipart/form-data; boundary=${rightBoundary ? boundary : "other"}`,
        body: truncate ? text.slice(0, Math.floor(text.length / 2)) : text,
      };
    }),
  fc.tuple(fc.subarray(IMPORT_FILES, { minLength: 1, maxLength: 3 }), fc.boolean(), fc.array(field, { maxLength: 2 })).map(([files, truncate, fields]) => {
    const boundary = "fuzzboundary";
    const parts = [
      ...fields.map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k.replace(/["\r\n]/g, "")}"\r\n\r\n${v}\r\n`),
      ...files.map(
        ([name, text]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n${truncate ? text.slice(0, text.length >> 1) : text}\r\n`,
      ),
    ];
    return { contentType: `multipart/form-data; boundary=${boundary}`, body: parts.join("") + `--${boundary}--\r\n` };
  }),
  // JSON and not quite JSON.
  fc
    .tuple(fc.oneof(fc.json(), fc.string({ maxLength: 50 })), fc.constantFrom("application/json", "text/plain", undefined))
    .map(([text, contentType]) => ({ contentType, body: text })),
  // Random bytes.
  fc.tuple(fc.uint8Array({ maxLength: 300 }), fc.constantFrom(...CONTENT_TYPES)).map(([bytes, contentType]) => ({ contentType, body: bytes })),
);

// Signing out takes no input: any POST there ends the session, which is its job, not a write by bad input.
const routes = appRoutes().filter((r) => r.id !== "routes/auth/sign-out");

// Lone surrogates cannot be percent-encoded: a client would send U+FFFD.
const enc = (s: string) => encodeURIComponent(s.toWellFormed());

/** A concrete URL path for a route pattern: each parameter a known value or a nasty one. */
function pathFor(pattern: string, values: string[], raw: boolean[]): string {
  let i = 0;
  const segments = pattern.split("/").map((segment) => {
    if (!segment.startsWith(":") && segment !== "*") return segment;
    const value = values[i % values.length] ?? "x";
    const known = value === "KNOWN_MAP" ? "" : value;
    const encode = raw[i++ % raw.length];
    return encode ? enc(known || "x") : known || "x";
  });
  return "/" + segments.filter((s, j) => s !== "" || j === segments.length - 1).join("/");
}

function fullPattern(routeIndex: number): string {
  // Nested routes: their parents' paths in front.
  const byId = new Map(routes.map((r) => [r.id, r]));
  const parts: string[] = [];
  for (let r = routes[routeIndex]; r; r = byId.get(r.parentId)!) {
    if (r.path) parts.unshift(r.path);
    if (r.parentId === "root") break;
  }
  return parts.join("/");
}

const request = fc.record({
  route: fc.integer({ min: 0, max: routes.length - 1 }),
  params: fc.array(
    fc.oneof(
      nasty,
      // "verify-email": better-auth's emailed link (/api/auth/*), which reads a return address.
      fc.constantFrom("KNOWN_MAP_ID", "KNOWN_MAP_SLUG", "KNOWN_SPOT_ID", "KNOWN_SPOT_SLUG", "KNOWN_HANDLE", "verify-email").map((k) => k),
    ),
    { minLength: 1, maxLength: 4 },
  ),
  encodeParams: fc.array(fc.boolean(), { minLength: 1, maxLength: 4 }),
  data: fc.boolean(),
  method: fc.constantFrom("POST", "POST", "POST", "GET", "PUT", "PATCH", "DELETE"),
  query: fc.array(fc.tuple(fc.oneof(fc.constantFrom(...PARAM_KEYS), nasty), nasty), { maxLength: 3 }),
  rawQuery: fc.oneof(
    fc.constant(""),
    fc.constantFrom(
      "%00",
      "redirectTo=%2F%0A%2Fevil.example",
      "redirectTo=%00",
      "q=%E0%A4%A",
      "a=%",
      "index&_data=root",
      // Return addresses that leave the site once resolved, and ones beyond ASCII (issue 28, items 3 and 4).
      "token=x&callbackURL=/..//evil.example/phish",
      "token=x&errorCallbackURL=%2F..%2F%2Fevil.example",
      "token=x&newUserCallbackURL=/.//evil.example",
      "redirectTo=/%E3%80%82x",
      "next=/%E3%80%82x",
    ),
  ),
  viewer: fc.constantFrom("anonymous", "member", "creator", "admin"),
  origin: fc.constantFrom(ORIGIN, ORIGIN, ORIGIN, null, "https://evil.example", "null"),
  body,
});

type Case = typeof request extends fc.Arbitrary<infer T> ? T : never;

function toRequest(c: Case): [string, RequestInit] {
  const values = c.params.map((p) =>
    p === "KNOWN_MAP_ID"
      ? known.mapId
      : p === "KNOWN_MAP_SLUG"
        ? known.mapSlug
        : p === "KNOWN_SPOT_ID"
          ? known.spotId
          : p === "KNOWN_SPOT_SLUG"
            ? known.spotSlug
            : p === "KNOWN_HANDLE"
              ? known.handle
              : p,
  );
  let path = pathFor(fullPattern(c.route), values, c.encodeParams);
  if (c.data) path = (path === "/" ? "/_root" : path.replace(/\/$/, "")) + ".data";
  const search = [...c.query.map(([k, v]) => `${enc(k)}=${enc(v)}`), c.rawQuery].filter(Boolean).join("&");
  const headers = new Headers();
  if (c.viewer !== "anonymous") headers.set("Cookie", cookies[c.viewer]);
  if (c.origin) headers.set("Origin", c.origin);
  let payload: string | Uint8Array | undefined;
  if (c.method !== "GET") {
    if (c.body.contentType) headers.set("Content-Type", c.body.contentType);
    payload = c.body.body;
    if (typeof payload === "string") payload = payload.replaceAll("KNOWN_MAP", known.mapId).replaceAll("KNOWN_SPOT", known.spotId);
  }
  // Characters a URL cannot hold raw are sent percent-encoded, as a client would.
  const url = `${ORIGIN}${path}${search ? `?${search}` : ""}`;
  return [url, { method: c.method, headers, body: payload as BodyInit | undefined }];
}

const connection = { incoming: { socket: { remoteAddress: "127.0.0.1", remotePort: 50000, remoteFamily: "IPv4" } } };

/** Whether a Location keeps the visitor on this site (resolved as a browser would, dot segments included). */
function onSite(location: string): boolean {
  const url = new URL(location, `${ORIGIN}/a/b`);
  return url.origin === ORIGIN && !url.pathname.startsWith("//");
}

async function send(c: Case): Promise<{ status: number; url: string; method: string; location?: string | null; text: () => Promise<string> }> {
  const [url, init] = toRequest(c);
  let target: string;
  try {
    target = new URL(url).toString();
  } catch {
    // Not a URL at all: no client could send it.
    return { status: 400, url, method: init.method!, text: async () => "" };
  }
  const response = await app.request(target, init, connection);
  return { status: response.status, url: target, method: init.method!, location: response.headers.get("location"), text: () => response.text() };
}

describe("bad input", () => {
  it(`never answers 5xx, never redirects off the site and never writes, over ${RUNS} malformed requests to every route`, async () => {
    if (!process.env.FUZZ_COLLECT) vi.spyOn(console, "error").mockImplementation(() => {});
    const before = await checksums();
    const failures: string[] = [];
    await fc.assert(
      fc.asyncProperty(request, async (c) => {
        const answer = await send(c);
        if (answer.status >= 500) {
          failures.push(`${answer.method} ${answer.url} (${c.viewer}, ${c.body.contentType ?? "no type"}) → ${answer.status}`);
          return Boolean(process.env.FUZZ_COLLECT);
        }
        if (answer.location && !onSite(answer.location)) {
          failures.push(`${answer.method} ${answer.url} (${c.viewer}) → ${answer.status} Location: ${answer.location}`);
          return Boolean(process.env.FUZZ_COLLECT);
        }
        return true;
      }),
      { numRuns: RUNS, seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined, endOnFailure: true },
    );
    if (process.env.FUZZ_COLLECT) console.log(failures.join("\n"));
    expect(failures).toEqual([]);
    const after = await checksums();
    const changed = Object.keys(before).filter((t) => before[t] !== after[t]);
    expect(changed).toEqual([]);
  }, 180_000);

  it("the import page reads every file that once went wrong, alone, cut short and all at once, without a 5xx or a write", async () => {
    const before = await checksums();
    const sets = [...IMPORT_FILES.map((f) => [f]), IMPORT_FILES.slice(0, 10)];
    const previews: string[] = [];
    for (const files of sets) {
      for (const truncate of [false, true]) {
        const form = new FormData();
        form.set("intent", "preview");
        for (const [name, text] of files) form.append("files", new File([truncate ? text.slice(0, text.length >> 1) : text], name));
        const answer = await app.request(
          `${ORIGIN}/studio/maps/import/google-saved-lists.data`,
          { method: "POST", headers: { Cookie: cookies.creator, Origin: ORIGIN }, body: form },
          connection,
        );
        expect(answer.status, `${files.map(([n]) => n).join(", ")}${truncate ? " (cut short)" : ""}`).toBeLessThan(500);
        if (answer.status === 200 && !truncate) previews.push(files.map(([n]) => n).join(", "));
      }
    }
    // Whole, the readable ones are previewed (the cases reach the readers, not just the form check).
    expect(previews).toEqual(expect.arrayContaining(["mixed.kml", "Saved.csv", "layers.kml"]));
    const after = await checksums();
    expect(Object.keys(before).filter((t) => before[t] !== after[t])).toEqual([]);
  });

  it("every route of app/routes.ts is in the fuzz", () => {
    expect(routes.length).toBeGreaterThan(50);
    for (const r of routes) expect(typeof fullPattern(routes.indexOf(r))).toBe("string");
  });
});
