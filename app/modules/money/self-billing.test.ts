import { describe, expect, it } from "vitest";
import { cents } from "./cents";
import { invoiceAmounts, invoiceVat, selfBilledInvoiceNumber } from "./self-billing";
import { withholdingFor } from "./withholding";

const irpf15 = withholdingFor({
  entityType: "individual",
  taxResidenceCountry: "ES",
  irpfPercent: 15,
  irpfActivityStartYear: null,
  hasResidenceCertificate: false,
});

describe("the self-billed invoice's VAT", () => {
  it("charges Spanish VAT at 21% to a VAT-registered creator resident in Spain", () => {
    expect(invoiceVat({ taxResidenceCountry: "ES", vatNumber: "ES12345678Z" })).toMatchObject({ kind: "spanish-vat", percent: 21 });
  });

  it("applies the reverse charge to a VAT-registered creator in another EU state", () => {
    const vat = invoiceVat({ taxResidenceCountry: "FR", vatNumber: "FR40303265045" });
    expect(vat).toMatchObject({ kind: "reverse-charge", percent: 0 });
    expect(vat.text).toContain("article 196 of Council Directive 2006/112/EC");
  });

  it("charges none to a creator not registered for VAT, or established outside the EU", () => {
    expect(invoiceVat({ taxResidenceCountry: "ES", vatNumber: null })).toMatchObject({ kind: "none", percent: 0 });
    expect(invoiceVat({ taxResidenceCountry: "DE", vatNumber: null })).toMatchObject({ kind: "none" });
    expect(invoiceVat({ taxResidenceCountry: "US", vatNumber: "US123" })).toMatchObject({ kind: "none" });
  });
});

describe("the self-billed invoice's figures", () => {
  it("adds VAT to the base and withholds IRPF from the base, each to the nearest cent", () => {
    // EUR 205.50 earned: VAT 43.155 → 43.16; IRPF 15% of 205.50 = 30.825 → 30.83.
    const amounts = invoiceAmounts(cents(205_50), invoiceVat({ taxResidenceCountry: "ES", vatNumber: "ES12345678Z" }), irpf15);
    expect(amounts).toMatchObject({ base: 205_50, vatAmount: 43_16, total: 248_66, withheld: 30_83, payable: 217_83 });
  });

  it("withholds non-resident tax and charges no VAT under the reverse charge", () => {
    const irnr = withholdingFor({
      entityType: "individual",
      taxResidenceCountry: "FR",
      irpfPercent: null,
      irpfActivityStartYear: null,
      hasResidenceCertificate: false,
    });
    const amounts = invoiceAmounts(cents(200_00), invoiceVat({ taxResidenceCountry: "FR", vatNumber: "FR40303265045" }), irnr);
    expect(amounts).toMatchObject({ vatAmount: 0, total: 200_00, withheld: 38_00, payable: 162_00 });
  });

  it("numbers invoices in a series of the creator's own, by month", () => {
    expect(selfBilledInvoiceNumber("aB3dE6gH9jkLmnop", "2026-11")).toBe("SB-AB3DE6GH-2026-11");
    expect(selfBilledInvoiceNumber("aB3dE6gH9jkLmnop", "2026-12")).toBe("SB-AB3DE6GH-2026-12");
    expect(selfBilledInvoiceNumber("zz-other-creator", "2026-11")).not.toBe("SB-AB3DE6GH-2026-11");
  });
});
