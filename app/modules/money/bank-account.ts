/**
 * A creator's SEPA account as the payout details form checks it: the IBAN by `ibantools` (its
 * country's length and format, the national check digits where the country has them, the mod-97
 * checksum) and in the SEPA area (ibantools' list: payouts leave as SEPA credit transfers); the BIC
 * by ibantools when given; the holder compared with the legal name of the tax settings, ignoring
 * case, accents, punctuation and spacing. Browser-safe: the form checks the same before it posts.
 */
import { electronicFormatIBAN, isSEPACountry, validateBIC, validateIBAN, ValidationErrorsIBAN } from "ibantools";

export const BANK_MESSAGES = {
  ibanRequired: "Enter your IBAN",
  ibanCountry: "This IBAN does not start with a country code we know (e.g. ES, FR, DE)",
  ibanLength: "This IBAN has the wrong number of characters for its country",
  ibanChecksum: "This IBAN is not valid: its check digits do not match (check for a typing mistake)",
  ibanNotSepa: "Payouts are paid by SEPA transfer: this IBAN is from outside the SEPA area",
  bicInvalid: "This BIC is not valid: it has 8 or 11 letters and digits (e.g. CAIXESBBXXX)",
  bicCountry: "This BIC is of a bank in another country than the IBAN",
  holderRequired: "Enter the name of the account holder",
  holderMismatch: "The account must be in your own name or your business's: the holder must be the legal name of your tax settings",
  taxSettingsFirst: "Fill in your tax settings first: the account holder must match their legal name",
} as const;

export type IbanCheck = { ok: true; iban: string; country: string; last4: string } | { ok: false; error: string };

/** The IBAN without spaces, in capitals (its electronic form). */
export function compactIban(input: string): string {
  return electronicFormatIBAN(input) ?? "";
}

export function checkSepaIban(input: string): IbanCheck {
  const iban = compactIban(input.trim());
  if (!iban) return { ok: false, error: BANK_MESSAGES.ibanRequired };
  const { valid, errorCodes } = validateIBAN(iban, { allowQRIBAN: true });
  if (!valid) {
    if (errorCodes.includes(ValidationErrorsIBAN.NoIBANCountry)) return { ok: false, error: BANK_MESSAGES.ibanCountry };
    if (errorCodes.includes(ValidationErrorsIBAN.WrongBBANLength)) return { ok: false, error: BANK_MESSAGES.ibanLength };
    return { ok: false, error: BANK_MESSAGES.ibanChecksum };
  }
  const country = iban.slice(0, 2);
  if (!isSEPACountry(country)) return { ok: false, error: BANK_MESSAGES.ibanNotSepa };
  return { ok: true, iban, country, last4: iban.slice(-4) };
}

/** An optional BIC: empty is fine (a SEPA transfer needs only the IBAN); given, it must be valid and, with an IBAN, of its country. */
export function checkBic(input: string, ibanCountry?: string): { ok: true; bic: string | null } | { ok: false; error: string } {
  const bic = input.toUpperCase().replace(/\s/g, "");
  if (!bic) return { ok: true, bic: null };
  if (!validateBIC(bic).valid || !/^[A-Z0-9]{8}([A-Z0-9]{3})?$/.test(bic)) return { ok: false, error: BANK_MESSAGES.bicInvalid };
  // Banks of a few territories use their state's BIC country (a Monaco bank's BIC may say FR): compare only where it is the same list.
  if (ibanCountry && bic.slice(4, 6) !== ibanCountry && !SHARED_BIC_COUNTRIES.some((set) => set.includes(ibanCountry) && set.includes(bic.slice(4, 6)))) {
    return { ok: false, error: BANK_MESSAGES.bicCountry };
  }
  return { ok: true, bic };
}

/** IBAN countries whose banks may carry one another's BIC country. */
const SHARED_BIC_COUNTRIES = [
  ["FR", "MC", "GP", "MQ", "GF", "RE", "YT", "PM", "BL", "MF", "NC", "PF", "WF"],
  ["GB", "GG", "JE", "IM", "GI"],
  ["IT", "SM", "VA"],
  ["CH", "LI"],
  ["FI", "AX"],
  ["ES", "AD"],
];

/** A name as compared: no accents, no punctuation, one space between words, lower case ("José  García-López" → "jose garcia lopez", "Ana Pérez S.L." → "ana perez sl"). */
export function normaliseName(name: string): string {
  return (
    name
      .normalize("NFKD")
      .replace(/\p{M}/gu, "")
      .toLowerCase()
      // "S.L." is "SL" and "O'Neill" is "ONeill"; a hyphen or comma separates words.
      .replace(/[.'’]/g, "")
      .replace(/[^\p{L}\p{N}]+/gu, " ")
      .trim()
  );
}

/** Whether the account holder is the legal name (case, accents, punctuation and spacing aside). */
export function holderMatches(holder: string, legalName: string): boolean {
  const a = normaliseName(holder);
  return a.length > 0 && a === normaliseName(legalName);
}

/** "•••• 1332": how an account is shown once saved (never the whole IBAN). */
export function maskedIban(country: string | null, last4: string | null): string {
  return last4 ? `${country ?? ""} •••• ${last4}`.trim() : "";
}
