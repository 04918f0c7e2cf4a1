/**
 * Local drafts: what the creator typed, kept on this device until the server
 * confirms it, so a reload or a dropped connection loses nothing. A draft
 * remembers the version it was made against; saved with that version, the
 * server tells whether someone changed the row in between.
 *
 * Storage can be missing (server render) or refuse (private mode, quota):
 * then drafts are simply not kept, and editing goes on.
 */

export interface Draft<T> {
  value: T;
  version: number;
}

type DraftStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

const PREFIX = "spotfolio:draft:";

/** The key of one entity's draft, e.g. `draftKey("spot", id)`. */
export function draftKey(entity: string, id: string): string {
  return `${entity}:${id}`;
}

export interface DraftStore {
  read<T>(key: string): Draft<T> | null;
  /** False when the storage refused (the draft is then not kept). */
  write<T>(key: string, draft: Draft<T>): boolean;
  clear(key: string): void;
}

export function createDraftStore(storage: DraftStorage | null): DraftStore {
  return {
    read<T>(key: string): Draft<T> | null {
      if (!storage) return null;
      let raw: string | null;
      try {
        raw = storage.getItem(PREFIX + key);
      } catch {
        return null;
      }
      if (raw === null) return null;
      try {
        const parsed: unknown = JSON.parse(raw);
        if (typeof parsed === "object" && parsed !== null && "value" in parsed && "version" in parsed && typeof parsed.version === "number") {
          return { value: parsed.value as T, version: parsed.version };
        }
      } catch {
        // Not ours or damaged: drop it below.
      }
      this.clear(key);
      return null;
    },
    write<T>(key: string, draft: Draft<T>): boolean {
      if (!storage) return false;
      try {
        storage.setItem(PREFIX + key, JSON.stringify({ value: draft.value, version: draft.version }));
        return true;
      } catch {
        return false;
      }
    },
    clear(key: string): void {
      try {
        storage?.removeItem(PREFIX + key);
      } catch {
        // Nothing to do: the draft stays until the next successful save clears it.
      }
    },
  };
}

/** The browser's localStorage, or none (server render, storage disabled). */
export function browserDraftStore(): DraftStore {
  try {
    return createDraftStore(typeof window === "undefined" ? null : window.localStorage);
  } catch {
    // Reading `localStorage` throws where storage is disabled.
    return createDraftStore(null);
  }
}
