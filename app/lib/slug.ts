import slugifyWords from "@sindresorhus/slugify";

/**
 * Accents on Latin letters are dropped before the library sees them ("ü" -> "u",
 * as slugs have always read), instead of its German default ("ü" -> "ue"), which
 * misspells Spanish or Turkish names; other scripts (Cyrillic "й", Greek) keep
 * their marks for the library's transliteration.
 */
const latinAccents = /(\p{Script=Latin})\p{M}+/gu;

/** Apostrophes join a word ("L'Antic" -> "lantic") and "&" is a plain separator, as before the library. */
const replacements: [string, string][] = [
  ["'", ""],
  ["’", ""],
  ["&", " "],
];

/**
 * URL slug: lowercase ASCII words joined by dashes ("Café de Flore" -> "cafe-de-flore",
 * "Łódź" -> "lodz", "Октябрьский" -> "oktyabrskiy"). A name with nothing to transliterate
 * (Chinese, Japanese) gives `fallback`, which callers choose to be unique and
 * stable, e.g. a city's GeoNames id: a slug is never empty.
 */
export function slugify(text: string, fallback: string): string {
  const plain = text.normalize("NFKD").replace(latinAccents, "$1").normalize("NFC");
  return slugifyWords(plain, { decamelize: false, customReplacements: replacements }) || fallback;
}
