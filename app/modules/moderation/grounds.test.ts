import { describe, expect, it } from "vitest";
import { legalDocument } from "~/modules/legal/documents";
import type { CompanyInfo } from "~/modules/legal/company";
import type { Plans } from "~/modules/memberships/plans";
import { appealDeadlineFrom, GROUNDS, groundLabel } from "./grounds";

const company: CompanyInfo = {
  productName: "Spotfolio",
  legalName: "Spotfolio Maps, S.L.",
  address: "Calle de Alcalá 123, 28009 Madrid, Spain",
  taxId: "B12345678",
  registry: "Registro Mercantil de Madrid",
  infoEmail: "hello@spotfolio.test",
  privacyEmail: "privacy@spotfolio.test",
  publicUrl: "https://spotfolio.test",
};
const plans: Plans = {
  premium: { month: { priceId: "p_m", amountCents: 500 }, year: { priceId: "p_y", amountCents: 4800 } },
  supporter: { month: { priceId: "s_m", amountCents: 1000 }, year: { priceId: "s_y", amountCents: 10000 } },
};

describe("the grounds of a takedown", () => {
  it("each rests on a section the Creator Terms really have, and is a ground of law or of the terms", () => {
    const headings = legalDocument("creator-terms", company, plans).sections.map((s) => s.heading);
    for (const ground of GROUNDS) {
      expect(headings).toContain(ground.section);
      expect(["law", "terms"]).toContain(ground.kind);
    }
    expect(new Set(GROUNDS.map((g) => g.key)).size).toBe(GROUNDS.length);
    expect(GROUNDS.some((g) => g.kind === "law") && GROUNDS.some((g) => g.kind === "terms")).toBe(true);
    expect(groundLabel(GROUNDS[0])).toBe("Law: Illegal content (Creator Terms, section 3. Content standards)");
  });

  it("leaves six months to appeal (DSA art. 20), month ends included", () => {
    expect(appealDeadlineFrom(new Date("2026-11-26T10:00:00Z"))).toEqual(new Date("2027-05-26T10:00:00Z"));
    expect(appealDeadlineFrom(new Date("2026-08-31T00:00:00Z")).getTime()).toBeGreaterThanOrEqual(new Date("2027-02-28T00:00:00Z").getTime());
  });
});
