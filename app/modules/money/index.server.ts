/**
 * Money on the server: the ledger (the one writer of db/schema/ledger.ts) and its balances; member
 * payments booked into it; the month close (Supporter earnings, the Premium pool by engagement
 * points); refunds and chargebacks; what a creator reads of it (statements, earnings by month,
 * payments); a creator's tax settings and bank details (sealed), and whether their payouts are
 * held. ADR "creator money ledger" (docs/decisions) tells the accounting model.
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
export { addMonths, lastClosedMonth, lockMoney, monthToClose, openMonth, previousMonth } from "./months.server";
export { memberPaymentCharges, postMemberPayment, type BookablePayment, type BookResult, type MemberPaymentCharges } from "./member-payments.server";
export { closeMonth, closeOf, listCloses, type CloseOptions, type CloseResult, type CloseTotals } from "./close.server";
export { BOOKMARK_EVENT_TYPES, flagEngagement, type FlagResult } from "./engagement.server";
export {
  bookRefund,
  recordRefund,
  refundablePayments,
  refundPayment,
  refundsOf,
  type BookedRefund,
  type RefundablePayment,
  type RefundInput,
  type RefundKind,
  type RefundResult,
} from "./refunds.server";
export {
  monthlyEarnings,
  paymentsEarning,
  statementOf,
  type MonthEarnings,
  type PaymentEarning,
  type PaymentEarningStatus,
  type PoolStatement,
  type Statement,
  type StatementEntry,
  type SupporterLine,
} from "./statements.server";
export { EU_COUNTRIES, HOME_COUNTRY, isEuCountry, vatIncluded, vatRateOf } from "./vat";
export { LOCAL_FEE_FIXED, LOCAL_FEE_PER_MILLE, localProviderFee } from "./fees";
export { LARGEST_REMAINDER_RULE, portionOf, splitPool, type PoolShare } from "./portions";
export {
  adminDocumentDownload,
  creatorByHandle,
  documentCompany,
  documentDay,
  invoiceDocument,
  invoiceParts,
  revenueDocuments,
  selfBilledInvoiceOf,
  statementDocument,
  type DocumentFile,
  type MonthDocuments,
  type SelfBilledInvoice,
} from "./documents.server";
export {
  issuedInvoiceOf,
  issuedInvoices,
  unpaidInvoiceVat,
  vatOwedAtEndOf,
  type InvoiceRecipientSnapshot,
  type InvoiceSupplierSnapshot,
  type IssuedInvoice,
} from "./invoices.server";
export { invoiceAmounts, invoiceVat, selfBilledInvoiceNumber, SPANISH_VAT_PERCENT, type InvoiceAmounts, type InvoiceVat } from "./self-billing";
