/**
 * Money on the server: the ledger (the one writer of db/schema/ledger.ts) and its balances.
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
