/**
 * Money on the server: the ledger (the one writer of db/schema/ledger.ts) and its balances; member
 * payments booked into it; the month close (Supporter earnings, the Premium pool by engagement
 * points); refunds and chargebacks; and what a creator reads of it (statements, earnings by month,
 * payments). ADR "creator money ledger" (docs/decisions) tells the accounting model.
 */
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
export { addMonths, lastClosedMonth, lockMoney, openMonth, previousMonth } from "./months.server";
export { memberPaymentCharges, postMemberPayment, type BookablePayment, type BookResult, type MemberPaymentCharges } from "./member-payments.server";
export { closeMonth, closeOf, type CloseOptions, type CloseResult, type CloseTotals } from "./close.server";
export { BOOKMARK_EVENT_TYPES, flagEngagement, type FlagResult } from "./engagement.server";
export { bookRefund, recordRefund, refundPayment, refundsOf, type BookedRefund, type RefundInput, type RefundKind, type RefundResult } from "./refunds.server";
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
