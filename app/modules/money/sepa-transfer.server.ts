/**
 * A payout run's bank file: a SEPA credit-transfer initiation, ISO 20022 `pain.001.001.09` as the
 * European Payments Council's SCT customer-to-bank guidelines restrict it (EPC132-08, 2023
 * rulebook; the schema is ../shared/fixtures/sepa/pain.001.001.09.xsd, and the tests validate
 * every file written here against it).
 *
 * Written with @xmldom/xmldom rather than the `sepa` package: that package writes postal addresses
 * as unstructured `AdrLine`s only, and from November 2026 the SEPA rulebooks require structured
 * (or hybrid) addresses — street, building number, postal code, town, country — which is what a
 * creator's tax settings hold (ADR "SEPA payout file"). The XML is built as a DOM and serialised
 * by the library, so escaping and well-formedness are never ours to get wrong.
 */
import { DOMImplementation, XMLSerializer, type Document as XmlDocument, type Element as XmlElement } from "@xmldom/xmldom";
import type { Cents } from "./cents";

const NAMESPACE = "urn:iso:std:iso:20022:tech:xsd:pain.001.001.09";

export interface SepaAddress {
  street: string;
  buildingNumber?: string | null;
  postalCode: string;
  town: string;
  /** ISO 3166 alpha-2. */
  country: string;
}

export interface SepaParty {
  name: string;
  iban: string;
  /** Optional for creditors inside SEPA (IBAN-only); the debtor's bank is named as NOTPROVIDED without one. */
  bic?: string | null;
  address: SepaAddress;
}

export interface SepaCreditTransfer {
  /** Unique per transfer, at most 35 characters: it comes back on the creator's bank statement. */
  endToEndId: string;
  amount: Cents;
  creditor: SepaParty;
  /** Unstructured remittance text the creator reads, at most 140 characters. */
  remittance: string;
}

export interface SepaFile {
  /** Unique per file, at most 35 characters. */
  messageId: string;
  createdAt: Date;
  /** "2026-12-20". */
  executionDate: string;
  debtor: SepaParty;
  transfers: SepaCreditTransfer[];
}

/** Letters that lose nothing when written in two plain ones but have no accent to take off. */
const LETTERS: Record<string, string> = { ß: "ss", Æ: "AE", æ: "ae", Ø: "O", ø: "o", Œ: "OE", œ: "oe", Ł: "L", ł: "l", Đ: "D", đ: "d", Þ: "Th", þ: "th" };

/**
 * The EPC's basic Latin character set (a–z, A–Z, 0–9, / - ? : ( ) . , ' + and space), which every
 * SEPA bank must accept: accents are taken off ("Lucía Núñez" -> "Lucia Nunez"), anything else
 * becomes a space, and the text is cut to the field's length.
 */
export function sepaText(value: string, max: number): string {
  const latin = value
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[ßÆæØøŒœŁłĐđÞþ]/g, (c) => LETTERS[c])
    .replace(/[^A-Za-z0-9/\-?:().,'+ ]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return latin.slice(0, max).trim();
}

/** 1234 cents -> "12.34": amounts in the file have exactly two decimals. */
export function sepaAmount(amount: Cents): string {
  if (amount <= 0) throw new RangeError(`A credit transfer must be positive: ${amount}`);
  return `${Math.trunc(amount / 100)}.${String(amount % 100).padStart(2, "0")}`;
}

function isoDateTime(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, "Z");
}

/** The file's XML. Throws on an empty run or a field the schema would refuse (an id over 35 characters). */
export function sepaCreditTransferXml(file: SepaFile): string {
  if (file.transfers.length === 0) throw new RangeError("A SEPA file needs at least one transfer");
  for (const id of [file.messageId, ...file.transfers.map((t) => t.endToEndId)]) {
    if (id.length === 0 || id.length > 35 || sepaText(id, 35) !== id) throw new RangeError(`Not a SEPA identifier: ${id}`);
  }
  const doc: XmlDocument = new DOMImplementation().createDocument(NAMESPACE, "Document", null);
  const root = doc.documentElement!;
  const add = (parent: XmlElement, name: string, text?: string): XmlElement => {
    const child = doc.createElementNS(NAMESPACE, name);
    if (text !== undefined) child.appendChild(doc.createTextNode(text));
    parent.appendChild(child);
    return child;
  };
  const total = file.transfers.reduce((sum, t) => sum + t.amount, 0) as Cents;
  const count = String(file.transfers.length);

  const initiation = add(root, "CstmrCdtTrfInitn");
  const header = add(initiation, "GrpHdr");
  add(header, "MsgId", file.messageId);
  add(header, "CreDtTm", isoDateTime(file.createdAt));
  add(header, "NbOfTxs", count);
  add(header, "CtrlSum", sepaAmount(total));
  add(add(header, "InitgPty"), "Nm", sepaText(file.debtor.name, 70));

  const info = add(initiation, "PmtInf");
  add(info, "PmtInfId", file.messageId);
  add(info, "PmtMtd", "TRF");
  add(info, "BtchBookg", "true");
  add(info, "NbOfTxs", count);
  add(info, "CtrlSum", sepaAmount(total));
  add(add(add(info, "PmtTpInf"), "SvcLvl"), "Cd", "SEPA");
  add(add(info, "ReqdExctnDt"), "Dt", file.executionDate);
  party(add(info, "Dbtr"), file.debtor);
  account(add(info, "DbtrAcct"), file.debtor.iban);
  const debtorBank = add(add(info, "DbtrAgt"), "FinInstnId");
  if (file.debtor.bic) add(debtorBank, "BICFI", file.debtor.bic);
  else add(add(debtorBank, "Othr"), "Id", "NOTPROVIDED");
  add(info, "ChrgBr", "SLEV");

  for (const transfer of file.transfers) {
    const tx = add(info, "CdtTrfTxInf");
    add(add(tx, "PmtId"), "EndToEndId", transfer.endToEndId);
    const amount = add(add(tx, "Amt"), "InstdAmt", sepaAmount(transfer.amount));
    amount.setAttribute("Ccy", "EUR");
    if (transfer.creditor.bic) add(add(add(tx, "CdtrAgt"), "FinInstnId"), "BICFI", transfer.creditor.bic);
    party(add(tx, "Cdtr"), transfer.creditor);
    account(add(tx, "CdtrAcct"), transfer.creditor.iban);
    add(add(tx, "RmtInf"), "Ustrd", sepaText(transfer.remittance, 140));
  }

  function party(element: XmlElement, who: SepaParty) {
    add(element, "Nm", sepaText(who.name, 70));
    const address = add(element, "PstlAdr");
    add(address, "StrtNm", sepaText(who.address.street, 70));
    if (who.address.buildingNumber) add(address, "BldgNb", sepaText(who.address.buildingNumber, 16));
    add(address, "PstCd", sepaText(who.address.postalCode, 16));
    add(address, "TwnNm", sepaText(who.address.town, 35));
    add(address, "Ctry", who.address.country.toUpperCase());
  }
  function account(element: XmlElement, iban: string) {
    add(add(element, "Id"), "IBAN", iban.replace(/\s+/g, "").toUpperCase());
  }

  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(doc)}\n`;
}
