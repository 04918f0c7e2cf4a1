/**
 * The actions of the Studio's money forms (tax settings, payout details, a change's confirmation
 * link): parse with the money room's rules, confirm the creator's identity (step-up), then one
 * module call. Bad input answers 4xx with a message per field and the values typed (never a
 * password, never an IBAN that was saved), and changes nothing.
 */
import { data, type RouterContextProvider } from "react-router";
import type { Database } from "~/lib/db.server";
import type { FieldErrors } from "~/lib/form-validation";
import { siteUrl } from "~/lib/site-url.server";
import { clientIp } from "~/modules/auth/session.server";
import { confirmIdentity, identityChallenge } from "~/modules/auth/step-up.server";
import { confirmPayoutDetailsChange } from "~/modules/money/payout-details.server";
import { requestPayoutDetails } from "~/modules/money/payout-details.server";
import { certificateError, CERTIFICATE_MESSAGES, loadTaxSettings, MAX_CERTIFICATE_BYTES, saveTaxSettings } from "~/modules/money/tax-settings.server";
import { parsePayoutDetails, parseTaxSettings } from "~/modules/money/validation";
import type { ViesVerdict } from "~/modules/money/vies.server";

type Ctx = Readonly<RouterContextProvider>;

export interface MoneyFormData {
  ok?: boolean;
  message?: string;
  formError?: string;
  fieldErrors?: FieldErrors;
  /** What a refused form held, to show again (a post without JavaScript reloads the page). */
  values?: Record<string, string>;
}

const SECRET_FIELDS = new Set(["password", "code"]);

function strings(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === "string" && !SECRET_FIELDS.has(name) && !(name in out)) out[name] = value;
  return out;
}

const refuse = (status: number, body: MoneyFormData) => data<MoneyFormData>(body, { status });

/** The step-up: the answer to this account's challenge, or the field error to show. */
async function stepUp(db: Database, userId: string, form: FormData): Promise<FieldErrors | null> {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  const identity = await confirmIdentity(db, userId, { password: text("password"), code: text("code") });
  return identity.ok ? null : { [identity.field]: identity.error };
}

const VIES_NOTE: Record<ViesVerdict, string> = {
  valid: " The EU's VIES register confirms your VAT number.",
  invalid: "",
  unavailable: " The EU's VIES register could not be asked about your VAT number just now (unavailable, not invalid): we will ask again when you next save.",
};

export async function taxSettingsAction(request: Request, db: Database, userId: string) {
  // Refuse an oversized certificate before reading it into memory.
  if (Number(request.headers.get("content-length") ?? 0) > MAX_CERTIFICATE_BYTES + 64 * 1024) {
    return refuse(413, { fieldErrors: { certificate: CERTIFICATE_MESSAGES.tooLarge } });
  }
  const form = await request.formData();
  const values = strings(form);
  const parsed = parseTaxSettings(values);
  if (!parsed.ok) return refuse(400, { fieldErrors: parsed.errors, values });
  const file = form.get("certificate");
  const certificate = file instanceof File && file.size > 0 ? new Uint8Array(await file.arrayBuffer()) : undefined;
  if (certificate && parsed.data.taxResidenceCountry !== "ES") {
    const error = certificateError(certificate);
    if (error) return refuse(error === CERTIFICATE_MESSAGES.tooLarge ? 413 : 415, { fieldErrors: { certificate: error }, values });
  }
  const identity = await stepUp(db, userId, form);
  if (identity) return refuse(400, { fieldErrors: identity, values });
  const saved = await saveTaxSettings(db, userId, parsed.data, { certificate });
  if (!saved.ok) return refuse(saved.status, { fieldErrors: saved.fieldErrors, values });
  return data<MoneyFormData>({ ok: true, message: `Your tax settings have been saved.${saved.vies ? VIES_NOTE[saved.vies] : ""}` });
}

export async function payoutDetailsAction(request: Request, context: Ctx, db: Database, userId: string) {
  const form = await request.formData();
  const values = strings(form);
  const tax = await loadTaxSettings(db, userId);
  const parsed = parsePayoutDetails(values, tax?.legalName || null);
  if (!parsed.ok) return refuse(400, { fieldErrors: parsed.errors, values });
  const challenge = await identityChallenge(db, userId);
  const identity = await stepUp(db, userId, form);
  if (identity) return refuse(400, { fieldErrors: identity, values });
  const result = await requestPayoutDetails(db, userId, parsed.data, {
    ip: clientIp(context),
    siteUrl: siteUrl(request),
    // Without a password there is nothing to ask here: the emailed link is the step, even for a first account.
    confirmByEmail: challenge === "none",
  });
  if (!result.ok) return refuse(result.status, { formError: result.formError, values: { ...values, iban: "" } });
  if (result.applied) return data<MoneyFormData>({ ok: true, message: `Your bank account ending ${result.last4} has been saved.` });
  return data<MoneyFormData>({
    ok: true,
    message: `We sent a link to ${result.emailedTo}. Your bank account changes to the one ending ${result.pending.newLast4} once you open it (within 24 hours).`,
  });
}

export async function confirmChangeAction(db: Database, userId: string, token: string) {
  const result = await confirmPayoutDetailsChange(db, userId, token);
  if (!result.ok) return refuse(result.status, { formError: result.error });
  return data({ ok: true as const, last4: result.last4, holdUntil: result.holdUntil?.toISOString() ?? null });
}
