/**
 * Money as integer euro cents. Amounts are counted, never measured: a float
 * would drift (0.1 + 0.2) and a fraction of a cent cannot be paid, so every
 * amount enters as a whole number of cents and every division says how it
 * rounds.
 */
declare const centsBrand: unique symbol;

/** A whole number of euro cents (negative for refunds, reversals and debts). */
export type Cents = number & { readonly [centsBrand]: true };

/** The amount as cents; a fraction, NaN, an infinity or a number past exact integer range is refused, not rounded. */
export function cents(value: number): Cents {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not a whole number of cents: ${value}`);
  // -0 would print as "-€0".
  return (value === 0 ? 0 : value) as Cents;
}

export function isCents(value: unknown): value is Cents {
  return typeof value === "number" && Number.isSafeInteger(value);
}

/**
 * amount × numerator / denominator, to the nearest cent, halves away from
 * zero: the share of a refund is then exactly minus the share of the payment
 * it reverses. Computed in BigInt so that large pools times large point counts
 * stay exact.
 */
export function shareOf(amount: Cents, numerator: number, denominator: number): Cents {
  if (!Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator) || denominator <= 0) {
    throw new RangeError(`Not a whole-number ratio: ${numerator}/${denominator}`);
  }
  const product = BigInt(amount) * BigInt(numerator);
  const divisor = BigInt(denominator);
  const negative = product < 0n;
  const magnitude = negative ? -product : product;
  const rounded = (magnitude * 2n + divisor) / (divisor * 2n);
  return cents(Number(negative ? -rounded : rounded));
}

/** `percent`% of the amount, to the nearest cent (halves away from zero). */
export function percentOf(amount: Cents, percent: number): Cents {
  return shareOf(amount, percent, 100);
}
