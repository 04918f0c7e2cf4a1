/**
 * The tax settings and payout details forms' rules, shared by the browser (Conform) and the
 * actions: every field's own check, and those that depend on others (the tax id on the country
 * and kind of taxpayer, IRPF on Spanish residence, the holder on the legal name). A refused form
 * changes nothing. The checks that need the clock (age, the new-activity years) read `new Date()`
 * when they run; their pure forms take the date.
 */
import { z } from "zod";
import { isCountryCode } from "~/lib/country";
import { fieldErrors, type FieldErrors } from "~/lib/form-validation";
import { BANK_MESSAGES, checkBic, checkSepaIban, holderMatches } from "./bank-account";
import { IRPF_GENERAL_PERCENT, IRPF_NEW_ACTIVITY_PERCENT, IRPF_NEW_ACTIVITY_YEARS } from "./compensation-rules";
import { checkTaxId, checkVatNumber, TAX_ID_MESSAGES, type TaxIdKind } from "./tax-id";

export const MINIMUM_CREATOR_AGE = 18;
export const LEGAL_NAME_MAX = 140;
/** The EPC's SEPA rulebook keeps a creditor's name to 70 characters. */
export const HOLDER_NAME_MAX = 70;
export const STREET_MAX = 140;
export const CITY_MAX = 70;
export const REGION_MAX = 70;

export const TAX_MESSAGES = {
  ...TAX_ID_MESSAGES,
  countryRequired: "Choose your country of tax residence",
  entityRequired: "Choose whether you are paid as an individual or as a business",
  legalNameRequired: "Enter your legal name, as on your ID or your company's registration",
  legalNameTooLong: `Keep the legal name to ${LEGAL_NAME_MAX} characters`,
  irpfRequired: "Choose the IRPF rate to withhold",
  irpfStartYearRequired: "Enter the year your professional activity started",
  irpfStartYearOver: `The ${IRPF_NEW_ACTIVITY_PERCENT}% rate applies only in the year your activity started and the two following: choose ${IRPF_GENERAL_PERCENT}%`,
  irpfStartYearFuture: "The year your activity started cannot be in the future",
  irpfNoPriorActivity: `Confirm that you had no professional activity in the year before it started: the ${IRPF_NEW_ACTIVITY_PERCENT}% rate requires it`,
  streetRequired: "Enter your street and number",
  cityRequired: "Enter your city or town",
  postalCodeRequired: "Enter your postal code",
  postalCodeInvalid: "This is not a valid postal code",
  spanishPostalCodeInvalid: "A Spanish postal code has 5 digits, from 01000 to 52999",
  addressCountryRequired: "Choose the country of your address",
  tooLong: "This is too long",
  dateOfBirthRequired: "Enter your date of birth",
  dateOfBirthInvalid: "Enter your date of birth as a date (year, month, day)",
  underAge: `You must be at least ${MINIMUM_CREATOR_AGE} to be paid as an individual creator`,
} as const;

/** Countries without postal codes (an address there is complete without one). */
const NO_POSTAL_CODES = new Set(
  "AE AG AO AW BF BI BJ BO BS BW BZ CD CF CG CI CK CM DJ DM ER FJ GA GD GH GM GQ GY HK JM KI KM KN KP LC ML MO MR MW NR NU QA RW SB SC SL SO SR SS ST SY TD TF TG TK TL TO TT TV UG VU YE ZW".split(
    " ",
  ),
);

export function postalCodeRequired(country: string): boolean {
  return !NO_POSTAL_CODES.has(country);
}

/** A valid calendar date "YYYY-MM-DD", or null. */
export function parseDay(value: string): { year: number; month: number; day: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** Age in whole years on `today` (a birthday counts from its day; 29 February from 1 March in other years). */
export function ageOn(dateOfBirth: string, today: Date): number | null {
  const born = parseDay(dateOfBirth);
  if (!born) return null;
  const [y, m, d] = [today.getUTCFullYear(), today.getUTCMonth() + 1, today.getUTCDate()];
  const hadBirthday = m > born.month || (m === born.month && d >= born.day);
  return y - born.year - (hadBirthday ? 0 : 1);
}

/** The date-of-birth check alone: null when fine, else the message. */
export function dateOfBirthError(value: string, today: Date): string | null {
  if (!value) return TAX_MESSAGES.dateOfBirthRequired;
  const age = ageOn(value, today);
  if (age === null || age > 130 || age < 0) return TAX_MESSAGES.dateOfBirthInvalid;
  return age < MINIMUM_CREATOR_AGE ? TAX_MESSAGES.underAge : null;
}

/** The 7%-rate start year alone: null when fine, else the message. */
export function activityStartYearError(value: string, today: Date): string | null {
  if (!/^\d{4}$/.test(value)) return TAX_MESSAGES.irpfStartYearRequired;
  const year = Number(value);
  const now = today.getUTCFullYear();
  if (year > now) return TAX_MESSAGES.irpfStartYearFuture;
  return year < now - (IRPF_NEW_ACTIVITY_YEARS - 1) ? TAX_MESSAGES.irpfStartYearOver : null;
}

const text = z.string().optional().default("");
const box = z.string().optional();

/** The tax settings form as posted (the certificate file travels beside it, checked by its bytes on the server). */
export const taxSettingsSchema = z
  .object({
    taxResidenceCountry: text,
    entityType: text,
    legalName: text,
    taxId: text,
    vatRegistered: box,
    vatNumber: text,
    irpfPercent: text,
    irpfActivityStartYear: text,
    irpfNoPriorActivity: box,
    address: text,
    postalCode: text,
    city: text,
    region: text,
    addressCountry: text,
    dateOfBirth: text,
    selfBilling: box,
  })
  .superRefine((form, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    const today = new Date();
    const country = form.taxResidenceCountry.trim().toUpperCase();
    const entity = form.entityType === "individual" || form.entityType === "company" ? form.entityType : null;
    if (!isCountryCode(country)) issue("taxResidenceCountry", TAX_MESSAGES.countryRequired);
    if (!entity) issue("entityType", TAX_MESSAGES.entityRequired);
    const legalName = form.legalName.trim();
    if (!legalName) issue("legalName", TAX_MESSAGES.legalNameRequired);
    else if (legalName.length > LEGAL_NAME_MAX) issue("legalName", TAX_MESSAGES.legalNameTooLong);

    if (isCountryCode(country) && entity) {
      const taxId = checkTaxId(form.taxId, country, entity);
      if (!taxId.ok) issue("taxId", taxId.error);
      if (form.vatRegistered) {
        const vat = checkVatNumber(form.vatNumber, country);
        if (!vat.ok) issue("vatNumber", vat.error);
        else if (country === "ES" && taxId.ok && vat.value !== `ES${taxId.value}`) issue("vatNumber", TAX_MESSAGES.vatSpanishMatches);
      }
      if (country === "ES" && entity === "individual") {
        if (form.irpfPercent === String(IRPF_NEW_ACTIVITY_PERCENT)) {
          const yearError = activityStartYearError(form.irpfActivityStartYear.trim(), today);
          if (yearError) issue("irpfActivityStartYear", yearError);
          if (!form.irpfNoPriorActivity) issue("irpfNoPriorActivity", TAX_MESSAGES.irpfNoPriorActivity);
        } else if (form.irpfPercent !== String(IRPF_GENERAL_PERCENT)) issue("irpfPercent", TAX_MESSAGES.irpfRequired);
      }
    }
    if (entity === "individual") {
      const error = dateOfBirthError(form.dateOfBirth.trim(), today);
      if (error) issue("dateOfBirth", error);
    }

    const street = form.address.trim();
    if (!street) issue("address", TAX_MESSAGES.streetRequired);
    else if (street.length > STREET_MAX) issue("address", TAX_MESSAGES.tooLong);
    const city = form.city.trim();
    if (!city) issue("city", TAX_MESSAGES.cityRequired);
    else if (city.length > CITY_MAX) issue("city", TAX_MESSAGES.tooLong);
    if (form.region.trim().length > REGION_MAX) issue("region", TAX_MESSAGES.tooLong);
    const addressCountry = form.addressCountry.trim().toUpperCase();
    if (!isCountryCode(addressCountry)) issue("addressCountry", TAX_MESSAGES.addressCountryRequired);
    else {
      const postal = form.postalCode.trim().toUpperCase();
      if (!postal) {
        if (postalCodeRequired(addressCountry)) issue("postalCode", TAX_MESSAGES.postalCodeRequired);
      } else if (addressCountry === "ES" && !/^(0[1-9]|[1-4]\d|5[0-2])\d{3}$/.test(postal)) issue("postalCode", TAX_MESSAGES.spanishPostalCodeInvalid);
      else if (!/^[A-Z0-9][A-Z0-9 -]{1,10}[A-Z0-9]$/.test(postal)) issue("postalCode", TAX_MESSAGES.postalCodeInvalid);
    }
  });

/** Tax settings as the module saves them: normalised, each field only where it applies. */
export interface TaxSettingsInput {
  entityType: "individual" | "company";
  taxResidenceCountry: string;
  legalName: string;
  taxId: string;
  taxIdKind: TaxIdKind;
  vatNumber: string | null;
  irpfPercent: number | null;
  irpfActivityStartYear: number | null;
  address: string;
  postalCode: string | null;
  city: string;
  region: string | null;
  addressCountry: string;
  dateOfBirth: string | null;
  selfBilling: boolean;
}

/** Check the posted form and normalise it: the field errors, or what to save. */
export function parseTaxSettings(values: unknown): { ok: true; data: TaxSettingsInput } | { ok: false; errors: FieldErrors } {
  const parsed = taxSettingsSchema.safeParse(values);
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error) };
  const form = parsed.data;
  const country = form.taxResidenceCountry.trim().toUpperCase();
  const entity = form.entityType as "individual" | "company";
  const taxId = checkTaxId(form.taxId, country, entity);
  if (!taxId.ok) return { ok: false, errors: { taxId: taxId.error } };
  const vat = form.vatRegistered ? checkVatNumber(form.vatNumber, country) : null;
  const irpf = country === "ES" && entity === "individual" ? Number(form.irpfPercent) : null;
  const postal = form.postalCode.trim().toUpperCase();
  return {
    ok: true,
    data: {
      entityType: entity,
      taxResidenceCountry: country,
      legalName: form.legalName.trim().replace(/\s+/g, " "),
      taxId: taxId.value,
      taxIdKind: taxId.kind,
      vatNumber: vat?.ok ? vat.value : null,
      irpfPercent: irpf,
      irpfActivityStartYear: irpf === IRPF_NEW_ACTIVITY_PERCENT ? Number(form.irpfActivityStartYear.trim()) : null,
      address: form.address.trim().replace(/\s+/g, " "),
      postalCode: postal || null,
      city: form.city.trim().replace(/\s+/g, " "),
      region: form.region.trim().replace(/\s+/g, " ") || null,
      addressCountry: form.addressCountry.trim().toUpperCase(),
      dateOfBirth: entity === "individual" ? form.dateOfBirth.trim() : null,
      selfBilling: Boolean(form.selfBilling),
    },
  };
}

/** The payout details form; `legalName` is the tax settings' (null: none saved yet). */
export function payoutDetailsSchema(legalName: string | null) {
  return z.object({ holderName: text, iban: text, bic: text }).superRefine((form, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    const iban = checkSepaIban(form.iban);
    if (!iban.ok) issue("iban", iban.error);
    const bic = checkBic(form.bic, iban.ok ? iban.country : undefined);
    if (!bic.ok) issue("bic", bic.error);
    const holder = form.holderName.trim();
    if (!holder) issue("holderName", BANK_MESSAGES.holderRequired);
    else if (holder.length > HOLDER_NAME_MAX) issue("holderName", TAX_MESSAGES.tooLong);
    else if (legalName === null) issue("holderName", BANK_MESSAGES.taxSettingsFirst);
    else if (!holderMatches(holder, legalName)) issue("holderName", BANK_MESSAGES.holderMismatch);
  });
}

export interface PayoutDetailsInput {
  holderName: string;
  iban: string;
  ibanCountry: string;
  last4: string;
  bic: string | null;
}

export function parsePayoutDetails(values: unknown, legalName: string | null): { ok: true; data: PayoutDetailsInput } | { ok: false; errors: FieldErrors } {
  const parsed = payoutDetailsSchema(legalName).safeParse(values);
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error) };
  const iban = checkSepaIban(parsed.data.iban);
  const bic = checkBic(parsed.data.bic, iban.ok ? iban.country : undefined);
  if (!iban.ok || !bic.ok) return { ok: false, errors: {} };
  return {
    ok: true,
    data: { holderName: parsed.data.holderName.trim().replace(/\s+/g, " "), iban: iban.iban, ibanCountry: iban.country, last4: iban.last4, bic: bic.bic },
  };
}

/** The back office's "Run payouts" form: the month whose balances are paid. */
export const payoutRunSchema = z.object({
  month: z.string({ error: "Choose a month" }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Write the month as 2026-11"),
});

/** The back office's "Close the month" form (the same month rule as the payout run). */
export const monthCloseSchema = payoutRunSchema;

export const REFUND_MESSAGES = {
  payment: "Choose a payment to refund",
  amount: "Enter the amount in euros, like 4.50: more than nothing, no fractions of a cent",
  reasonTooLong: "Keep the reason under 500 characters",
} as const;

/** The back office's refund of a local-provider payment: euros with at most two decimals, turned into whole cents. */
export const refundSchema = z.object({
  paymentId: z.uuid({ error: REFUND_MESSAGES.payment }),
  amount: z
    .string({ error: REFUND_MESSAGES.amount })
    .trim()
    .regex(/^\d{1,7}(\.\d{1,2})?$/, REFUND_MESSAGES.amount)
    .transform((v) => {
      const [whole, fraction = ""] = v.split(".");
      return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
    })
    .refine((c) => c > 0, REFUND_MESSAGES.amount),
  reason: z.string().trim().max(500, REFUND_MESSAGES.reasonTooLong).optional(),
});
