import { describe, expect, it } from "vitest";
import { sepaSchemaErrors } from "../../../tests/fixtures/sepa-schema";
import { cents } from "./cents";
import { sepaAmount, sepaCreditTransferXml, sepaText, type SepaFile } from "./sepa-transfer.server";

const company = {
  name: "Spotfolio Maps S.L.",
  iban: "ES91 2100 0418 4502 0005 1332",
  bic: "CAIXESBBXXX",
  address: { street: "Calle de Alcalá", buildingNumber: "42", postalCode: "28014", town: "Madrid", country: "ES" },
};

function run(overrides: Partial<SepaFile> = {}): SepaFile {
  return {
    messageId: "PAYOUT-2026-11-1",
    createdAt: new Date("2026-12-15T09:30:00Z"),
    executionDate: "2026-12-20",
    debtor: company,
    transfers: [
      {
        endToEndId: "PO-3f2a9c1e",
        amount: cents(52_75),
        creditor: {
          name: "Lucía Núñez & Hijos",
          iban: "DE89370400440532013000",
          bic: null,
          address: { street: "Friedrichstraße", buildingNumber: "10a", postalCode: "10117", town: "Berlin", country: "de" },
        },
        remittance: "Spotfolio payout November 2026 (statement 2026-11)",
      },
      {
        endToEndId: "PO-77b0d2aa",
        amount: cents(1_234_567_89),
        creditor: {
          name: "Marc Puig",
          iban: "ES7921000813610123456789",
          bic: "CAIXESBBXXX",
          address: { street: "Carrer de Mallorca", postalCode: "08013", town: "Barcelona", country: "ES" },
        },
        remittance: "Spotfolio payout November 2026",
      },
    ],
    ...overrides,
  };
}

describe("the SEPA payout file", () => {
  it("is valid against the EPC's pain.001.001.09 schema, with structured addresses", async () => {
    const xml = sepaCreditTransferXml(run());
    expect(await sepaSchemaErrors(xml)).toEqual([]);
    expect(xml).toContain("<CtrlSum>1234620.64</CtrlSum>");
    expect(xml).toContain("<NbOfTxs>2</NbOfTxs>");
    expect(xml).toContain('<InstdAmt Ccy="EUR">52.75</InstdAmt>');
    expect(xml).toContain("<StrtNm>Friedrichstrasse</StrtNm><BldgNb>10a</BldgNb><PstCd>10117</PstCd><TwnNm>Berlin</TwnNm><Ctry>DE</Ctry>");
    expect(xml).toContain("<IBAN>ES9121000418450200051332</IBAN>");
    expect(xml).not.toContain("AdrLine");
  });

  it("writes names in the SEPA character set", () => {
    const xml = sepaCreditTransferXml(run());
    expect(xml).toContain("<Nm>Lucia Nunez Hijos</Nm>");
    expect(sepaText("Ærøskøbing “quoted” <tag>", 70)).toBe("AEroskobing quoted tag");
  });

  it("names the debtor's bank as not provided when it has no BIC, and stays valid", async () => {
    const xml = sepaCreditTransferXml(run({ debtor: { ...company, bic: null } }));
    expect(xml).toContain("<Othr><Id>NOTPROVIDED</Id></Othr>");
    expect(await sepaSchemaErrors(xml)).toEqual([]);
  });

  it("the schema check is real: a file it would refuse is refused", async () => {
    const xml = sepaCreditTransferXml(run()).replace("<PmtMtd>TRF</PmtMtd>", "<PmtMtd>DD</PmtMtd>");
    expect((await sepaSchemaErrors(xml)).join("\n")).toMatch(/PmtMtd/);
  });

  it("refuses what a bank would: no transfers, a non-positive amount, a long identifier", () => {
    expect(() => sepaCreditTransferXml(run({ transfers: [] }))).toThrow(/at least one transfer/);
    expect(() => sepaAmount(cents(0))).toThrow(/positive/);
    expect(() => sepaCreditTransferXml(run({ messageId: "X".repeat(36) }))).toThrow(/Not a SEPA identifier/);
    expect(sepaAmount(cents(5))).toBe("0.05");
  });
});
