import { describe, it, expect } from "vitest";
import { OWN_COOKIES, setCookie } from "~/modules/analytics/cookies.server";
import { SESSION_COOKIE, SESSION_MAX_AGE_SECONDS } from "~/modules/auth/session-cookie";
import type { Plans } from "~/modules/memberships/plans";
import type { CompanyInfo } from "./company";
import { isLegalSlug, legalDocument, legalSlugs, type LegalDocument } from "./documents";

const company: CompanyInfo = {
  productName: "Spotfolio",
  legalName: "Spotfolio Maps, S.L.",
  address: "Calle de Alcalá 123, 28009 Madrid, Spain",
  taxId: "B12345678",
  registry: "Registro Mercantil de Madrid, Tomo 45123, Folio 17, Hoja M-801234, Inscripción 1ª",
  infoEmail: "hello@spotfolio.test",
  privacyEmail: "privacy@spotfolio.test",
  publicUrl: "https://spotfolio.test",
};

/** The default configuration's prices (Premium €5/€48, Supporter €10/€100). */
const plans: Plans = {
  premium: { month: { priceId: "p_m", amountCents: 500 }, year: { priceId: "p_y", amountCents: 4800 } },
  supporter: { month: { priceId: "s_m", amountCents: 1000 }, year: { priceId: "s_y", amountCents: 10000 } },
};

const titles = {
  "legal-notice": "Legal Notice",
  "privacy-policy": "Privacy Policy",
  "cookie-policy": "Cookie Policy",
  copyright: "Copyright Policy",
  "creator-terms": "Creator Terms",
  "creator-compensation": "Creator Compensation",
} as const;

function allText(doc: LegalDocument): string {
  return [doc.title, doc.intro, ...doc.sections.flatMap((s) => [s.heading, ...s.paragraphs, ...(s.list ?? [])])].join("\n");
}

describe("legalSlugs", () => {
  it("lists the six documents in footer order", () => {
    expect(legalSlugs).toEqual(["legal-notice", "privacy-policy", "cookie-policy", "copyright", "creator-terms", "creator-compensation"]);
  });
});

describe("isLegalSlug", () => {
  it("accepts every known slug", () => {
    for (const slug of legalSlugs) expect(isLegalSlug(slug)).toBe(true);
  });

  it("rejects unknown values", () => {
    expect(isLegalSlug("foo")).toBe(false);
    expect(isLegalSlug("")).toBe(false);
    expect(isLegalSlug("Legal-Notice")).toBe(false);
    expect(isLegalSlug("toString")).toBe(false);
  });
});

describe.each(legalSlugs)("legalDocument(%s)", (slug) => {
  const doc = legalDocument(slug, company, plans);
  const text = allText(doc);

  it("has its slug, title, version and effective date", () => {
    expect(doc.slug).toBe(slug);
    expect(doc.title).toBe(titles[slug]);
    expect(doc.version).toBe("1.0");
    expect(doc.effectiveDate).toBe("2026-11-01");
    expect(doc.intro.trim().length).toBeGreaterThan(0);
  });

  it("has at least 4 sections, each with a heading and content", () => {
    expect(doc.sections.length).toBeGreaterThanOrEqual(4);
    for (const section of doc.sections) {
      expect(section.heading.trim()).not.toBe("");
      expect(section.paragraphs.length).toBeGreaterThan(0);
    }
  });

  it("has no empty paragraphs or list items", () => {
    for (const section of doc.sections) {
      for (const paragraph of section.paragraphs) expect(paragraph.trim()).not.toBe("");
      for (const item of section.list ?? []) expect(item.trim()).not.toBe("");
      if (section.list) expect(section.list.length).toBeGreaterThan(0);
    }
  });

  it("contains no filler words, unfilled template markers or HTML", () => {
    expect(text).not.toMatch(/\blorem\b/i);
    expect(text).not.toMatch(/\btodo\b/i);
    expect(text).not.toMatch(/placeholder/i);
    expect(text).not.toMatch(/undefined|\$\{|\{\{/);
    expect(text).not.toMatch(/<\/?(p|a|b|i|br|ul|li|strong|em|div|span)\b/i);
  });

  it("names the operator", () => {
    expect(text).toContain(company.legalName);
  });
});

describe("legal notice", () => {
  const text = allText(legalDocument("legal-notice", company, plans));

  it("contains the LSSI-CE article 10 information", () => {
    expect(text).toContain(company.legalName);
    expect(text).toContain(company.address);
    expect(text).toContain(company.taxId);
    expect(text).toContain(company.registry);
    expect(text).toContain(company.infoEmail);
    expect(text).toContain(company.publicUrl);
  });

  it("states Spanish law as applicable", () => {
    expect(text).toMatch(/Spanish law/);
  });
});

describe("privacy policy", () => {
  const text = allText(legalDocument("privacy-policy", company, plans));

  it("mentions the AEPD and the privacy email", () => {
    expect(text).toContain("AEPD");
    expect(text).toContain("www.aepd.es");
    expect(text).toContain(company.privacyEmail);
  });

  it("cites the legal bases and the processors", () => {
    for (const basis of ["6(1)(a)", "6(1)(b)", "6(1)(c)", "6(1)(f)"]) expect(text).toContain(basis);
    for (const name of ["Stripe", "PostHog", "Google", "Facebook", "Standard Contractual Clauses"]) {
      expect(text).toContain(name);
    }
  });
});

describe("cookie policy", () => {
  const text = allText(legalDocument("cookie-policy", company, plans));

  it("describes the session, tracking and payment cookies", () => {
    expect(text).toMatch(/400 days/);
    expect(text).toMatch(/HttpOnly/);
    expect(text).toContain("__stripe_mid");
    expect(text).toMatch(/PostHog/);
  });
});

describe("the cookie policy against the cookies the app sets", () => {
  const policy = legalDocument("cookie-policy", company, plans);
  /** The entries of a section that name a first-party cookie: "<name> — first-party — …" or "<name> (…) — first-party — …". */
  function namedCookies(heading: RegExp): Map<string, string> {
    const list = policy.sections.find((s) => heading.test(s.heading))?.list ?? [];
    return new Map(
      list.flatMap((item): [string, string][] => {
        const named = /^(\S+) (?:\([^)]*\) )?— first-party/.exec(item);
        return named ? [[named[1], item]] : [];
      }),
    );
  }

  /** Like the .env.example check: what the browser is told (Set-Cookie) is what the policy says, no more, no less. */
  it("names every cookie of ours and the session cookie, with the lifetime the browser receives, and no other", async () => {
    const necessary = new Map([[SESSION_COOKIE, SESSION_MAX_AGE_SECONDS]]);
    const analytics = new Map<string, number>();
    for (const { cookie, category } of OWN_COOKIES) {
      const maxAge = Number(/Max-Age=(\d+)/.exec(await setCookie(cookie, "x", false))?.[1]);
      (category === "analytics" ? analytics : necessary).set(cookie.name, maxAge);
    }
    for (const [heading, expected] of [
      [/Strictly necessary/, necessary],
      [/Analytics cookies/, analytics],
    ] as const) {
      const stated = namedCookies(heading);
      expect([...stated.keys()].sort(), String(heading)).toEqual([...expected.keys()].sort());
      for (const [name, maxAge] of expected) expect(stated.get(name)).toContain(`${maxAge / 86_400} days`);
    }
  });
});

describe("creator documents", () => {
  it("creator terms require a map of at least 30 spots", () => {
    expect(allText(legalDocument("creator-terms", company, plans))).toMatch(/at least 30 spots/);
  });

  it("creator compensation states the shares and payout minimum", () => {
    const text = allText(legalDocument("creator-compensation", company, plans));
    expect(text).toContain("70%");
    expect(text).toContain("50%");
    expect(text).toContain("EUR 50");
    expect(text).toContain("DAC7");
  });

  it("creator compensation works its examples to the cent", () => {
    const text = allText(legalDocument("creator-compensation", company, plans));
    expect(text).toContain(
      "Example: a Supporter in Spain pays EUR 10.00 for a month. Spanish VAT at 21% is EUR 1.74, leaving EUR 8.26. If the Stripe fee for that payment is EUR 0.40, net revenue is EUR 7.86, and your share is 70% of that, EUR 5.50.",
    );
    expect(text).toContain(
      "If net Premium revenue for a month is EUR 20,000, the pool is EUR 10,000. If your content earned 3,000 of the 150,000 engagement points counted across all creators (2%), your pool earnings for that month are EUR 200.",
    );
    expect(text).toContain("1 point for each of your spots viewed by a paying member");
    expect(text).toContain("3 points for each of your maps or spots bookmarked");
    expect(text).toContain("a maximum of 100 points per paying member per creator per month");
  });
});

describe("plan prices", () => {
  it("are the configured ones, wherever a document states them, with the plans' trial", () => {
    expect(allText(legalDocument("legal-notice", company, plans))).toContain(
      "Users can subscribe to Premium (EUR 5 per month or EUR 48 per year) or support a specific creator as a Supporter (EUR 10 per month or EUR 100 per year).",
    );
    expect(allText(legalDocument("legal-notice", company, plans))).toContain("Each subscription starts with a 30-day free trial, then renews automatically");
    expect(allText(legalDocument("creator-compensation", company, plans))).toContain("The 30-day free trial generates no revenue");
    const dearer: Plans = {
      premium: { month: { ...plans.premium.month, amountCents: 599 }, year: { ...plans.premium.year, amountCents: 5900 } },
      supporter: { month: { ...plans.supporter.month, amountCents: 1250 }, year: { ...plans.supporter.year, amountCents: 120000 } },
    };
    expect(allText(legalDocument("legal-notice", company, dearer))).toContain(
      "Premium (EUR 5.99 per month or EUR 59 per year) or support a specific creator as a Supporter (EUR 12.50 per month or EUR 1,200 per year)",
    );
    const terms = allText(legalDocument("creator-compensation", company, dearer));
    expect(terms).toContain("(EUR 12.50 per month or EUR 1,200 per year, VAT included)");
    expect(terms).toContain("(EUR 5.99 per month or EUR 59 per year, VAT included)");
  });
});

describe("interpolation", () => {
  it("uses the given company details, not built-in ones", () => {
    const other: CompanyInfo = { ...company, legalName: "Otra Empresa, S.L.", publicUrl: "https://maps.example/" };
    const doc = legalDocument("copyright", other, plans);
    const text = allText(doc);
    expect(text).toContain("Otra Empresa, S.L.");
    expect(text).not.toContain(company.legalName);
    expect(text).toContain("https://maps.example/info/creator-terms");
  });
});
