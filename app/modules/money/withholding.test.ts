import { describe, expect, it } from "vitest";
import { withholdingFor, type WithholdingProfile } from "./withholding";

const at = new Date("2026-11-26T10:00:00Z");
const spanish: WithholdingProfile = {
  entityType: "individual",
  taxResidenceCountry: "ES",
  irpfPercent: 15,
  irpfActivityStartYear: null,
  hasResidenceCertificate: false,
};

describe("withholding on payouts (terms, section 8)", () => {
  it("withholds IRPF from Spanish-resident individuals at their rate", () => {
    expect(withholdingFor(spanish, at)).toMatchObject({ kind: "irpf", percent: 15 });
    expect(withholdingFor({ ...spanish, irpfPercent: 7, irpfActivityStartYear: 2024 }, at)).toMatchObject({ kind: "irpf", percent: 7 });
  });

  it("goes back to 15% once a new activity's three years are over", () => {
    expect(withholdingFor({ ...spanish, irpfPercent: 7, irpfActivityStartYear: 2024 }, new Date("2026-12-31T23:00:00Z"))).toMatchObject({ percent: 7 });
    expect(withholdingFor({ ...spanish, irpfPercent: 7, irpfActivityStartYear: 2024 }, new Date("2027-01-01T00:00:00Z"))).toMatchObject({
      kind: "irpf",
      percent: 15,
    });
  });

  it("withholds nothing from companies resident in Spain", () => {
    expect(withholdingFor({ ...spanish, entityType: "company", irpfPercent: null }, at)).toMatchObject({ kind: "none", percent: 0 });
  });

  it("withholds non-resident income tax without a certificate: 19% in the EU and EEA, 24% elsewhere", () => {
    const nonResident = { ...spanish, irpfPercent: null };
    expect(withholdingFor({ ...nonResident, taxResidenceCountry: "FR" }, at)).toMatchObject({ kind: "irnr", percent: 19 });
    expect(withholdingFor({ ...nonResident, taxResidenceCountry: "NO" }, at)).toMatchObject({ kind: "irnr", percent: 19 });
    expect(withholdingFor({ ...nonResident, taxResidenceCountry: "US" }, at)).toMatchObject({ kind: "irnr", percent: 24 });
    expect(withholdingFor({ ...nonResident, taxResidenceCountry: "GB", entityType: "company" }, at)).toMatchObject({ kind: "irnr", percent: 24 });
  });

  it("withholds nothing from a non-resident with a certificate of tax residence on file", () => {
    expect(withholdingFor({ ...spanish, irpfPercent: null, taxResidenceCountry: "US", hasResidenceCertificate: true }, at)).toMatchObject({
      kind: "none",
      percent: 0,
    });
  });
});
