/**
 * The EU's VIES VAT register, asked whether a VAT number is registered for trade across the EU
 * (what a reverse-charged invoice needs). Asked only when VIES_URL is not `off`, for a number of
 * another member state than Spain (a Spanish creator's VAT number is checked by its checksum: VIES
 * knows only those registered for intra-EU trade). Its answer is advice recorded beside the number:
 * a member state's register is often down, and "unavailable" never counts as "invalid".
 */
import { env } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";

export type ViesVerdict = "valid" | "invalid" | "unavailable";

/** VIES's member states (Greece as EL; XI is Northern Ireland). */
const VIES_PREFIXES = new Set("AT BE BG CY CZ DE DK EE EL ES FI FR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK XI".split(" "));

const TIMEOUT_MS = 4000;

/** Whether VIES is asked about this VAT number (prefixed, e.g. "FR40303265045"). */
export function viesApplies(vatNumber: string): boolean {
  return env().VIES_URL !== "off" && VIES_PREFIXES.has(vatNumber.slice(0, 2)) && !vatNumber.startsWith("ES");
}

/**
 * VIES's verdict on a prefixed VAT number, or null when it is not asked (off, or not an EU number
 * of another state). Never throws: a timeout, a refused connection, a member state's register being
 * down or an answer we cannot read is "unavailable".
 */
export async function checkVies(vatNumber: string, fetcher: typeof fetch = fetch): Promise<ViesVerdict | null> {
  if (!viesApplies(vatNumber)) return null;
  const base = env().VIES_URL.replace(/\/+$/, "");
  try {
    const response = await fetcher(`${base}/check-vat-number`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ countryCode: vatNumber.slice(0, 2), vatNumber: vatNumber.slice(2) }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) return "unavailable";
    const body = (await response.json()) as { valid?: unknown; userError?: unknown; errorWrappers?: unknown; actionSucceed?: unknown };
    // Errors come back as errorWrappers or a userError other than VALID/INVALID (MS_UNAVAILABLE, TIMEOUT, …).
    if (body.errorWrappers || body.actionSucceed === false) return "unavailable";
    if (typeof body.userError === "string" && body.userError !== "VALID" && body.userError !== "INVALID") return "unavailable";
    if (typeof body.valid !== "boolean") return "unavailable";
    return body.valid ? "valid" : "invalid";
  } catch (error) {
    logger.info({ err: error instanceof Error ? error.message : String(error) }, "VIES not reachable: the VAT number is recorded as unchecked");
    return "unavailable";
  }
}
