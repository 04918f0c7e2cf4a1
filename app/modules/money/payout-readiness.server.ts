/**
 * Whether a creator can be paid, read from what is on file: their tax settings, their bank
 * account, a change waiting for its link and the last confirmed change (payout-readiness.ts
 * decides from these). The payouts page, the Studio's banners and the payout run ask here.
 */
import type { Database } from "~/lib/db.server";
import { lastConfirmedChange, loadPayoutDetails, pendingPayoutDetailsChange } from "./payout-details.server";
import { readinessFrom, type PayoutHold, type PayoutReadiness } from "./payout-readiness";
import { loadTaxSettings, withholdingProfile } from "./tax-settings.server";

/** Holds, notes and the withholding that applies, at `now`. */
export async function payoutReadiness(db: Database, creatorId: string, now: Date = new Date()): Promise<PayoutReadiness> {
  const [tax, bank, pending, lastChangeConfirmedAt] = await Promise.all([
    loadTaxSettings(db, creatorId),
    loadPayoutDetails(db, creatorId),
    pendingPayoutDetailsChange(db, creatorId, now),
    lastConfirmedChange(db, creatorId),
  ]);
  return readinessFrom({ tax: tax ? { ...tax, ...withholdingProfile(tax) } : null, bank, pending, lastChangeConfirmedAt }, now);
}

/** The reasons the creator's payouts are held at `now` (empty: they can be paid). Notes that hold nothing are in `payoutReadiness`. */
export async function payoutHolds(db: Database, creatorId: string, now: Date = new Date()): Promise<PayoutHold[]> {
  return (await payoutReadiness(db, creatorId, now)).holds;
}
