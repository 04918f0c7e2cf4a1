import { describe, expect, it } from "vitest";
import { ArchiveError, readTar, tarEnd, tarEntry } from "./tar.server";

async function* chunks(bytes: Buffer, size = 700) {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

async function entries(bytes: Buffer) {
  const out: { path: string; data: string; mode: number }[] = [];
  for await (const entry of readTar(chunks(bytes))) out.push({ path: entry.path, data: (await entry.data()).toString("utf8"), mode: entry.mode });
  return out;
}

const longName = `uploads/spot-photos/${"ab/".repeat(40)}photo-1600.webp`;
const archive = Buffer.concat([
  ...tarEntry("manifest.json", Buffer.from('{"a":1}')),
  ...tarEntry("private/applications/x.pdf", Buffer.from("%PDF"), { mode: 0o600 }),
  ...tarEntry(longName, Buffer.alloc(1500, "x")),
  ...tarEntry("uploads/avatars/café.webp", Buffer.from("")),
  tarEnd(),
]);

describe("the backup container (tar)", () => {
  it("reads back what it wrote, long and non-ASCII names included, in any chunking", async () => {
    const read = await entries(archive);
    expect(read.map((e) => e.path)).toEqual(["manifest.json", "private/applications/x.pdf", longName, "uploads/avatars/café.webp"]);
    expect(read[0].data).toBe('{"a":1}');
    expect(read[1].mode).toBe(0o600);
    expect(read[2].data).toBe("x".repeat(1500));
    expect(read[3].data).toBe("");
    expect(archive.length % 512).toBe(0);
  });

  it("streams an entry's contents in chunks, and notices when they are cut short", async () => {
    const streamed: number[] = [];
    for await (const entry of readTar(chunks(archive, 100))) {
      let size = 0;
      for await (const chunk of entry.stream()) size += chunk.length;
      streamed.push(size);
    }
    expect(streamed).toEqual([7, 4, 1500, 0]);
    const cut = archive.subarray(0, archive.indexOf(Buffer.from("x".repeat(100))) + 700);
    const read = async () => {
      for await (const entry of readTar(chunks(cut))) for await (const chunk of entry.stream()) void chunk;
    };
    await expect(read()).rejects.toThrow(/ends inside .*photo-1600\.webp: it is truncated/);
  });

  it("skips the contents of an entry the reader does not ask for", async () => {
    const names: string[] = [];
    for await (const entry of readTar(chunks(archive, 4096))) names.push(entry.path);
    expect(names).toHaveLength(4);
  });

  it("refuses a truncated archive wherever it is cut", async () => {
    for (const cut of [100, 512, 600, archive.length - 1024, archive.length - 1]) {
      await expect(entries(archive.subarray(0, cut)), `cut at ${cut}`).rejects.toThrow(/truncated/);
    }
  });

  it("refuses a damaged header", async () => {
    const damaged = Buffer.from(archive);
    damaged[3] ^= 0x01;
    await expect(entries(damaged)).rejects.toThrow(ArchiveError);
    await expect(entries(damaged)).rejects.toThrow(/checksum does not match/);
  });

  it("refuses paths that would leave the folder", () => {
    for (const name of ["../etc/passwd", "/etc/passwd", "uploads/../../x", "uploads//x", ""]) {
      expect(() => tarEntry(name, Buffer.from("x")), name).toThrow(ArchiveError);
    }
  });
});
