/**
 * Tax identification numbers, checked for their country before anything is saved: Spanish NIF
 * (DNI), NIE, the K/L/M NIF of individuals without a DNI, and the NIF of entities (formerly CIF),
 * each by its check character; VAT numbers by `jsvat` (its checksum for each country); other
 * countries' personal tax ids (TINs), which no library here can check, by their form only.
 *
 * The Spanish checksums are written here rather than taken from `better-dni` (ADR 0032): it knows
 * DNI and NIE but not the NIF of entities nor K/L/M, and its UMD build gives Node's ESM loader (the
 * server bundle) no named exports. `tax-id.test.ts` holds these equal to better-dni on random
 * numbers. Browser-safe: the form checks the same rules before it posts.
 */
import { checkVAT, countries } from "jsvat";

export type TaxIdKind = "nif" | "nie" | "cif" | "vat" | "other";
export type TaxEntity = "individual" | "company";

export type TaxIdCheck = { ok: true; value: string; kind: TaxIdKind } | { ok: false; error: string };

export const TAX_ID_MESSAGES = {
  required: "Enter your tax identification number",
  spanishIndividualForm: "Enter your NIF (8 digits and a letter, e.g. 12345678Z) or NIE (X, Y or Z, 7 digits and a letter, e.g. X1234567L)",
  nifLetter: "The letter of this NIF does not match its number: check it against your DNI",
  nieLetter: "The letter of this NIE does not match its number: check it against your residence card",
  spanishCompanyForm: "Enter the company's NIF: a letter, 7 digits and a check character (e.g. B12345674)",
  cifCheck: "The last character of this NIF does not match the rest: check it",
  otherForm: "Enter your tax identification number as your tax authority writes it (4 to 20 letters and digits)",
  vatRequired: "Enter your VAT number",
  vatForm: "This is not a valid VAT number: check its digits (it starts with your country's code, e.g. FR, DE or ES)",
  vatCountry: "The VAT number must be from your country of tax residence",
  vatSpanishMatches: "A Spanish VAT number is ES followed by your NIF",
} as const;

const DNI_LETTERS = "TRWAGMYFPDXBNJZSQVHLCKE";
const CIF_LETTERS = "JABCDEFGHI";

/** Upper case, without the spaces, dots, dashes and slashes people type in ids. */
export function compactId(value: string): string {
  return value.toUpperCase().replace(/[\s.\-/]/g, "");
}

/** The check letter of a DNI (8 digits) or of the number a NIE or K/L/M NIF stands for. */
export function dniLetter(number: number): string {
  return DNI_LETTERS[number % 23];
}

/** The check digit (0–9) of an entity NIF's 7 digits: the odd places doubled and their digits summed, the even ones added. */
export function cifCheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < 7; i++) {
    const d = Number(digits[i]);
    if (i % 2 === 1) sum += d;
    else sum += Math.floor((d * 2) / 10) + ((d * 2) % 10);
  }
  return (10 - (sum % 10)) % 10;
}

/**
 * A Spanish tax id. Individuals: a DNI (12345678Z), a NIE (X1234567L) or a K/L/M NIF; companies
 * and other entities: the entity NIF (B12345674). A leading "ES" (the VAT form) is accepted.
 */
export function checkSpanishTaxId(input: string, entity: TaxEntity): TaxIdCheck {
  let value = compactId(input);
  if (!value) return { ok: false, error: TAX_ID_MESSAGES.required };
  if (value.startsWith("ES") && value.length === 11) value = value.slice(2);
  if (entity === "company") {
    const cif = /^([ABCDEFGHJNPQRSUVW])(\d{7})([0-9A-J])$/.exec(value);
    if (!cif) return { ok: false, error: TAX_ID_MESSAGES.spanishCompanyForm };
    const [, letter, digits, control] = cif;
    const check = cifCheckDigit(digits);
    // Some entities carry a letter, some a digit, the rest either (Orden EHA/451/2008).
    const asLetter = CIF_LETTERS[check];
    const allowed = "PQRSNW".includes(letter) ? [asLetter] : "ABEH".includes(letter) ? [String(check)] : [asLetter, String(check)];
    return allowed.includes(control) ? { ok: true, value, kind: "cif" } : { ok: false, error: TAX_ID_MESSAGES.cifCheck };
  }
  const dni = /^(\d{8})([A-Z])$/.exec(value);
  if (dni) return dniLetter(Number(dni[1])) === dni[2] ? { ok: true, value, kind: "nif" } : { ok: false, error: TAX_ID_MESSAGES.nifLetter };
  const nie = /^([XYZ])(\d{7})([A-Z])$/.exec(value);
  if (nie) {
    const number = Number(`${"XYZ".indexOf(nie[1])}${nie[2]}`);
    return dniLetter(number) === nie[3] ? { ok: true, value, kind: "nie" } : { ok: false, error: TAX_ID_MESSAGES.nieLetter };
  }
  const klm = /^([KLM])(\d{7})([A-Z])$/.exec(value);
  if (klm) return dniLetter(Number(klm[2])) === klm[3] ? { ok: true, value, kind: "nif" } : { ok: false, error: TAX_ID_MESSAGES.nifLetter };
  return { ok: false, error: TAX_ID_MESSAGES.spanishIndividualForm };
}

/** The prefix of a country's VAT numbers: its ISO code, but EL for Greece. */
export function vatPrefix(country: string): string {
  return country === "GR" ? "EL" : country;
}

/** Countries whose VAT numbers jsvat checks (ISO alpha-2). */
const VAT_CHECKED = new Set(countries.flatMap((c) => c.codes.filter((code) => /^[A-Z]{2}$/.test(code))).map((code) => (code === "EL" ? "GR" : code)));

export function vatCheckedFor(country: string): boolean {
  return VAT_CHECKED.has(country);
}

/**
 * A VAT number of `country` (the prefix may be left out): its checksum by jsvat where jsvat knows
 * the country, else its form (the prefix and 2 to 13 letters and digits).
 */
export function checkVatNumber(input: string, country: string): { ok: true; value: string } | { ok: false; error: string } {
  let value = compactId(input);
  if (!value) return { ok: false, error: TAX_ID_MESSAGES.vatRequired };
  const prefix = vatPrefix(country);
  if (/^\d/.test(value)) value = `${prefix}${value}`;
  const given = value.slice(0, 2);
  if (given !== prefix && !(country === "GR" && given === "GR")) {
    return { ok: false, error: /^[A-Z]{2}/.test(value) && vatCheckedFor(given === "EL" ? "GR" : given) ? TAX_ID_MESSAGES.vatCountry : TAX_ID_MESSAGES.vatForm };
  }
  if (given === "GR") value = `EL${value.slice(2)}`;
  if (!vatCheckedFor(country)) return /^[A-Z]{2}[A-Z0-9]{2,13}$/.test(value) ? { ok: true, value } : { ok: false, error: TAX_ID_MESSAGES.vatForm };
  const result = checkVAT(value, countries);
  return result.isValid ? { ok: true, value } : { ok: false, error: TAX_ID_MESSAGES.vatForm };
}

/**
 * The tax id of someone resident for tax in `country`: Spanish ids by their check character; a VAT
 * number (written with its country prefix) by jsvat; any other id by its form.
 */
export function checkTaxId(input: string, country: string, entity: TaxEntity): TaxIdCheck {
  if (country === "ES") return checkSpanishTaxId(input, entity);
  const value = compactId(input);
  if (!value) return { ok: false, error: TAX_ID_MESSAGES.required };
  const prefix = vatPrefix(country);
  if (vatCheckedFor(country) && value.startsWith(prefix) && /^[A-Z]{2}\d/.test(value)) {
    const vat = checkVatNumber(value, country);
    return vat.ok ? { ok: true, value: vat.value, kind: "vat" } : vat;
  }
  return /^[A-Z0-9]{4,20}$/.test(value) ? { ok: true, value, kind: "other" } : { ok: false, error: TAX_ID_MESSAGES.otherForm };
}
