/**
 * The autosave state machine, pure so it can be tested without a browser.
 * `use-autosave.ts` feeds it events (an edit, a save's outcome, the
 * connection coming back) and acts on what it says (save now, keep or
 * clear the local draft).
 *
 * Edits are counted (`editSeq`) instead of compared: a save confirms only
 * the edit it carried, so typing during a save is never marked as saved, and
 * the server's normalised copy (trimmed text) never overwrites what is being
 * typed.
 */

export type SaveStatus = "saved" | "pending" | "saving" | "offline" | "conflict" | "error";

/** What a save returned. A save that could not reach the server throws instead (see use-autosave.ts). */
export type SaveResult<T> =
  | { ok: true; value: T; version: number }
  | { conflict: true; current: T; version: number }
  | { error: string; fieldErrors?: Record<string, string | undefined> };

export interface AutosaveState<T> {
  /** What the editor shows: the creator's latest value. */
  value: T;
  /** The server's copy as last confirmed, with the version the next save must carry. */
  base: { value: T; version: number };
  /**
   * Whether `base.value` is the server's copy at `base.version`. Not after a
   * draft is restored: the draft's version is older than the copy loaded.
   */
  baseKnown: boolean;
  /** Incremented on every edit; `savedSeq` is the last edit the server confirmed. */
  editSeq: number;
  savedSeq: number;
  /** The edit being saved right now, if a save is under way. */
  inFlight: number | null;
  online: boolean;
  conflict: { current: T; version: number } | null;
  error: string | null;
  fieldErrors: Record<string, string | undefined>;
  /** The edit the server refused (bad input): not sent again until the creator changes something. */
  refusedSeq: number | null;
}

export type AutosaveEvent<T> =
  | { type: "edit"; value: T }
  | { type: "restore-draft"; value: T; version: number }
  | { type: "server-value"; value: T; version: number }
  | { type: "save-started"; seq: number }
  | { type: "save-finished"; seq: number; result: SaveResult<T> }
  | { type: "save-unreachable"; seq: number }
  | { type: "connection"; online: boolean }
  | { type: "keep-mine" }
  | { type: "use-theirs" };

export function initialAutosaveState<T>(value: T, version: number, online = true): AutosaveState<T> {
  return {
    value,
    base: { value, version },
    baseKnown: true,
    editSeq: 0,
    savedSeq: 0,
    inFlight: null,
    online,
    conflict: null,
    error: null,
    fieldErrors: {},
    refusedSeq: null,
  };
}

/** True while the creator has changes the server has not confirmed. */
export function isDirty(state: AutosaveState<unknown>): boolean {
  return state.editSeq !== state.savedSeq;
}

export function autosaveReducer<T>(state: AutosaveState<T>, event: AutosaveEvent<T>): AutosaveState<T> {
  switch (event.type) {
    case "edit":
      return { ...state, value: event.value, editSeq: state.editSeq + 1 };
    case "restore-draft":
      // The draft was made against `version`: saving it with that version lets the server detect a change made meanwhile.
      return { ...state, value: event.value, base: { value: state.base.value, version: event.version }, baseKnown: false, editSeq: state.editSeq + 1 };
    case "server-value":
      // A newer copy from the server (the page revalidated): take it when nothing is pending here; otherwise the next save decides.
      if (event.version <= state.base.version || isDirty(state) || state.inFlight !== null || state.conflict) return state;
      return { ...state, value: event.value, base: { value: event.value, version: event.version }, baseKnown: true };
    case "save-started":
      return { ...state, inFlight: event.seq };
    case "save-unreachable":
      return { ...state, inFlight: null, online: false };
    case "connection":
      return { ...state, online: event.online };
    case "save-finished": {
      const done = { ...state, inFlight: null, online: true };
      const result = event.result;
      if ("ok" in result) {
        return { ...done, base: { value: result.value, version: result.version }, baseKnown: true, savedSeq: event.seq, error: null, fieldErrors: {} };
      }
      if ("conflict" in result) {
        // The server already holds exactly this (a save sent as the page was left, then the draft restored): nothing to choose.
        if (state.editSeq === event.seq && sameJson(result.current, state.value)) {
          return { ...done, base: { value: result.current, version: result.version }, baseKnown: true, savedSeq: event.seq, error: null, fieldErrors: {} };
        }
        // The row changed only outside these fields (a pin moved while the details were edited): nothing to choose, save again.
        if (state.baseKnown && sameJson(result.current, state.base.value)) {
          return { ...done, base: { value: result.current, version: result.version } };
        }
        return { ...done, conflict: { current: result.current, version: result.version } };
      }
      return { ...done, error: result.error, fieldErrors: result.fieldErrors ?? {}, refusedSeq: event.seq };
    }
    case "keep-mine":
      // Save over the server's copy: the next save carries the version the creator has now seen.
      if (!state.conflict) return state;
      return {
        ...state,
        base: { value: state.conflict.current, version: state.conflict.version },
        baseKnown: true,
        conflict: null,
        // Saving mine again is needed even if nothing was typed since the conflict.
        savedSeq: state.editSeq === state.savedSeq ? state.savedSeq - 1 : state.savedSeq,
      };
    case "use-theirs":
      if (!state.conflict) return state;
      return {
        ...state,
        value: state.conflict.current,
        base: { value: state.conflict.current, version: state.conflict.version },
        baseKnown: true,
        conflict: null,
        savedSeq: state.editSeq,
        error: null,
        fieldErrors: {},
        refusedSeq: null,
      };
  }
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** What the status line shows. */
export function saveStatus(state: AutosaveState<unknown>): SaveStatus {
  if (state.conflict) return "conflict";
  if (state.inFlight !== null) return "saving";
  if (!isDirty(state)) return state.online ? "saved" : "offline";
  if (!state.online) return "offline";
  if (state.refusedSeq === state.editSeq) return "error";
  return "pending";
}

/** Whether a save should be sent now (the hook adds the debounce). */
export function shouldSave(state: AutosaveState<unknown>): boolean {
  return isDirty(state) && state.inFlight === null && state.conflict === null && state.refusedSeq !== state.editSeq;
}

export const STATUS_LABELS: Record<SaveStatus, string> = {
  saved: "Saved",
  pending: "Saving…",
  saving: "Saving…",
  offline: "Offline — changes kept on this device",
  conflict: "Changed in another tab or device",
  error: "Not saved",
};
