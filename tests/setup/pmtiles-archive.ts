/**
 * A small but real PMTiles (version 3) archive for tests of the self-hosted basemap: vector tiles
 * (MVT) of Protomaps' layers — land ("earth"), a sea ("water") and a road ("roads", kind major) —
 * for zooms 0 to 2 over the whole world; a map at any zoom draws them (MapLibre over-zooms the last).
 * Written by hand from the specs (PMTiles v3, Mapbox Vector Tile 2), uncompressed, so the bytes a
 * range request returns can be checked against the file. Node built-ins only: browser specs use it too.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

// --- protobuf, as much as MVT needs ---

function varint(n: number): number[] {
  const out: number[] = [];
  while (n > 0x7f) {
    out.push((n & 0x7f) | 0x80);
    n = Math.floor(n / 128);
  }
  out.push(n);
  return out;
}

const key = (field: number, wire: number) => varint(field * 8 + wire);
const uintField = (field: number, n: number) => [...key(field, 0), ...varint(n)];
const bytesField = (field: number, bytes: number[]) => [...key(field, 2), ...varint(bytes.length), ...bytes];
const stringField = (field: number, s: string) => bytesField(field, [...Buffer.from(s, "utf8")]);
const packed = (field: number, values: number[]) => bytesField(field, values.flatMap(varint));

const zigzag = (n: number) => (n << 1) ^ (n >> 31);
const command = (id: number, count: number) => (id & 0x7) | (count << 3);

/** Geometry commands for one ring or line through `points` (tile coordinates, 0..4096). */
function geometry(points: [number, number][], closed: boolean): number[] {
  const out = [command(1, 1), zigzag(points[0][0]), zigzag(points[0][1]), command(2, points.length - 1)];
  for (let i = 1; i < points.length; i++) out.push(zigzag(points[i][0] - points[i - 1][0]), zigzag(points[i][1] - points[i - 1][1]));
  if (closed) out.push(command(7, 1));
  return out;
}

interface TestFeature {
  type: 2 | 3;
  points: [number, number][];
  /** One string property, `kind`. */
  kind?: string;
}

function layer(name: string, features: TestFeature[]): number[] {
  const kinds = [...new Set(features.map((f) => f.kind).filter((k): k is string => !!k))];
  const body = [
    ...uintField(15, 2),
    ...stringField(1, name),
    ...features.flatMap((f, i) =>
      bytesField(2, [
        ...uintField(1, i + 1),
        ...(f.kind ? packed(2, [0, kinds.indexOf(f.kind)]) : []),
        ...uintField(3, f.type),
        ...packed(4, geometry(f.points, f.type === 3)),
      ]),
    ),
    ...(kinds.length ? stringField(3, "kind") : []),
    ...kinds.flatMap((k) => bytesField(4, stringField(1, k))),
    ...uintField(5, 4096),
  ];
  return bytesField(3, body);
}

/** One vector tile: land over all of it, a sea in one corner, a major road across. */
export function testTile(): Uint8Array {
  return Uint8Array.from([
    ...layer("earth", [
      {
        type: 3,
        points: [
          [0, 0],
          [4096, 0],
          [4096, 4096],
          [0, 4096],
        ],
      },
    ]),
    ...layer("water", [
      {
        type: 3,
        points: [
          [0, 0],
          [1500, 0],
          [1500, 1500],
          [0, 1500],
        ],
      },
    ]),
    ...layer("roads", [
      {
        type: 2,
        kind: "major",
        points: [
          [0, 2048],
          [4096, 2048],
        ],
      },
    ]),
  ]);
}

// --- PMTiles v3 ---

/** A directory: entries sorted by tile id, each as tile id delta, run length, length, offset + 1. */
function directory(entries: { tileId: number; runLength: number; offset: number; length: number }[]): number[] {
  let last = 0;
  const out = varint(entries.length);
  for (const e of entries) {
    out.push(...varint(e.tileId - last));
    last = e.tileId;
  }
  for (const e of entries) out.push(...varint(e.runLength));
  for (const e of entries) out.push(...varint(e.length));
  for (const e of entries) out.push(...varint(e.offset + 1));
  return out;
}

export interface TestArchive {
  bytes: Uint8Array;
  /** Where the tile data starts: a read of a tile is a range at or after it. */
  tileDataOffset: number;
}

/**
 * The archive: header (127 bytes), root directory, metadata, tile data. Zoom 0 is one tile (id 0);
 * zooms 1 and 2 are tile ids 1 to 20, one run of the same tile.
 */
export function buildTestArchive(): TestArchive {
  const tile = testTile();
  // The same picture, stored twice: two tile contents, so a reader's second tile is a range of its own.
  const world = tile;
  const tileData = Buffer.concat([tile, world]);
  const root = Buffer.from(
    directory([
      { tileId: 0, runLength: 1, offset: 0, length: tile.length },
      { tileId: 1, runLength: 20, offset: tile.length, length: world.length },
    ]),
  );
  const metadata = Buffer.from(JSON.stringify({ name: "spotfolio test basemap", vector_layers: [{ id: "earth" }, { id: "water" }, { id: "roads" }] }));
  const header = Buffer.alloc(127);
  header.write("PMTiles", 0, "ascii");
  header.writeUInt8(3, 7);
  const rootOffset = 127;
  const metadataOffset = rootOffset + root.length;
  const tileDataOffset = metadataOffset + metadata.length;
  const u64 = (at: number, n: number) => header.writeBigUInt64LE(BigInt(n), at);
  u64(8, rootOffset);
  u64(16, root.length);
  u64(24, metadataOffset);
  u64(32, metadata.length);
  u64(40, tileDataOffset + tileData.length); // no leaf directories
  u64(48, 0);
  u64(56, tileDataOffset);
  u64(64, tileData.length);
  u64(72, 21); // addressed tiles
  u64(80, 2); // tile entries
  u64(88, 2); // tile contents
  header.writeUInt8(1, 96); // clustered
  header.writeUInt8(1, 97); // internal compression: none
  header.writeUInt8(1, 98); // tile compression: none
  header.writeUInt8(1, 99); // tile type: MVT
  header.writeUInt8(0, 100); // min zoom
  header.writeUInt8(2, 101); // max zoom
  const e7 = (at: number, degrees: number) => header.writeInt32LE(Math.round(degrees * 1e7), at);
  e7(102, -180);
  e7(106, -85);
  e7(110, 180);
  e7(114, 85);
  header.writeUInt8(0, 118);
  e7(119, 0);
  e7(123, 0);
  return { bytes: new Uint8Array(Buffer.concat([header, root, metadata, tileData])), tileDataOffset };
}

/** The archive written to a fresh folder; returns the folder and the file's path. */
export function writeTestArchive(name = "basemap.pmtiles"): TestArchive & { dir: string; file: string } {
  const dir = mkdtempSync(path.join(tmpdir(), "spotfolio-pmtiles-"));
  const file = path.join(dir, name);
  const archive = buildTestArchive();
  writeFileSync(file, archive.bytes);
  return { ...archive, dir, file };
}
