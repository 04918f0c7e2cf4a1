import { describe, expect, it } from "vitest";
import {
  type AutosaveEvent,
  type AutosaveState,
  autosaveReducer,
  initialAutosaveState,
  isDirty,
  saveStatus,
  shouldSave,
  STATUS_LABELS,
} from "./autosave-state";

type Spot = { name: string };

function run(state: AutosaveState<Spot>, ...events: AutosaveEvent<Spot>[]): AutosaveState<Spot> {
  return events.reduce(autosaveReducer, state);
}

const start = () => initialAutosaveState<Spot>({ name: "Café" }, 3);

describe("autosave state", () => {
  it("starts saved, and an edit is pending until a save confirms it", () => {
    let state = start();
    expect(saveStatus(state)).toBe("saved");
    state = run(state, { type: "edit", value: { name: "Café Central" } });
    expect(saveStatus(state)).toBe("pending");
    expect(STATUS_LABELS[saveStatus(state)]).toBe("Saving…");
    expect(shouldSave(state)).toBe(true);
    state = run(state, { type: "save-started", seq: 1 });
    expect(saveStatus(state)).toBe("saving");
    expect(shouldSave(state)).toBe(false);
    state = run(state, { type: "save-finished", seq: 1, result: { ok: true, value: { name: "Café Central" }, version: 4 } });
    expect(saveStatus(state)).toBe("saved");
    expect(state.base.version).toBe(4);
    expect(isDirty(state)).toBe(false);
  });

  it("keeps typing made during a save unsaved, with the new version for the next save", () => {
    const state = run(
      start(),
      { type: "edit", value: { name: "Café C" } },
      { type: "save-started", seq: 1 },
      { type: "edit", value: { name: "Café Central " } },
      { type: "save-finished", seq: 1, result: { ok: true, value: { name: "Café C" }, version: 4 } },
    );
    expect(state.value).toEqual({ name: "Café Central " });
    expect(state.base.version).toBe(4);
    expect(saveStatus(state)).toBe("pending");
    expect(shouldSave(state)).toBe(true);
  });

  it("shows offline when the server cannot be reached and keeps the change pending", () => {
    let state = run(start(), { type: "edit", value: { name: "X" } }, { type: "save-started", seq: 1 }, { type: "save-unreachable", seq: 1 });
    expect(saveStatus(state)).toBe("offline");
    expect(STATUS_LABELS.offline).toBe("Offline — changes kept on this device");
    expect(shouldSave(state)).toBe(true);
    state = run(state, { type: "connection", online: true });
    expect(saveStatus(state)).toBe("pending");
  });

  it("holds saves on a conflict until the creator chooses; keep mine re-saves over the server's version", () => {
    let state = run(
      start(),
      { type: "edit", value: { name: "Mine" } },
      { type: "save-started", seq: 1 },
      { type: "save-finished", seq: 1, result: { conflict: true, current: { name: "Theirs" }, version: 5 } },
    );
    expect(saveStatus(state)).toBe("conflict");
    expect(shouldSave(state)).toBe(false);
    state = run(state, { type: "edit", value: { name: "Mine!" } });
    expect(saveStatus(state)).toBe("conflict");
    expect(shouldSave(state)).toBe(false);
    state = run(state, { type: "keep-mine" });
    expect(state.value).toEqual({ name: "Mine!" });
    expect(state.base.version).toBe(5);
    expect(shouldSave(state)).toBe(true);
  });

  it("a version moved on by a change outside these fields (a pin moved) is saved over without asking", () => {
    const state = run(
      start(),
      { type: "edit", value: { name: "Mine" } },
      { type: "save-started", seq: 1 },
      { type: "save-finished", seq: 1, result: { conflict: true, current: { name: "Café" }, version: 4 } },
    );
    expect(state.conflict).toBeNull();
    expect(state.base.version).toBe(4);
    expect(shouldSave(state)).toBe(true);
  });

  it("a restored draft made before someone else's save is always the creator's choice", () => {
    // Loaded at version 5 (someone else's change), the draft was made at version 3: the copy at 3 is unknown.
    const state = run(
      initialAutosaveState<Spot>({ name: "Theirs" }, 5),
      { type: "restore-draft", value: { name: "Mine, typed offline" }, version: 3 },
      { type: "save-started", seq: 1 },
      { type: "save-finished", seq: 1, result: { conflict: true, current: { name: "Theirs" }, version: 5 } },
    );
    expect(saveStatus(state)).toBe("conflict");
  });

  it("a conflict whose server copy is already exactly this value is simply saved", () => {
    const state = run(
      initialAutosaveState<Spot>({ name: "Old" }, 1),
      { type: "restore-draft", value: { name: "Sent as the page closed" }, version: 1 },
      { type: "save-started", seq: 1 },
      { type: "save-finished", seq: 1, result: { conflict: true, current: { name: "Sent as the page closed" }, version: 2 } },
    );
    expect(saveStatus(state)).toBe("saved");
    expect(state.base.version).toBe(2);
  });

  it("keep mine saves again even when nothing was typed after the conflict", () => {
    const state = run(
      start(),
      { type: "edit", value: { name: "Mine" } },
      { type: "save-started", seq: 1 },
      { type: "save-finished", seq: 1, result: { conflict: true, current: { name: "Theirs" }, version: 5 } },
      { type: "keep-mine" },
    );
    expect(shouldSave(state)).toBe(true);
    expect(state.base.version).toBe(5);
  });

  it("use theirs replaces the local value and leaves nothing to save", () => {
    const state = run(
      start(),
      { type: "edit", value: { name: "Mine" } },
      { type: "save-started", seq: 1 },
      { type: "save-finished", seq: 1, result: { conflict: true, current: { name: "Theirs" }, version: 5 } },
      { type: "use-theirs" },
    );
    expect(state.value).toEqual({ name: "Theirs" });
    expect(state.base.version).toBe(5);
    expect(saveStatus(state)).toBe("saved");
    expect(shouldSave(state)).toBe(false);
  });

  it("a refused change shows the message and is not sent again until the next edit", () => {
    let state = run(
      start(),
      { type: "edit", value: { name: "" } },
      { type: "save-started", seq: 1 },
      { type: "save-finished", seq: 1, result: { error: "Check the highlighted fields.", fieldErrors: { name: "Give the spot a name." } } },
    );
    expect(saveStatus(state)).toBe("error");
    expect(state.fieldErrors.name).toBe("Give the spot a name.");
    expect(shouldSave(state)).toBe(false);
    state = run(state, { type: "edit", value: { name: "Bar" } });
    expect(saveStatus(state)).toBe("pending");
    expect(shouldSave(state)).toBe(true);
  });

  it("a restored draft is pending with the version it was made against", () => {
    const state = run(start(), { type: "restore-draft", value: { name: "Typed before reload" }, version: 2 });
    expect(state.value).toEqual({ name: "Typed before reload" });
    expect(state.base.version).toBe(2);
    expect(shouldSave(state)).toBe(true);
  });

  it("takes a newer server copy only when nothing is pending here", () => {
    expect(run(start(), { type: "server-value", value: { name: "New" }, version: 4 }).value).toEqual({ name: "New" });
    expect(run(start(), { type: "server-value", value: { name: "Old" }, version: 3 }).value).toEqual({ name: "Café" });
    const editing = run(start(), { type: "edit", value: { name: "Mine" } }, { type: "server-value", value: { name: "New" }, version: 4 });
    expect(editing.value).toEqual({ name: "Mine" });
    expect(editing.base.version).toBe(3);
  });
});
