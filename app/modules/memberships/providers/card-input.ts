/**
 * A card number and expiry as people type them, read and shown one way by
 * the card form (as they type) and the server (when they pay): digits with
 * any spacing; an expiry as "12/30", "1230", "12 / 30", "12-30" or "12/2030".
 * Formatting shows a number in groups of four and an expiry as MM/YY.
 */

/** The longest card number there is (ISO/IEC 7812). */
export const CARD_NUMBER_MAX_DIGITS = 19;

/** The digits of a card number as typed with spaces or dashes, or null when anything else is in it. */
export function cardNumberDigits(input: string): string | null {
  const digits = input.replace(/[\s-]/g, "");
  return /^\d*$/.test(digits) ? digits : null;
}

/** The number as the field shows it while it is typed: its digits (at most 19) in groups of four. */
export function formatCardNumber(input: string): string {
  const digits = input.replace(/\D/g, "").slice(0, CARD_NUMBER_MAX_DIGITS);
  return digits.replace(/(\d{4})(?=\d)/g, "$1 ");
}

export interface Expiry {
  /** 1 to 12. */
  month: number;
  /** Two digits: 30 for 2030. */
  year: number;
}

/** The month and year of an expiry as people type it, or null when it is not a whole one (or the month is not 1–12). */
export function parseExpiry(input: string): Expiry | null {
  const text = input.replace(/\s/g, "");
  const match = text.match(/^(\d{1,2})[/.-](\d{2}|\d{4})$/) ?? text.match(/^(\d{2})(\d{2}|\d{4})$/);
  if (!match) return null;
  const month = Number(match[1]);
  const yearText = match[2];
  // A four-digit year is this century's; "12/1930" is no card's.
  if (yearText.length === 4 && !yearText.startsWith("20")) return null;
  if (month < 1 || month > 12) return null;
  return { month, year: Number(yearText.slice(-2)) };
}

/**
 * The expiry as the field shows it while it is typed: MM/YY. The slash comes
 * with the first digit of the year (or when typed), and is deleted like any
 * character; a month typed as one digit and a separator ("4/") becomes "04/".
 */
export function formatExpiry(input: string): string {
  const text = input.replace(/\s/g, "");
  const separated = text.match(/^(\d{1,2})[/.-](\d*)/);
  let month: string;
  let year: string;
  let slash: boolean;
  if (separated) {
    month = separated[1].padStart(2, "0");
    year = separated[2];
    slash = true;
  } else {
    const digits = text.replace(/\D/g, "");
    month = digits.slice(0, 2);
    year = digits.slice(2);
    slash = year.length > 0;
  }
  // A four-digit year is shown as its last two once it is whole ("12/2030" is 12/30); "203" may still become one.
  if (year.length >= 4 && year.startsWith("20")) year = year.slice(2, 4);
  else if (year.length > 2 && !(year.length === 3 && year.startsWith("20"))) year = year.slice(0, 2);
  return slash ? `${month}/${year}` : month;
}

/** Where the caret goes after formatting: just after the same number of digits as were before it in what was typed. */
export function caretAfterDigits(formatted: string, digitsBefore: number): number {
  if (digitsBefore <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i++) {
    if (/\d/.test(formatted[i]) && ++seen === digitsBefore) return i + 1;
  }
  return formatted.length;
}
