import { describe, expect, it } from "vitest";
import { caretAfterDigits, cardNumberDigits, formatCardNumber, formatExpiry, parseExpiry } from "./card-input";

describe("a card number as people type it", () => {
  it("is read with any spacing, and refused with anything but digits, spaces and dashes", () => {
    expect(cardNumberDigits("4242 4242 4242 4242")).toBe("4242424242424242");
    expect(cardNumberDigits("4242424242424242")).toBe("4242424242424242");
    expect(cardNumberDigits(" 4242-4242 42424242 ")).toBe("4242424242424242");
    expect(cardNumberDigits("4242 4242 4242 424x")).toBeNull();
  });

  it("is shown in groups of four as it is typed, at most 19 digits", () => {
    const typed: string[] = [];
    let value = "";
    for (const key of "4242424242424242") {
      value = formatCardNumber(value + key);
      typed.push(value);
    }
    expect(typed.slice(3, 6)).toEqual(["4242", "4242 4", "4242 42"]);
    expect(value).toBe("4242 4242 4242 4242");
    expect(formatCardNumber("42424242 42424242")).toBe("4242 4242 4242 4242");
    expect(formatCardNumber("4242-4242-4242-4242")).toBe("4242 4242 4242 4242");
    expect(formatCardNumber("1234567890123456789012")).toBe("1234 5678 9012 3456 789");
    expect(formatCardNumber("")).toBe("");
  });
});

describe("an expiry as people type it", () => {
  it("is read as 12/30, 1230, 12 / 30, 12-30 or 12/2030", () => {
    for (const typed of ["12/30", "1230", "12 / 30", " 12/30 ", "12-30", "12.30", "12/2030", "122030"])
      expect(parseExpiry(typed), typed).toEqual({ month: 12, year: 30 });
    expect(parseExpiry("4/30")).toEqual({ month: 4, year: 30 });
    expect(parseExpiry("0430")).toEqual({ month: 4, year: 30 });
  });

  it("is refused when it is not a whole one, or its month is not a month", () => {
    for (const typed of ["", "12", "12/", "12/3", "123", "13/30", "00/30", "1/2/30", "12/1930", "12/230", "ab/cd"])
      expect(parseExpiry(typed), typed).toBeNull();
  });

  it("is shown as MM/YY as it is typed", () => {
    const steps = (keys: string) => {
      const shown: string[] = [];
      let value = "";
      for (const key of keys) {
        value = formatExpiry(value + key);
        shown.push(value);
      }
      return shown;
    };
    expect(steps("1230")).toEqual(["1", "12", "12/3", "12/30"]);
    expect(steps("12 / 30")).toEqual(["1", "12", "12", "12/", "12/", "12/3", "12/30"]);
    expect(steps("4/30")).toEqual(["4", "04/", "04/3", "04/30"]);
    expect(steps("12/2030")).toEqual(["1", "12", "12/", "12/2", "12/20", "12/203", "12/30"]);
    // Past a whole year, more digits are not taken.
    expect(formatExpiry("12/305")).toBe("12/30");
    expect(formatExpiry("123055")).toBe("12/30");
  });

  it("deletes back over the slash like any character", () => {
    // What the field holds after Backspace, formatted again.
    expect(formatExpiry("12/3")).toBe("12/3");
    expect(formatExpiry("12/")).toBe("12/");
    expect(formatExpiry("12")).toBe("12");
  });
});

describe("the caret after formatting", () => {
  it("stays after the same digits", () => {
    // "4242 42|42" with a 1 typed at the caret: "4242 421|42" becomes "4242 4214 2", caret after the seventh digit.
    expect(caretAfterDigits("4242 4214 2", 7)).toBe(8);
    expect(caretAfterDigits("4242 4242", 4)).toBe(4);
    expect(caretAfterDigits("12/30", 3)).toBe(4);
    expect(caretAfterDigits("12/30", 0)).toBe(0);
    expect(caretAfterDigits("12", 5)).toBe(2);
  });
});
