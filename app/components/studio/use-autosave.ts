/**
 * Autosave without a Save button, for the Studio's editors (spots, maps).
 *
 *   const autosave = useAutosave({
 *     key: draftKey("spot", spot.id),         // one local draft per entity
 *     serverValue: spot, version: spot.version,
 *     save: (value, version) => postForSave(url, { ...value, version }),
 *   });
 *   autosave.value / autosave.setValue(v => ({ ...v, name }))
 *   autosave.status  -> "saved" | "pending" | "saving" | "offline" | "conflict" | "error"
 *   autosave.conflict, autosave.keepMine(), autosave.takeTheirs()
 *
 * - Every change is written to a local draft at once and saved after
 *   `delay` ms without further changes; the draft is cleared only when the
 *   server confirms the latest change, and restored (then saved) on the next
 *   mount, so nothing typed is lost on a reload or a dropped connection.
 * - `save` resolves with a SaveResult (saved, conflict, or refused with a
 *   message) and throws when the server could not be reached: then the
 *   status is "offline" and the save is retried when the browser is back
 *   online, or after a growing pause.
 * - A conflict (the server's version moved on) stops saving until the
 *   creator chooses: keep mine (saved over the server's copy) or use theirs.
 *
 * One hook instance edits one entity: give the component that uses it a
 * React `key` of the entity's id, so switching entities starts afresh.
 * `T` is a plain, JSON-serialisable value (not a function).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import {
  autosaveReducer,
  type AutosaveEvent,
  type AutosaveState,
  initialAutosaveState,
  isDirty,
  saveStatus,
  type SaveResult,
  type SaveStatus,
  shouldSave,
} from "./autosave-state";
import { browserDraftStore } from "./draft-store";

export type { SaveResult, SaveStatus } from "./autosave-state";

export interface UseAutosaveOptions<T> {
  /** The draft's key, e.g. `draftKey("spot", id)`. */
  key: string;
  /** The server's copy as the page loaded it, and its version. */
  serverValue: T;
  version: number;
  /** Send a save; throw when the server cannot be reached (see `postForSave`). */
  save: (value: T, version: number) => Promise<SaveResult<T>>;
  /** Milliseconds without changes before saving. */
  delay?: number;
  /** Called with the server's copy after every confirmed save. */
  onSaved?: (value: T, version: number) => void;
  /** Changes made but not saved yet (a refused form post without JavaScript): shown, and saved once it can be. */
  unsaved?: T;
}

export interface Autosave<T> {
  value: T;
  setValue: (update: T | ((previous: T) => T)) => void;
  status: SaveStatus;
  /** The server's message when it refused the latest change. */
  error: string | null;
  fieldErrors: Record<string, string | undefined>;
  conflict: { current: T; version: number } | null;
  keepMine: () => void;
  takeTheirs: () => void;
  /** Save now instead of after the delay. */
  flush: () => void;
}

const FIRST_RETRY_MS = 2_000;
const LAST_RETRY_MS = 30_000;

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export function useAutosave<T>({ key, serverValue, version, save, delay = 800, onSaved, unsaved }: UseAutosaveOptions<T>): Autosave<T> {
  const [state, setState] = useState<AutosaveState<T>>(() => {
    const loaded = initialAutosaveState(serverValue, version);
    return unsaved === undefined ? loaded : autosaveReducer(loaded, { type: "edit", value: unsaved });
  });
  // Saves finish after renders: they read and change the latest state, not the one of the render that started them.
  const stateRef = useRef(state);
  const store = useMemo(() => browserDraftStore(), []);
  const callbacks = useRef({ save, onSaved });
  useEffect(() => {
    callbacks.current = { save, onSaved };
  });
  const debounce = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const retry = useRef<{ timer?: ReturnType<typeof setTimeout>; wait: number }>({ wait: FIRST_RETRY_MS });

  const dispatch = useCallback((event: AutosaveEvent<T>) => {
    stateRef.current = autosaveReducer(stateRef.current, event);
    setState(stateRef.current);
  }, []);

  const keepDraft = useCallback(() => {
    const current = stateRef.current;
    if (isDirty(current)) store.write(key, { value: current.value, version: current.base.version });
    else store.clear(key);
  }, [key, store]);

  // The timers a save sets call the latest `flush` through this.
  const again = useRef<() => void>(() => {});

  const flush = useCallback(async (): Promise<void> => {
    clearTimeout(debounce.current);
    clearTimeout(retry.current.timer);
    const current = stateRef.current;
    if (!shouldSave(current)) return;
    if (typeof navigator !== "undefined" && navigator.onLine === false) {
      // Nothing to try until the browser says it is back online (the listener below).
      dispatch({ type: "connection", online: false });
      return;
    }
    const seq = current.editSeq;
    dispatch({ type: "save-started", seq });
    let result: SaveResult<T>;
    try {
      result = await callbacks.current.save(current.value, current.base.version);
    } catch {
      dispatch({ type: "save-unreachable", seq });
      const wait = retry.current.wait;
      retry.current.wait = Math.min(wait * 2, LAST_RETRY_MS);
      retry.current.timer = setTimeout(() => again.current(), wait);
      return;
    }
    retry.current.wait = FIRST_RETRY_MS;
    dispatch({ type: "save-finished", seq, result });
    // Saved with a new version: a draft of later edits must carry it, or it would conflict with this very save.
    keepDraft();
    if ("ok" in result) callbacks.current.onSaved?.(result.value, result.version);
    if (shouldSave(stateRef.current)) debounce.current = setTimeout(() => again.current(), delay);
  }, [delay, dispatch, keepDraft]);
  useEffect(() => {
    again.current = () => void flush();
  }, [flush]);

  const schedule = useCallback(
    (wait: number) => {
      clearTimeout(debounce.current);
      debounce.current = setTimeout(() => void flush(), wait);
    },
    [flush],
  );

  const setValue = useCallback(
    (update: T | ((previous: T) => T)) => {
      const next = typeof update === "function" ? (update as (previous: T) => T)(stateRef.current.value) : update;
      dispatch({ type: "edit", value: next });
      // Written before anything else can happen: a reload a moment later still finds it.
      keepDraft();
      // One save at a time: an edit during a save is sent when that save returns.
      if (stateRef.current.inFlight === null) schedule(delay);
    },
    [delay, dispatch, keepDraft, schedule],
  );

  // On mount: the draft a reload or a lost connection left behind, restored and then saved.
  const initial = useRef({ serverValue, version });
  useEffect(() => {
    const draft = store.read<T>(key);
    dispatch({ type: "connection", online: navigator.onLine !== false });
    if (!draft) return;
    if (sameJson(draft.value, initial.current.serverValue)) {
      store.clear(key);
      return;
    }
    dispatch({ type: "restore-draft", value: draft.value, version: draft.version });
    schedule(0);
  }, [dispatch, key, schedule, store]);

  // A newer copy from the server (the page revalidated after someone else's save).
  const latestServer = useRef({ serverValue, version });
  useEffect(() => {
    latestServer.current = { serverValue, version };
  });
  useEffect(() => {
    dispatch({ type: "server-value", value: latestServer.current.serverValue, version });
  }, [dispatch, version]);

  useEffect(() => {
    const online = () => {
      dispatch({ type: "connection", online: true });
      retry.current.wait = FIRST_RETRY_MS;
      void flush();
    };
    const offline = () => dispatch({ type: "connection", online: false });
    // Leaving the page: send what is pending now rather than after the delay (the draft is kept either way).
    const leaving = () => void flush();
    window.addEventListener("online", online);
    window.addEventListener("offline", offline);
    window.addEventListener("pagehide", leaving);
    const timers = retry.current;
    return () => {
      window.removeEventListener("online", online);
      window.removeEventListener("offline", offline);
      window.removeEventListener("pagehide", leaving);
      clearTimeout(timers.timer);
    };
  }, [dispatch, flush]);

  // Unmounting (another spot selected): what is pending is sent now.
  useEffect(
    () => () => {
      if (stateRef.current.inFlight === null && shouldSave(stateRef.current)) void flush();
      clearTimeout(debounce.current);
    },
    [flush],
  );

  const keepMine = useCallback(() => {
    dispatch({ type: "keep-mine" });
    keepDraft();
    void flush();
  }, [dispatch, flush, keepDraft]);

  const takeTheirs = useCallback(() => {
    dispatch({ type: "use-theirs" });
    store.clear(key);
  }, [dispatch, key, store]);

  return {
    value: state.value,
    setValue,
    status: saveStatus(state),
    error: state.error,
    fieldErrors: state.fieldErrors,
    conflict: state.conflict,
    keepMine,
    takeTheirs,
    flush: () => void flush(),
  };
}

/**
 * POSTs a form to an autosave endpoint that answers with a SaveResult as
 * JSON. Throws when the server could not be reached or failed (5xx), so the
 * hook keeps the draft and tries again; a 4xx answer is the server's verdict.
 */
export async function postForSave<T>(url: string, body: FormData): Promise<SaveResult<T>> {
  const response = await fetch(url, { method: "POST", body, headers: { Accept: "application/json" } });
  if (response.status >= 500) throw new Error(`Save failed with ${response.status}`);
  const type = response.headers.get("Content-Type") ?? "";
  if (!type.includes("application/json")) {
    // A redirect to the login page (session ended) or a 403 page: not a save, and not worth retrying blindly.
    return { error: response.status === 403 || response.redirected ? "You are signed out or may not edit this. Sign in again to save." : "Not saved." };
  }
  return (await response.json()) as SaveResult<T>;
}
