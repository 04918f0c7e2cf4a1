import { describe, expect, it } from "vitest";
import { BANK_MESSAGES } from "./bank-account";
import { activityStartYearError, ageOn, dateOfBirthError, parsePayoutDetails, parseTaxSettings, TAX_MESSAGES } from "./validation";

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const yearsAgo = (years: number, days = 0) => {
  const now = new Date();
  return isoDay(new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate() + days)));
};
const thisYear = new Date().getUTCFullYear();

/** A Spanish-resident individual's complete form, as posted. */
const spanishIndividual: Record<string, string> = {
  taxResidenceCountry: "ES",
  entityType: "individual",
  legalName: "  Lucía   Fernández Ruiz ",
  taxId: "12345678z",
  irpfPercent: "15",
  address: "Calle Mayor 1, 3º B",
  postalCode: "28013",
  city: "Madrid",
  region: "",
  addressCountry: "ES",
  dateOfBirth: "1990-05-17",
  selfBilling: "on",
};

describe("age", () => {
  it("counts whole years, a birthday from its day", () => {
    expect(ageOn("2008-06-15", new Date("2026-06-14T12:00:00Z"))).toBe(17);
    expect(ageOn("2008-06-15", new Date("2026-06-15T00:00:00Z"))).toBe(18);
    // Born on 29 February: 18 on 1 March of a common year.
    expect(ageOn("2008-02-29", new Date("2026-02-28T12:00:00Z"))).toBe(17);
    expect(ageOn("2008-02-29", new Date("2026-03-01T00:00:00Z"))).toBe(18);
    expect(ageOn("2008-02-30", new Date())).toBeNull();
    expect(ageOn("15/06/2008", new Date())).toBeNull();
  });

  it("refuses anyone under 18, a date that is none, or one in the future", () => {
    const today = new Date("2026-11-26T10:00:00Z");
    expect(dateOfBirthError("2008-11-27", today)).toBe(TAX_MESSAGES.underAge);
    expect(dateOfBirthError("2008-11-26", today)).toBeNull();
    expect(dateOfBirthError("2027-01-01", today)).toBe(TAX_MESSAGES.dateOfBirthInvalid);
    expect(dateOfBirthError("1850-01-01", today)).toBe(TAX_MESSAGES.dateOfBirthInvalid);
    expect(dateOfBirthError("", today)).toBe(TAX_MESSAGES.dateOfBirthRequired);
  });
});

describe("the new-activity IRPF rate", () => {
  it("applies in the year the activity started and the two following", () => {
    const today = new Date("2026-11-26T10:00:00Z");
    expect(activityStartYearError("2026", today)).toBeNull();
    expect(activityStartYearError("2024", today)).toBeNull();
    expect(activityStartYearError("2023", today)).toBe(TAX_MESSAGES.irpfStartYearOver);
    expect(activityStartYearError("2027", today)).toBe(TAX_MESSAGES.irpfStartYearFuture);
    expect(activityStartYearError("26", today)).toBe(TAX_MESSAGES.irpfStartYearRequired);
  });
});

describe("the tax settings form", () => {
  it("normalises a complete form, keeping only what applies", () => {
    expect(parseTaxSettings({ ...spanishIndividual, vatNumber: "ignored when not registered", irpfActivityStartYear: "2020" })).toEqual({
      ok: true,
      data: {
        entityType: "individual",
        taxResidenceCountry: "ES",
        legalName: "Lucía Fernández Ruiz",
        taxId: "12345678Z",
        taxIdKind: "nif",
        vatNumber: null,
        irpfPercent: 15,
        irpfActivityStartYear: null,
        address: "Calle Mayor 1, 3º B",
        postalCode: "28013",
        city: "Madrid",
        region: null,
        addressCountry: "ES",
        dateOfBirth: "1990-05-17",
        selfBilling: true,
      },
    });
  });

  it("refuses a NIF with a wrong letter, a date of birth under 18, and says which field", () => {
    expect(parseTaxSettings({ ...spanishIndividual, taxId: "12345678A" })).toEqual({ ok: false, errors: { taxId: TAX_MESSAGES.nifLetter } });
    expect(parseTaxSettings({ ...spanishIndividual, dateOfBirth: yearsAgo(18, 1) })).toEqual({ ok: false, errors: { dateOfBirth: TAX_MESSAGES.underAge } });
    expect(parseTaxSettings({ ...spanishIndividual, dateOfBirth: yearsAgo(18) })).toMatchObject({ ok: true });
  });

  it("asks Spanish-resident individuals for their IRPF rate, and the 7% rate's conditions", () => {
    expect(parseTaxSettings({ ...spanishIndividual, irpfPercent: "" })).toEqual({ ok: false, errors: { irpfPercent: TAX_MESSAGES.irpfRequired } });
    expect(parseTaxSettings({ ...spanishIndividual, irpfPercent: "21" })).toEqual({ ok: false, errors: { irpfPercent: TAX_MESSAGES.irpfRequired } });
    expect(parseTaxSettings({ ...spanishIndividual, irpfPercent: "7", irpfActivityStartYear: String(thisYear - 3), irpfNoPriorActivity: "on" })).toEqual({
      ok: false,
      errors: { irpfActivityStartYear: TAX_MESSAGES.irpfStartYearOver },
    });
    expect(parseTaxSettings({ ...spanishIndividual, irpfPercent: "7", irpfActivityStartYear: String(thisYear - 1) })).toEqual({
      ok: false,
      errors: { irpfNoPriorActivity: TAX_MESSAGES.irpfNoPriorActivity },
    });
    expect(parseTaxSettings({ ...spanishIndividual, irpfPercent: "7", irpfActivityStartYear: String(thisYear - 1), irpfNoPriorActivity: "on" })).toMatchObject({
      ok: true,
      data: { irpfPercent: 7, irpfActivityStartYear: thisYear - 1 },
    });
  });

  it("checks a VAT number, a Spanish one against the NIF", () => {
    expect(parseTaxSettings({ ...spanishIndividual, vatRegistered: "on", vatNumber: "ES12345678Z" })).toMatchObject({
      ok: true,
      data: { vatNumber: "ES12345678Z" },
    });
    expect(parseTaxSettings({ ...spanishIndividual, vatRegistered: "on", vatNumber: "ESX1234567L" })).toEqual({
      ok: false,
      errors: { vatNumber: TAX_MESSAGES.vatSpanishMatches },
    });
    expect(parseTaxSettings({ ...spanishIndividual, vatRegistered: "on", vatNumber: "" })).toEqual({
      ok: false,
      errors: { vatNumber: TAX_MESSAGES.vatRequired },
    });
  });

  it("takes a company without a date of birth or IRPF, and wants its own NIF", () => {
    const company = { ...spanishIndividual, entityType: "company", legalName: "Mapas del Sur S.L.", taxId: "B12345674", dateOfBirth: "", irpfPercent: "" };
    expect(parseTaxSettings(company)).toMatchObject({ ok: true, data: { taxIdKind: "cif", dateOfBirth: null, irpfPercent: null } });
    expect(parseTaxSettings({ ...company, taxId: "12345678Z" })).toEqual({ ok: false, errors: { taxId: TAX_MESSAGES.spanishCompanyForm } });
  });

  it("takes a resident of another country with their own tax id and postal code", () => {
    const french = {
      ...spanishIndividual,
      taxResidenceCountry: "FR",
      taxId: "1 23 45 678 901 23",
      irpfPercent: "",
      postalCode: "75011",
      city: "Paris",
      addressCountry: "FR",
      vatRegistered: "on",
      vatNumber: "FR40303265045",
    };
    expect(parseTaxSettings(french)).toMatchObject({ ok: true, data: { taxIdKind: "other", irpfPercent: null, vatNumber: "FR40303265045" } });
    expect(parseTaxSettings({ ...french, vatNumber: "DE136695976" })).toEqual({ ok: false, errors: { vatNumber: TAX_MESSAGES.vatCountry } });
  });

  it("wants a whole address: a Spanish postal code has 5 digits of a province", () => {
    expect(parseTaxSettings({ ...spanishIndividual, postalCode: "60000" })).toEqual({
      ok: false,
      errors: { postalCode: TAX_MESSAGES.spanishPostalCodeInvalid },
    });
    expect(parseTaxSettings({ ...spanishIndividual, postalCode: "", address: " ", city: "", addressCountry: "XX" })).toEqual({
      ok: false,
      errors: { address: TAX_MESSAGES.streetRequired, city: TAX_MESSAGES.cityRequired, addressCountry: TAX_MESSAGES.addressCountryRequired },
    });
    // Hong Kong has no postal codes.
    expect(
      parseTaxSettings({ ...spanishIndividual, taxResidenceCountry: "HK", taxId: "A1234567", irpfPercent: "", postalCode: "", addressCountry: "HK" }),
    ).toMatchObject({
      ok: true,
      data: { postalCode: null },
    });
  });

  it("refuses an unknown country or kind of taxpayer", () => {
    expect(parseTaxSettings({ ...spanishIndividual, taxResidenceCountry: "EU", entityType: "robot" })).toEqual({
      ok: false,
      errors: { taxResidenceCountry: TAX_MESSAGES.countryRequired, entityType: TAX_MESSAGES.entityRequired },
    });
  });
});

describe("the payout details form", () => {
  const good = { holderName: "lucia fernandez ruiz", iban: "ES91 2100 0418 4502 0005 1332", bic: "" };

  it("takes a SEPA IBAN in the legal name's holder", () => {
    expect(parsePayoutDetails(good, "Lucía Fernández Ruiz")).toEqual({
      ok: true,
      data: { holderName: "lucia fernandez ruiz", iban: "ES9121000418450200051332", ibanCountry: "ES", last4: "1332", bic: null },
    });
  });

  it("refuses another holder, a wrong IBAN, an IBAN outside SEPA, and any account before the tax settings", () => {
    expect(parsePayoutDetails({ ...good, holderName: "Pedro Fernández" }, "Lucía Fernández Ruiz")).toEqual({
      ok: false,
      errors: { holderName: BANK_MESSAGES.holderMismatch },
    });
    expect(parsePayoutDetails({ ...good, iban: "ES9121000418450200051333" }, "Lucía Fernández Ruiz")).toEqual({
      ok: false,
      errors: { iban: BANK_MESSAGES.ibanChecksum },
    });
    expect(parsePayoutDetails({ ...good, iban: "BR1800360305000010009795493C1" }, "Lucía Fernández Ruiz")).toEqual({
      ok: false,
      errors: { iban: BANK_MESSAGES.ibanNotSepa },
    });
    expect(parsePayoutDetails(good, null)).toEqual({ ok: false, errors: { holderName: BANK_MESSAGES.taxSettingsFirst } });
  });
});
