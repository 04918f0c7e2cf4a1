/**
 * A creator's tax settings (Creator Compensation, sections 7–8): read for the form, the payout
 * holds and withholding, and written whole by the form once every field has passed
 * `parseTaxSettings` and the caller has confirmed the creator's identity (step-up).
 *
 * Not obvious: the certificate of tax residence is checked by its bytes (PDF, JPEG or PNG), stored
 * in the private `documents` bucket before the row is written, and removed again if the row is
 * not; a replaced (or no longer needed) certificate's file is removed only after the commit. The
 * self-billing agreement keeps the moment it was first given until it is withdrawn. A VAT number
 * of another EU state is asked of VIES (when reachable): "invalid" refuses it, "unavailable" is
 * recorded as such and accepted.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { taxSettings } from "#db/schema";
import type { Database } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { deletePrivateObject, putPrivateObject } from "~/modules/storage/index.server";
import type { TaxSettingsInput } from "./validation";
import { checkVies, type ViesVerdict } from "./vies.server";
import type { WithholdingProfile } from "./withholding";

/** The private bucket certificates live in, under this folder. */
export const DOCUMENTS_BUCKET = "documents" as const;
const CERTIFICATE_FOLDER = "tax-residence";
export const MAX_CERTIFICATE_BYTES = 10 * 1024 * 1024;

export const CERTIFICATE_MESSAGES = {
  empty: "The certificate file is empty",
  tooLarge: "The certificate must be at most 10 MB",
  wrongType: "The certificate must be a PDF, JPEG or PNG file",
} as const;

export const VIES_MESSAGES = {
  invalid:
    "The EU's VIES register says this VAT number is not registered for trade between EU countries. Check it, or leave VAT registration unticked until it is registered.",
} as const;

/** The tax settings as the form and the payout checks read them. */
export interface TaxSettingsView extends TaxSettingsInput {
  vatViesStatus: ViesVerdict | null;
  vatViesCheckedAt: string | null;
  selfBillingAgreedAt: string | null;
  residenceCertificate: { uploadedAt: string; kind: "pdf" | "jpg" | "png" } | null;
  updatedAt: string;
}

type Row = typeof taxSettings.$inferSelect;

/** A tax_settings row as the form and the payout checks read it. */
export function taxSettingsView(row: Row): TaxSettingsView {
  const key = row.residenceCertificateKey;
  return {
    entityType: row.entityType,
    taxResidenceCountry: row.taxResidenceCountry,
    legalName: row.legalName ?? "",
    taxId: row.taxId ?? "",
    taxIdKind: row.taxIdKind ?? "other",
    vatNumber: row.vatRegistered ? row.vatNumber : null,
    irpfPercent: row.irpfPercent,
    irpfActivityStartYear: row.irpfActivityStartYear,
    address: row.address ?? "",
    postalCode: row.postalCode,
    city: row.city ?? "",
    region: row.region,
    addressCountry: row.addressCountry ?? "",
    dateOfBirth: row.dateOfBirth,
    selfBilling: row.selfBillingAgreedAt !== null,
    vatViesStatus: row.vatViesStatus,
    vatViesCheckedAt: row.vatViesCheckedAt?.toISOString() ?? null,
    selfBillingAgreedAt: row.selfBillingAgreedAt?.toISOString() ?? null,
    residenceCertificate:
      key && row.residenceCertificateUploadedAt
        ? {
            uploadedAt: row.residenceCertificateUploadedAt.toISOString(),
            kind: (key.endsWith(".pdf") ? "pdf" : key.endsWith(".png") ? "png" : "jpg") as "pdf" | "jpg" | "png",
          }
        : null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The creator's tax settings, or null when none are saved. */
export async function loadTaxSettings(db: Database, creatorId: string): Promise<TaxSettingsView | null> {
  const [row] = await db.select().from(taxSettings).where(eq(taxSettings.creatorId, creatorId)).limit(1);
  return row ? taxSettingsView(row) : null;
}

/** What withholding needs of saved settings. */
export function withholdingProfile(settings: TaxSettingsView): WithholdingProfile {
  return {
    entityType: settings.entityType,
    taxResidenceCountry: settings.taxResidenceCountry,
    irpfPercent: settings.irpfPercent,
    irpfActivityStartYear: settings.irpfActivityStartYear,
    hasResidenceCertificate: settings.residenceCertificate !== null,
  };
}

/** The kind of a certificate's file by its first bytes, or null when it is none we take. */
export function certificateKind(bytes: Uint8Array): "pdf" | "jpg" | "png" | null {
  const starts = (...sig: number[]) => bytes.length >= sig.length && sig.every((b, i) => bytes[i] === b);
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return "pdf";
  if (starts(0xff, 0xd8, 0xff)) return "jpg";
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "png";
  return null;
}

/** A certificate's bytes checked: null when fine, else the message. */
export function certificateError(bytes: Uint8Array): string | null {
  if (bytes.length === 0) return CERTIFICATE_MESSAGES.empty;
  if (bytes.length > MAX_CERTIFICATE_BYTES) return CERTIFICATE_MESSAGES.tooLarge;
  return certificateKind(bytes) ? null : CERTIFICATE_MESSAGES.wrongType;
}

export type SaveTaxSettingsResult =
  { ok: true; settings: TaxSettingsView; vies: ViesVerdict | null } | { ok: false; status: number; fieldErrors: Record<string, string> };

/**
 * Save the creator's tax settings (already parsed and identity-checked), with a new certificate
 * of tax residence if one is given (non-residents of Spain only). Bad files and a VAT number VIES
 * refuses change nothing.
 */
export async function saveTaxSettings(
  db: Database,
  creatorId: string,
  input: TaxSettingsInput,
  options: { certificate?: Uint8Array; now?: Date; fetcher?: typeof fetch } = {},
): Promise<SaveTaxSettingsResult> {
  const now = options.now ?? new Date();
  const resident = input.taxResidenceCountry === "ES";
  const certificate = !resident && options.certificate && options.certificate.length > 0 ? options.certificate : undefined;
  if (certificate) {
    const error = certificateError(certificate);
    if (error) return { ok: false, status: error === CERTIFICATE_MESSAGES.tooLarge ? 413 : 415, fieldErrors: { certificate: error } };
  }

  const [previous] = await db.select().from(taxSettings).where(eq(taxSettings.creatorId, creatorId)).limit(1);
  // VIES is asked again only for a number it has not answered about yet.
  const sameVat = previous?.vatRegistered && previous.vatNumber === input.vatNumber && previous.vatViesStatus && previous.vatViesStatus !== "unavailable";
  const vies = input.vatNumber && !sameVat ? await checkVies(input.vatNumber, options.fetcher) : null;
  if (vies === "invalid") return { ok: false, status: 400, fieldErrors: { vatNumber: VIES_MESSAGES.invalid } };

  const newKey = certificate ? `${CERTIFICATE_FOLDER}/${randomUUID()}.${certificateKind(certificate)}` : null;
  if (certificate && newKey) await putPrivateObject(DOCUMENTS_BUCKET, newKey, certificate);
  // A resident of Spain needs no certificate: one kept from before goes.
  const keepKey = resident ? null : (newKey ?? previous?.residenceCertificateKey ?? null);
  const values = {
    entityType: input.entityType,
    legalName: input.legalName,
    taxResidenceCountry: input.taxResidenceCountry,
    taxId: input.taxId,
    taxIdKind: input.taxIdKind,
    vatRegistered: input.vatNumber !== null,
    vatNumber: input.vatNumber,
    vatViesStatus: input.vatNumber === null ? null : sameVat ? previous.vatViesStatus : vies,
    vatViesCheckedAt: input.vatNumber === null ? null : sameVat ? previous.vatViesCheckedAt : vies ? now : null,
    irpfPercent: input.irpfPercent,
    irpfActivityStartYear: input.irpfActivityStartYear,
    address: input.address,
    postalCode: input.postalCode,
    city: input.city,
    region: input.region,
    addressCountry: input.addressCountry,
    dateOfBirth: input.dateOfBirth,
    selfBillingAgreedAt: input.selfBilling ? (previous?.selfBillingAgreedAt ?? now) : null,
    residenceCertificateKey: keepKey,
    residenceCertificateUploadedAt: keepKey === null ? null : newKey ? now : (previous?.residenceCertificateUploadedAt ?? now),
    updatedAt: now,
  };
  let row: Row;
  try {
    [row] = await db
      .insert(taxSettings)
      .values({ creatorId, ...values, createdAt: now })
      .onConflictDoUpdate({ target: taxSettings.creatorId, set: values })
      .returning();
  } catch (error) {
    if (newKey) await deletePrivateObject(DOCUMENTS_BUCKET, newKey).catch(() => undefined);
    throw error;
  }
  const replaced = previous?.residenceCertificateKey;
  if (replaced && replaced !== keepKey) {
    await deletePrivateObject(DOCUMENTS_BUCKET, replaced).catch((err: unknown) =>
      logger.warn({ err, key: replaced }, "old tax residence certificate not removed"),
    );
  }
  return { ok: true, settings: taxSettingsView(row), vies };
}
