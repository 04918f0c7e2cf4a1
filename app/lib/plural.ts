/**
 * "1 map", "2 maps": a count with its noun, chosen by the language's plural
 * rules (Intl.PluralRules) rather than a test for 1, so "1.5 days" and any
 * later language come out right.
 */
const rules = new Intl.PluralRules("en-US");

export function plural(count: number, one: string, other = `${one}s`): string {
  return `${count} ${rules.select(count) === "one" ? one : other}`;
}
