import { describe, expect, it } from "vitest";
import { checkTestCard } from "./local-cards";

const now = new Date("2026-11-23T12:00:00Z");
const card = (number: string, expiry = "12/30", cvc = "123") => checkTestCard({ number, expiry, cvc }, now);

describe("the local provider's test cards", () => {
  it("accepts 4242 4242 4242 4242 with any future expiry and any CVC", () => {
    expect(card("4242 4242 4242 4242")).toEqual({ ok: true });
    expect(card("4242424242424242", "11/26", "9876")).toEqual({ ok: true });
  });
  it("accepts the number and the expiry however they are typed (issue 28, item 15)", () => {
    for (const expiry of ["12/30", "1230", "12 / 30", "12-30", "12/2030"]) expect(card("4242424242424242", expiry), expiry).toEqual({ ok: true });
    expect(card("4242-4242-4242-4242", "1230")).toEqual({ ok: true });
    expect(card("4242424242424242", "1026")).toMatchObject({ ok: false, field: "expiry", message: "Your card's expiration date is in the past." });
    expect(card("4242424242424242", "123")).toMatchObject({ ok: false, field: "expiry", message: "Your card's expiration date is incomplete." });
    expect(card("4242 4242 4242 424x")).toMatchObject({ ok: false, field: "number", message: "Your card number is incomplete." });
  });
  it("declines 4000 0000 0000 0002 with Stripe's words", () => {
    expect(card("4000 0000 0000 0002")).toEqual({ ok: false, field: "number", message: "Your card was declined.", declined: true });
  });
  it("refuses any other number, incomplete fields and past expiry dates", () => {
    expect(card("5555 5555 5555 4444")).toMatchObject({ ok: false, message: "Test mode: use the test card 4242 4242 4242 4242." });
    expect(card("4242 4242")).toMatchObject({ ok: false, field: "number", message: "Your card number is incomplete." });
    expect(card("4242424242424242", "10/26")).toMatchObject({ ok: false, field: "expiry", message: "Your card's expiration date is in the past." });
    expect(card("4242424242424242", "13/30")).toMatchObject({ ok: false, field: "expiry" });
    expect(card("4242424242424242", "12/30", "1")).toMatchObject({ ok: false, field: "cvc", message: "Your card's security code is incomplete." });
  });
});
