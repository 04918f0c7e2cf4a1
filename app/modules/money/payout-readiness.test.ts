import { describe, expect, it } from "vitest";
import { missingTaxFields, readinessFrom, type PayoutSnapshot, type TaxSnapshot } from "./payout-readiness";

const now = new Date("2026-11-26T10:00:00Z");
const tax: TaxSnapshot = {
  entityType: "individual",
  taxResidenceCountry: "ES",
  irpfPercent: 15,
  irpfActivityStartYear: null,
  hasResidenceCertificate: false,
  legalName: "Lucía Fernández Ruiz",
  taxId: "12345678Z",
  vatNumber: null,
  address: "Calle Mayor 1",
  postalCode: "28013",
  city: "Madrid",
  addressCountry: "ES",
  dateOfBirth: "1990-05-17",
};
const bank = { holderName: "LUCIA FERNANDEZ RUIZ", ibanCountry: "ES", ibanLast4: "1332" };
const ready: PayoutSnapshot = { tax, bank, pending: null, lastChangeConfirmedAt: null };

describe("why payouts are held", () => {
  it("holds nothing when tax and bank details are complete", () => {
    expect(readinessFrom(ready, now)).toEqual({ holds: [], notes: [], withholding: { kind: "irpf", percent: 15, reason: "IRPF at the general 15% rate" } });
  });

  it("holds a creator with nothing on file, saying what to do and where", () => {
    const { holds, withholding } = readinessFrom({ tax: null, bank: null, pending: null, lastChangeConfirmedAt: null }, now);
    expect(holds.map((h) => [h.kind, h.until, h.action.href])).toEqual([
      ["tax-settings-incomplete", null, "/studio/revenue/tax-settings"],
      ["bank-details-missing", null, "/studio/payouts/details"],
    ]);
    expect(holds[0].missing).toContain("tax id");
    expect(withholding).toBeNull();
  });

  it("lists what the tax settings lack", () => {
    expect(missingTaxFields({ ...tax, dateOfBirth: null, irpfPercent: null, postalCode: null })).toEqual(["address", "date of birth", "IRPF rate"]);
    expect(missingTaxFields({ ...tax, entityType: "company", dateOfBirth: null, irpfPercent: null })).toEqual([]);
    const { holds } = readinessFrom({ ...ready, tax: { ...tax, dateOfBirth: null } }, now);
    expect(holds).toEqual([expect.objectContaining({ kind: "tax-settings-incomplete", why: "Your tax settings are incomplete: date of birth.", until: null })]);
  });

  it("holds payouts 5 days after a confirmed change of account, then lets them go", () => {
    const changed = new Date("2026-11-24T09:00:00Z");
    const { holds } = readinessFrom({ ...ready, lastChangeConfirmedAt: changed }, now);
    expect(holds).toEqual([expect.objectContaining({ kind: "bank-details-changed", until: new Date("2026-11-29T09:00:00Z") })]);
    expect(holds[0].why).toContain("until 29 November 2026");
    expect(readinessFrom({ ...ready, lastChangeConfirmedAt: changed }, new Date("2026-11-29T09:00:00Z")).holds).toEqual([]);
  });

  it("holds an account whose holder is no longer the legal name", () => {
    const { holds } = readinessFrom({ ...ready, tax: { ...tax, legalName: "Lucía Fernández" } }, now);
    expect(holds.map((h) => h.kind)).toEqual(["holder-mismatch"]);
  });

  it("notes a change waiting for its link without holding the current account", () => {
    const pending = { newLast4: "3000", newCountry: "DE", expiresAt: "2026-11-27T10:00:00.000Z" };
    const { holds, notes } = readinessFrom({ ...ready, pending }, now);
    expect(holds).toEqual([]);
    expect(notes).toEqual([expect.objectContaining({ kind: "bank-change-pending", until: new Date(pending.expiresAt) })]);
    expect(notes[0].why).toContain("DE •••• 3000");
    expect(notes[0].why).toContain("ES •••• 1332");
    // A first account still waiting: held, and the banner says why.
    expect(readinessFrom({ ...ready, bank: null, pending }, now).holds).toEqual([expect.objectContaining({ kind: "bank-details-missing" })]);
  });

  it("notes non-resident withholding without a certificate, and not with one", () => {
    const french = { ...tax, taxResidenceCountry: "FR", irpfPercent: null, addressCountry: "FR", postalCode: "75011" };
    const { holds, notes, withholding } = readinessFrom({ ...ready, tax: french }, now);
    expect(holds).toEqual([]);
    expect(withholding).toMatchObject({ kind: "irnr", percent: 19 });
    expect(notes).toEqual([
      expect.objectContaining({
        kind: "non-resident-withholding",
        action: { label: "Upload a certificate of tax residence", href: "/studio/revenue/tax-settings" },
      }),
    ]);
    expect(readinessFrom({ ...ready, tax: { ...french, hasResidenceCertificate: true } }, now).notes).toEqual([]);
  });
});
