/**
 * Why a creator's payouts are held, decided from what is on file (the pure part of
 * payout-readiness.server.ts): each hold says why, until when (null: until the creator acts) and
 * what to do, with a link. The Creator Compensation terms pay a balance only when "payout and tax
 * details are complete and verified" (section 6); a confirmed change of bank account waits
 * PAYOUT_HOLD_DAYS_AFTER_BANK_CHANGE days. Notes are what applies without holding anything: the
 * withholding of non-residents without a certificate, a change still waiting for its link.
 * Browser-safe.
 */
import { href } from "react-router";
import { holderMatches, maskedIban } from "./bank-account";
import { PAYOUT_HOLD_DAYS_AFTER_BANK_CHANGE } from "./compensation-rules";
import { postalCodeRequired } from "./validation";
import { withholdingFor, type WithholdingProfile, type WithholdingRule } from "./withholding";

export type PayoutHoldKind = "tax-settings-incomplete" | "bank-details-missing" | "holder-mismatch" | "bank-details-changed";
export type PayoutNoteKind = "non-resident-withholding" | "bank-change-pending";

export interface PayoutAction {
  label: string;
  href: string;
}

export interface PayoutHold {
  kind: PayoutHoldKind;
  why: string;
  /** What is missing (tax settings), in the form's words. */
  missing?: string[];
  /** When the hold ends by itself; null: when the creator has done what `action` says. */
  until: Date | null;
  action: PayoutAction;
}

export interface PayoutNote {
  kind: PayoutNoteKind;
  why: string;
  until: Date | null;
  action: PayoutAction;
}

export interface PayoutReadiness {
  holds: PayoutHold[];
  notes: PayoutNote[];
  /** The withholding that applies to the next payout; null while there are no tax settings. */
  withholding: WithholdingRule | null;
}

/** What the checks read of the tax settings (modules/money TaxSettingsView has it all). */
export interface TaxSnapshot extends WithholdingProfile {
  legalName: string;
  taxId: string;
  vatNumber: string | null;
  address: string;
  postalCode: string | null;
  city: string;
  addressCountry: string;
  dateOfBirth: string | null;
}

export interface PayoutSnapshot {
  tax: TaxSnapshot | null;
  bank: { holderName: string; ibanCountry: string | null; ibanLast4: string | null } | null;
  /** A change (or a first account) waiting for its emailed link. */
  pending: { newLast4: string; newCountry: string; expiresAt: string } | null;
  /** When the latest change of account (not the first entry) was confirmed. */
  lastChangeConfirmedAt: Date | null;
}

const TAX_SETTINGS = () => href("/studio/revenue/tax-settings");
const PAYOUT_DETAILS = () => href("/studio/payouts/details");
const DAY_MS = 24 * 60 * 60 * 1000;

// UTC, so the server and the browser print the same day.
const dayFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "UTC" });
export const formatPayoutDay = (d: Date | string) => dayFormat.format(new Date(d));

/** The fields of the tax settings still to fill in, in the form's words (empty: complete). */
export function missingTaxFields(tax: TaxSnapshot | null): string[] {
  if (!tax) return ["country of tax residence", "legal name", "tax id", "address", "date of birth (individuals)"];
  const missing: string[] = [];
  if (!tax.legalName.trim()) missing.push("legal name");
  if (!tax.taxId.trim()) missing.push("tax id");
  if (!tax.address.trim() || !tax.city.trim() || !tax.addressCountry || (!tax.postalCode && postalCodeRequired(tax.addressCountry))) missing.push("address");
  if (tax.entityType === "individual" && !tax.dateOfBirth) missing.push("date of birth");
  if (tax.taxResidenceCountry === "ES" && tax.entityType === "individual" && tax.irpfPercent === null) missing.push("IRPF rate");
  return missing;
}

/** The holds and notes of a creator's payouts at `now`. */
export function readinessFrom(snapshot: PayoutSnapshot, now: Date): PayoutReadiness {
  const holds: PayoutHold[] = [];
  const notes: PayoutNote[] = [];
  const { tax, bank, pending } = snapshot;

  const missing = missingTaxFields(tax);
  if (missing.length > 0) {
    holds.push({
      kind: "tax-settings-incomplete",
      why: tax
        ? `Your tax settings are incomplete: ${missing.join(", ")}.`
        : "You have not filled in your tax settings yet: we need them to pay you and to withhold and report tax as Spanish law requires.",
      missing,
      until: null,
      action: { label: tax ? "Complete your tax settings" : "Fill in your tax settings", href: TAX_SETTINGS() },
    });
  }

  if (!bank?.ibanLast4) {
    holds.push({
      kind: "bank-details-missing",
      why: pending
        ? `Your bank account ${maskedIban(pending.newCountry, pending.newLast4)} waits for you to open the link we emailed you (until ${formatPayoutDay(pending.expiresAt)}).`
        : "You have not entered a bank account for your payouts yet.",
      until: null,
      action: { label: pending ? "Check your bank details" : "Add your bank account", href: PAYOUT_DETAILS() },
    });
  } else {
    if (tax?.legalName && !holderMatches(bank.holderName, tax.legalName)) {
      holds.push({
        kind: "holder-mismatch",
        why: `The holder of your bank account (${bank.holderName}) is not the legal name of your tax settings (${tax.legalName}): the account must be in your own name or your business's.`,
        until: null,
        action: { label: "Update your bank details", href: PAYOUT_DETAILS() },
      });
    }
    if (snapshot.lastChangeConfirmedAt) {
      const until = new Date(snapshot.lastChangeConfirmedAt.getTime() + PAYOUT_HOLD_DAYS_AFTER_BANK_CHANGE * DAY_MS);
      if (until > now) {
        holds.push({
          kind: "bank-details-changed",
          why: `Your bank account changed on ${formatPayoutDay(snapshot.lastChangeConfirmedAt)}: for your safety, payouts wait ${PAYOUT_HOLD_DAYS_AFTER_BANK_CHANGE} days after a change, until ${formatPayoutDay(until)}.`,
          until,
          action: { label: "Review your bank details", href: PAYOUT_DETAILS() },
        });
      }
    }
    if (pending) {
      notes.push({
        kind: "bank-change-pending",
        why: `A change to the account ${maskedIban(pending.newCountry, pending.newLast4)} waits for you to open the link we emailed you. Until then, payouts go to ${maskedIban(bank.ibanCountry, bank.ibanLast4)}.`,
        until: new Date(pending.expiresAt),
        action: { label: "Check your bank details", href: PAYOUT_DETAILS() },
      });
    }
  }

  const withholding = tax ? withholdingFor(tax, now) : null;
  if (withholding?.kind === "irnr") {
    notes.push({
      kind: "non-resident-withholding",
      why: `You are not resident in Spain for tax and we have no certificate of tax residence from you: Spanish non-resident income tax (IRNR) of ${withholding.percent}% is withheld from your payouts. With a certificate, a tax treaty usually reduces or removes it.`,
      until: null,
      action: { label: "Upload a certificate of tax residence", href: TAX_SETTINGS() },
    });
  }
  return { holds, notes, withholding };
}
