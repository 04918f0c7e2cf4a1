import { describe, expect, it } from "vitest";
import type { CompanyInfo } from "~/modules/legal/company";
import { legalDocument, type LegalSlug } from "~/modules/legal/documents";
import type { Plans } from "~/modules/memberships/plans";
import {
  APPLICATION_MESSAGES,
  CREATOR_TERMS_VERSIONS,
  MAX_APPLICATION_BYTES,
  NEED_FILE_OR_LINK,
  creatorTermsSchema,
  isApplicationLink,
  looksLikePdf,
  onboardingUploadSchema,
} from "./application-rules";

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

const file = (size: number, name = "map.pdf") => ({ size, name });
const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues.map((i) => i.message) ?? [];

describe("creator application rules", () => {
  it("names each accepted document by its /info page and the version that page shows", () => {
    for (const value of Object.values(CREATOR_TERMS_VERSIONS)) {
      const [slug, version] = value.split("@");
      expect(legalDocument(slug as LegalSlug, company, plans).version).toBe(version);
    }
  });

  it("accepts shared Google Maps list links only", () => {
    expect(isApplicationLink("https://maps.app.goo.gl/1234")).toBe(true);
    expect(isApplicationLink("https://maps.app.goo.gl/AbC9xYz?g_st=ic")).toBe(true);
    for (const bad of [
      "https://maps.app.goo.gl/",
      "http://maps.app.goo.gl/1234",
      "javascript:alert(1)//https://maps.app.goo.gl/1234",
      "https://maps.app.goo.gl.evil.example/1234",
      "https://maps.app.goo.gl/12 34",
      'https://maps.app.goo.gl/1234"><script>',
      "https://google.com/maps/1234",
    ]) {
      expect(isApplicationLink(bad), bad).toBe(false);
    }
  });

  it("knows a PDF by its first four bytes", () => {
    expect(looksLikePdf(new TextEncoder().encode("%PDF-1.7\n"))).toBe(true);
    expect(looksLikePdf(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBe(false);
    expect(looksLikePdf(new Uint8Array([]))).toBe(false);
  });

  it("needs a file or a link, with the spec's message", () => {
    expect(messages(onboardingUploadSchema.safeParse({}))).toEqual([NEED_FILE_OR_LINK]);
    expect(messages(onboardingUploadSchema.safeParse({ url: "  ", file: file(0, "") }))).toEqual([NEED_FILE_OR_LINK]);
    expect(onboardingUploadSchema.safeParse({ url: "https://maps.app.goo.gl/1234" }).success).toBe(true);
    expect(onboardingUploadSchema.safeParse({ file: file(1000) }).success).toBe(true);
  });

  it("refuses an empty or too large file and a wrong link", () => {
    expect(messages(onboardingUploadSchema.safeParse({ file: file(0) }))).toContain(APPLICATION_MESSAGES.FILE_EMPTY);
    expect(messages(onboardingUploadSchema.safeParse({ file: file(MAX_APPLICATION_BYTES + 1) }))).toContain(APPLICATION_MESSAGES.FILE_TOO_LARGE);
    expect(messages(onboardingUploadSchema.safeParse({ url: "javascript:alert(1)" }))).toContain(APPLICATION_MESSAGES.BAD_LINK);
  });

  it("needs all three terms accepted (a form's 'on' or JSON's true)", () => {
    expect(creatorTermsSchema.safeParse({ termsAccepted: "on", copyrightAccepted: "on", compensationAccepted: "on" }).success).toBe(true);
    expect(creatorTermsSchema.safeParse({ termsAccepted: true, copyrightAccepted: true, compensationAccepted: true }).success).toBe(true);
    const missing = creatorTermsSchema.safeParse({ termsAccepted: true, copyrightAccepted: false });
    expect(messages(missing)).toEqual([APPLICATION_MESSAGES.TERMS_REQUIRED, APPLICATION_MESSAGES.TERMS_REQUIRED]);
  });
});
