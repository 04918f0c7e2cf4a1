import { describe, expect, it } from "vitest";
import { COORDINATE_MESSAGES } from "~/modules/places/coordinates";
import { REVIEW_MESSAGES, reviewActionSchema, reviewNotice, reviewNoticeKey } from "./review-actions";

describe("review notices", () => {
  it("round-trips every outcome through its URL key, success or refusal", () => {
    expect(reviewNotice(reviewNoticeKey(REVIEW_MESSAGES.placed))).toEqual({ ok: true, text: REVIEW_MESSAGES.placed });
    expect(reviewNotice(reviewNoticeKey(COORDINATE_MESSAGES.latitude))).toEqual({ ok: false, text: COORDINATE_MESSAGES.latitude });
    expect(reviewNotice(reviewNoticeKey(REVIEW_MESSAGES.alreadyDismissed))).toEqual({ ok: false, text: REVIEW_MESSAGES.alreadyDismissed });
  });

  it("shows nothing for a key it did not make, and the generic refusal for a message it does not know", () => {
    for (const key of [null, "", "<script>", "constructor", "__proto__", "toString"]) expect(reviewNotice(key)).toBeNull();
    expect(reviewNoticeKey("Something else went wrong")).toBe("unknown");
  });
});

describe("reviewActionSchema", () => {
  it("reads a placement by coordinates or by a map click, a dismiss and a reopen, and nothing else", () => {
    expect(reviewActionSchema.parse({ intent: "place", rowId: "r", coordinates: "41, 2" })).toEqual({ intent: "place", rowId: "r", coordinates: "41, 2" });
    expect(reviewActionSchema.parse({ intent: "place", rowId: "r", lat: "41", lng: "2", name: "Bar" })).toMatchObject({ lat: "41", lng: "2", name: "Bar" });
    expect(reviewActionSchema.parse({ intent: "dismiss", rowId: "r" })).toEqual({ intent: "dismiss", rowId: "r" });
    expect(reviewActionSchema.safeParse({ intent: "reopen" }).success).toBe(false);
    expect(reviewActionSchema.safeParse({ intent: "delete", rowId: "r" }).success).toBe(false);
    expect(reviewActionSchema.safeParse({ intent: "place", rowId: "r", coordinates: "1".repeat(1_001) }).success).toBe(false);
  });
});
