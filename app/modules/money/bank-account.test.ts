import { describe, expect, it } from "vitest";
import { BANK_MESSAGES, checkBic, checkSepaIban, holderMatches, maskedIban, normaliseName } from "./bank-account";

describe("IBANs", () => {
  it("takes a valid SEPA IBAN however it is typed, and keeps its country and last 4", () => {
    expect(checkSepaIban("ES9121000418450200051332")).toEqual({ ok: true, iban: "ES9121000418450200051332", country: "ES", last4: "1332" });
    expect(checkSepaIban(" es91 2100 0418 4502 0005 1332 ")).toEqual({ ok: true, iban: "ES9121000418450200051332", country: "ES", last4: "1332" });
    expect(checkSepaIban("DE89 3704 0044 0532 0130 00")).toMatchObject({ ok: true, country: "DE", last4: "3000" });
    // The SEPA area is wider than the EU.
    expect(checkSepaIban("GB29 NWBK 6016 1331 9268 19")).toMatchObject({ ok: true, country: "GB" });
    expect(checkSepaIban("CH93 0076 2011 6238 5295 7")).toMatchObject({ ok: true, country: "CH" });
  });

  it("refuses a wrong checksum, a wrong length, and an unknown country", () => {
    expect(checkSepaIban("ES9121000418450200051333")).toEqual({ ok: false, error: BANK_MESSAGES.ibanChecksum });
    expect(checkSepaIban("ES9221000418450200051332")).toEqual({ ok: false, error: BANK_MESSAGES.ibanChecksum });
    expect(checkSepaIban("ES91210004184502000513")).toEqual({ ok: false, error: BANK_MESSAGES.ibanLength });
    // A US-style account number has no IBAN country.
    expect(checkSepaIban("US64SVBKUS6S3300958879")).toEqual({ ok: false, error: BANK_MESSAGES.ibanCountry });
    expect(checkSepaIban("")).toEqual({ ok: false, error: BANK_MESSAGES.ibanRequired });
  });

  it("refuses a valid IBAN from outside the SEPA area", () => {
    expect(checkSepaIban("BR1800360305000010009795493C1")).toEqual({ ok: false, error: BANK_MESSAGES.ibanNotSepa });
    expect(checkSepaIban("TR330006100519786457841326")).toEqual({ ok: false, error: BANK_MESSAGES.ibanNotSepa });
  });

  it("shows an account by its last 4 only", () => {
    expect(maskedIban("ES", "1332")).toBe("ES •••• 1332");
    expect(maskedIban(null, null)).toBe("");
  });
});

describe("BICs", () => {
  it("are optional, and checked when given", () => {
    expect(checkBic("", "ES")).toEqual({ ok: true, bic: null });
    expect(checkBic("caix es bb xxx", "ES")).toEqual({ ok: true, bic: "CAIXESBBXXX" });
    expect(checkBic("CAIXESBB", "ES")).toEqual({ ok: true, bic: "CAIXESBB" });
    expect(checkBic("CAIXES", "ES")).toEqual({ ok: false, error: BANK_MESSAGES.bicInvalid });
    expect(checkBic("CAIX3SBB", "ES")).toEqual({ ok: false, error: BANK_MESSAGES.bicInvalid });
  });

  it("are of the IBAN's country (or a territory that shares its banks)", () => {
    expect(checkBic("DEUTDEFF", "ES")).toEqual({ ok: false, error: BANK_MESSAGES.bicCountry });
    expect(checkBic("BNPAFRPP", "MC")).toEqual({ ok: true, bic: "BNPAFRPP" });
  });
});

describe("the account holder and the legal name", () => {
  it("match whatever the case, accents, punctuation and spacing", () => {
    expect(holderMatches("JOSE GARCIA LOPEZ", "José García-López")).toBe(true);
    expect(holderMatches("  María   Núñez ", "maria nunez")).toBe(true);
    expect(holderMatches("Ana Pérez S.L.", "ANA PEREZ SL")).toBe(true);
    expect(normaliseName("Ærøskøbing Ltd.")).toBe("ærøskøbing ltd");
  });

  it("differ when the names do", () => {
    expect(holderMatches("Jose Garcia", "José García López")).toBe(false);
    expect(holderMatches("Maria Nunez", "Mario Nunez")).toBe(false);
    expect(holderMatches("", "")).toBe(false);
  });
});
