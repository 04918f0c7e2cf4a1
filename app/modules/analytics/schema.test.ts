import { describe, expect, it } from "vitest";
import { CLIENT_EVENT_TYPES, EVENT_TYPES, MAX_PROPERTIES_BYTES, MAX_PROPERTY_KEYS } from "./event-types";
import { clientEventSchema, firstIssue, propertiesSchema, trackInputSchema } from "./schema";

describe("analytics event validation", () => {
  it("knows the spec's events, and lets browsers send only the pricing dialog's", () => {
    expect(EVENT_TYPES).toEqual(expect.arrayContaining(["joined", "pricing_dialog_closed", "subscribed_paid", "map_viewed", "spot_viewed", "creator_viewed"]));
    expect(CLIENT_EVENT_TYPES).toEqual(["pricing_dialog_closed"]);
    expect(trackInputSchema.safeParse({ type: "subscribed_paid" }).success).toBe(true);
    expect(trackInputSchema.safeParse({ type: "page_hacked" }).success).toBe(false);
    const forged = clientEventSchema.safeParse({ type: "subscribed_paid" });
    expect(forged.success).toBe(false);
    expect(firstIssue(forged.error!)).toBe("type: Unknown event type: send one of pricing_dialog_closed");
  });

  it("accepts a small flat object of scalars", () => {
    expect(propertiesSchema.safeParse({ tier: "premium", step: 2, yearly: true, coupon: null }).success).toBe(true);
    expect(propertiesSchema.safeParse({}).success).toBe(true);
  });

  it("refuses nesting, bad names, long strings, too many keys and too many bytes", () => {
    expect(propertiesSchema.safeParse({ nested: { a: 1 } }).success).toBe(false);
    expect(propertiesSchema.safeParse({ list: [1, 2] }).success).toBe(false);
    expect(propertiesSchema.safeParse({ "Bad Key": 1 }).success).toBe(false);
    expect(propertiesSchema.safeParse({ __proto__x: 1 }).success).toBe(false);
    expect(propertiesSchema.safeParse({ note: "x".repeat(201) }).success).toBe(false);
    expect(propertiesSchema.safeParse({ n: Number.POSITIVE_INFINITY }).success).toBe(false);
    const many = Object.fromEntries(Array.from({ length: MAX_PROPERTY_KEYS + 1 }, (_, i) => [`k${i}`, i]));
    expect(propertiesSchema.safeParse(many).success).toBe(false);
    const heavy = Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`k${i}`, "é".repeat(100)]));
    expect(new TextEncoder().encode(JSON.stringify(heavy)).length).toBeGreaterThan(MAX_PROPERTIES_BYTES);
    expect(propertiesSchema.safeParse(heavy).success).toBe(false);
  });
});
