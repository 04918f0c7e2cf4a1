import { createRequire } from "node:module";
import type * as BetterDni from "better-dni";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkSpanishTaxId, checkTaxId, checkVatNumber, dniLetter, TAX_ID_MESSAGES } from "./tax-id";

// better-dni is a UMD bundle: Node's ESM loader sees no named exports in it, require does.
const dni = createRequire(import.meta.url)("better-dni") as typeof BetterDni;

describe("Spanish tax ids of individuals", () => {
  it("takes a DNI, a NIE and a K/L/M NIF with the right letter, however they are typed", () => {
    expect(checkSpanishTaxId("12345678Z", "individual")).toEqual({ ok: true, value: "12345678Z", kind: "nif" });
    expect(checkSpanishTaxId(" 12.345.678-z ", "individual")).toEqual({ ok: true, value: "12345678Z", kind: "nif" });
    expect(checkSpanishTaxId("ES12345678Z", "individual")).toEqual({ ok: true, value: "12345678Z", kind: "nif" });
    expect(checkSpanishTaxId("X1234567L", "individual")).toEqual({ ok: true, value: "X1234567L", kind: "nie" });
    expect(checkSpanishTaxId("Y1234567X", "individual")).toEqual({ ok: true, value: "Y1234567X", kind: "nie" });
    expect(checkSpanishTaxId("z1234567r", "individual")).toEqual({ ok: true, value: "Z1234567R", kind: "nie" });
    expect(checkSpanishTaxId("K1234567L", "individual")).toEqual({ ok: true, value: "K1234567L", kind: "nif" });
  });

  it("refuses a wrong letter with a message that says so", () => {
    expect(checkSpanishTaxId("12345678A", "individual")).toEqual({ ok: false, error: TAX_ID_MESSAGES.nifLetter });
    expect(checkSpanishTaxId("00000000A", "individual")).toEqual({ ok: false, error: TAX_ID_MESSAGES.nifLetter });
    expect(checkSpanishTaxId("X1234567M", "individual")).toEqual({ ok: false, error: TAX_ID_MESSAGES.nieLetter });
    expect(checkSpanishTaxId("K1234567A", "individual")).toEqual({ ok: false, error: TAX_ID_MESSAGES.nifLetter });
  });

  it("refuses what is no Spanish id of a person", () => {
    for (const bad of ["1234567Z", "123456789", "B12345674", "W1234567L", "hello"]) {
      expect(checkSpanishTaxId(bad, "individual"), bad).toEqual({ ok: false, error: TAX_ID_MESSAGES.spanishIndividualForm });
    }
    expect(checkSpanishTaxId("  ", "individual")).toEqual({ ok: false, error: TAX_ID_MESSAGES.required });
  });

  it("agrees with better-dni on DNI and NIE letters, for any number", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999 }), (n) => {
        const number = String(n).padStart(8, "0");
        expect(`${number}${dniLetter(n)}`).toSatisfy((v: string) => dni.isNIF(v));
        expect(checkSpanishTaxId(`${number}${dniLetter(n)}`, "individual").ok).toBe(true);
        const wrong = "TRWAGMYFPDXBNJZSQVHLCKE".replace(dniLetter(n), "")[n % 22];
        expect(checkSpanishTaxId(`${number}${wrong}`, "individual").ok).toBe(dni.isNIF(`${number}${wrong}`));
      }),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(fc.constantFrom("X", "Y", "Z"), fc.integer({ min: 0, max: 9_999_999 }), fc.constantFrom(..."ABCDEFGHJKLMNPQRSTVWXYZ"), (first, n, letter) => {
        const nie = `${first}${String(n).padStart(7, "0")}${letter}`;
        expect(checkSpanishTaxId(nie, "individual").ok).toBe(dni.isNIE(nie));
      }),
      { numRuns: 2000 },
    );
  });
});

describe("Spanish tax ids of companies (NIF of entities, formerly CIF)", () => {
  it("takes real ones", () => {
    // Telefónica, Inditex, Mercadona, the Tax Agency (a public body: a check letter).
    for (const nif of ["A28015865", "A15075062", "A46103834", "A58818501", "Q2826000H", "B12345674"]) {
      expect(checkSpanishTaxId(nif, "company"), nif).toEqual({ ok: true, value: nif, kind: "cif" });
    }
  });

  it("refuses a wrong check character, and a digit where the entity's letter must carry a letter", () => {
    expect(checkSpanishTaxId("A28015866", "company")).toEqual({ ok: false, error: TAX_ID_MESSAGES.cifCheck });
    expect(checkSpanishTaxId("A58818502", "company")).toEqual({ ok: false, error: TAX_ID_MESSAGES.cifCheck });
    // Q (public bodies) takes a letter only: the same check as a digit is refused.
    expect(checkSpanishTaxId("Q28260008", "company")).toEqual({ ok: false, error: TAX_ID_MESSAGES.cifCheck });
    // A (public limited companies) takes a digit only.
    expect(checkSpanishTaxId("A2801586E", "company")).toEqual({ ok: false, error: TAX_ID_MESSAGES.cifCheck });
  });

  it("asks a company for its own NIF, not a person's", () => {
    expect(checkSpanishTaxId("12345678Z", "company")).toEqual({ ok: false, error: TAX_ID_MESSAGES.spanishCompanyForm });
    expect(checkSpanishTaxId("X1234567L", "company")).toEqual({ ok: false, error: TAX_ID_MESSAGES.spanishCompanyForm });
  });
});

describe("VAT numbers (jsvat)", () => {
  it("checks each country's checksum, with or without its prefix", () => {
    expect(checkVatNumber("FR40303265045", "FR")).toEqual({ ok: true, value: "FR40303265045" });
    expect(checkVatNumber("40303265045", "FR")).toEqual({ ok: true, value: "FR40303265045" });
    expect(checkVatNumber("DE 136 695 976", "DE")).toEqual({ ok: true, value: "DE136695976" });
    expect(checkVatNumber("ESA58818501", "ES")).toEqual({ ok: true, value: "ESA58818501" });
    expect(checkVatNumber("FR40303265046", "FR")).toEqual({ ok: false, error: TAX_ID_MESSAGES.vatForm });
    expect(checkVatNumber("ES12345678A", "ES")).toEqual({ ok: false, error: TAX_ID_MESSAGES.vatForm });
  });

  it("writes Greece's as EL, whichever prefix is typed", () => {
    for (const typed of ["EL094014201", "GR094014201", "094014201"]) expect(checkVatNumber(typed, "GR")).toEqual({ ok: true, value: "EL094014201" });
  });

  it("wants the number of the country of residence", () => {
    expect(checkVatNumber("DE136695976", "FR")).toEqual({ ok: false, error: TAX_ID_MESSAGES.vatCountry });
  });
});

describe("tax ids of other countries", () => {
  it("checks a VAT number given as the tax id by its checksum, and another id by its form", () => {
    expect(checkTaxId("BE0411905847", "BE", "company")).toEqual({ ok: true, value: "BE0411905847", kind: "vat" });
    expect(checkTaxId("BE0411905848", "BE", "company")).toEqual({ ok: false, error: TAX_ID_MESSAGES.vatForm });
    expect(checkTaxId("1 23 45 678 901 23", "FR", "individual")).toEqual({ ok: true, value: "1234567890123", kind: "other" });
    expect(checkTaxId("123-45-6789", "US", "individual")).toEqual({ ok: true, value: "123456789", kind: "other" });
    expect(checkTaxId("12", "US", "individual")).toEqual({ ok: false, error: TAX_ID_MESSAGES.otherForm });
    expect(checkTaxId("12345678A", "ES", "individual")).toEqual({ ok: false, error: TAX_ID_MESSAGES.nifLetter });
  });
});
