/**
 * Money on the server: the ledger (the one writer of db/schema/ledger.ts) and its balances; a
 * creator's tax settings and bank details (sealed), and whether their payouts are held.
 */
export { sepaCreditTransferXml, sepaText, type SepaAddress, type SepaCreditTransfer, type SepaFile, type SepaParty } from "./sepa-transfer.server";
export {
  balance,
  isPosted,
  ledgerTotal,
  monthOf,
  monthStart,
  nextMonth,
  owedTo,
  post,
  postBatch,
  type LedgerAccount,
  type LedgerEntry,
  type LedgerKind,
  type Posting,
  type PostResult,
} from "./ledger.server";
export { payoutHolds, payoutReadiness } from "./payout-readiness.server";
export {
  listPayoutRuns,
  monthLabel,
  payoutRunFile,
  payoutRunOf,
  runPayouts,
  type PaidCreator,
  type PayoutFileStore,
  type PayoutRunResult,
  type PayoutRunView,
  type SkippedCreator,
} from "./payout-run.server";
export { creatorPayouts, creatorPayoutsOverview, nextPayoutDate, type CreatorPayout, type CreatorPayoutsOverview } from "./creator-payouts.server";
export { loadPayoutDetails, payoutAccount, pendingPayoutDetailsChange } from "./payout-details.server";
export { loadTaxSettings, withholdingProfile, type TaxSettingsView } from "./tax-settings.server";
export { withholdingFor, type WithholdingProfile, type WithholdingRule } from "./withholding";
export type { PayoutHold, PayoutNote, PayoutReadiness } from "./payout-readiness";
