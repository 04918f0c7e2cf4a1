const names = typeof Intl !== "undefined" && "DisplayNames" in Intl ? new Intl.DisplayNames(["en"], { type: "region" }) : null;

/** "ES" -> "Spain"; the code itself when unknown. */
export function countryName(code: string | null | undefined): string {
  if (!code) return "";
  try {
    return names?.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}
