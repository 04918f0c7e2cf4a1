import { describe, expect, it } from "vitest";
import type { Plans } from "~/modules/memberships/plans";
import { MIN_SPOTS_TO_PUBLISH } from "~/modules/spots/publishing-rules";
import type { CompanyInfo } from "./company";
import { creatorFaq } from "./creator-faq";
import { legalDocument, type LegalSlug } from "./documents";

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

/** The default configuration's prices (Premium €5/€48, Supporter €10/€100). */
const plans: Plans = {
  premium: { month: { priceId: "p_m", amountCents: 500 }, year: { priceId: "p_y", amountCents: 4800 } },
  supporter: { month: { priceId: "s_m", amountCents: 1000 }, year: { priceId: "s_y", amountCents: 10000 } },
};

const text = (slug: LegalSlug) =>
  legalDocument(slug, company, plans)
    .sections.flatMap((s) => [...s.paragraphs, ...(s.list ?? [])])
    .join("\n");

describe("the Creator FAQ", () => {
  const faq = creatorFaq(company, plans);

  it("answers review, the spot minimum, visibility, earnings, payouts, taxes and leaving", () => {
    expect(faq.map((e) => e.id)).toEqual(["review", "thirty-spots", "visibility", "earnings", "payouts", "taxes", "stop"]);
  });

  it("quotes every source word for word from the published terms", () => {
    for (const entry of faq) {
      expect(entry.sources.length).toBeGreaterThan(0);
      for (const source of entry.sources) expect(text(source.slug)).toContain(source.quote);
    }
  });

  it("states the same numbers as the terms", () => {
    const all = faq.flatMap((e) => e.answer).join("\n");
    expect(all).toContain(`at least ${MIN_SPOTS_TO_PUBLISH} published spots`);
    expect(all).toContain("The minimum payout is EUR 50");
    expect(text("creator-compensation")).toContain("at least EUR 50");
    for (const figure of ["70%", "50%", "20th", "10th", "15%", "7%"]) {
      expect(all).toContain(figure);
      expect(text("creator-compensation")).toContain(figure);
    }
  });
});
