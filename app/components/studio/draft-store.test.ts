import { describe, expect, it } from "vitest";
import { createDraftStore, draftKey } from "./draft-store";

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
}

describe("draft store", () => {
  it("keeps a draft with its version until cleared", () => {
    const storage = memoryStorage();
    const store = createDraftStore(storage);
    const key = draftKey("spot", "s1");
    expect(store.read(key)).toBeNull();
    expect(store.write(key, { value: { name: "Half-typed" }, version: 7 })).toBe(true);
    // Another store over the same storage: what a reload sees.
    expect(createDraftStore(storage).read(key)).toEqual({ value: { name: "Half-typed" }, version: 7 });
    store.clear(key);
    expect(store.read(key)).toBeNull();
  });

  it("keeps one draft per entity", () => {
    const store = createDraftStore(memoryStorage());
    store.write(draftKey("spot", "a"), { value: "A", version: 1 });
    store.write(draftKey("spot", "b"), { value: "B", version: 2 });
    store.write(draftKey("map", "a"), { value: "M", version: 3 });
    expect(store.read(draftKey("spot", "a"))?.value).toBe("A");
    expect(store.read(draftKey("spot", "b"))?.value).toBe("B");
    expect(store.read(draftKey("map", "a"))?.value).toBe("M");
  });

  it("drops a damaged draft instead of failing", () => {
    const storage = memoryStorage();
    storage.items.set("spotfolio:draft:spot:x", "{not json");
    storage.items.set("spotfolio:draft:spot:y", JSON.stringify({ value: 1 }));
    const store = createDraftStore(storage);
    expect(store.read("spot:x")).toBeNull();
    expect(store.read("spot:y")).toBeNull();
    expect(storage.items.size).toBe(0);
  });

  it("goes on without storage, or when storage refuses", () => {
    expect(createDraftStore(null).write("spot:a", { value: 1, version: 1 })).toBe(false);
    expect(createDraftStore(null).read("spot:a")).toBeNull();
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException("quota", "QuotaExceededError");
      },
      removeItem: () => {
        throw new Error("denied");
      },
    };
    const store = createDraftStore(full);
    expect(store.write("spot:a", { value: 1, version: 1 })).toBe(false);
    expect(() => store.clear("spot:a")).not.toThrow();
  });
});
