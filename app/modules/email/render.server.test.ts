import { describe, expect, it } from "vitest";
import { extractLinks } from "./links";
import { renderEmail } from "./render.server";
import { type EmailMessage, TEMPLATE_NAMES } from "./templates";

const brand = { productName: "Spotfolio", infoEmail: "info@spotfolio.app" };
const url = "https://spotfolio.app/api/auth/verify?token=abc&callbackURL=%2Fconfirm";

const examples: EmailMessage[] = [
  { to: "ana@example.com", template: "verify-email", payload: { url } },
  { to: "ana@example.com", template: "magic-link", payload: { url } },
  { to: "ana@example.com", template: "reset-password", payload: { url } },
  { to: "ana@example.com", template: "change-email", payload: { url, newEmail: "new@example.com" } },
  { to: "ana@example.com", template: "invitation", payload: { url } },
  { to: "ana@example.com", template: "creator-application-received", payload: { accountUrl: url, reviewTime: "5 working days" } },
  {
    to: "admin@example.com",
    template: "creator-application-new",
    payload: { applicant: "Ana", applicantEmail: "ana@example.com", reviewUrl: url, hasFile: true, link: "https://maps.app.goo.gl/abc" },
  },
  { to: "ana@example.com", template: "creator-approved", payload: { studioUrl: url } },
  { to: "ana@example.com", template: "creator-rejected", payload: { reason: "Fewer than 30 spots", accountUrl: url } },
  { to: "ana@example.com", template: "account-suspended", payload: { reason: "Spam in every post", contactUrl: url } },
  { to: "ana@example.com", template: "account-restored", payload: { signInUrl: url } },
  { to: "ana@example.com", template: "creator-approval-undone", payload: { reason: "The maps were copied", accountUrl: url } },
  {
    to: "ana@example.com",
    template: "moderation-takedown",
    payload: {
      kind: "map",
      name: "Tapas in Seville",
      groundKind: "terms",
      ground: "Not genuine",
      section: "3. Content standards",
      facts: "Copied from another creator's map",
      automated: false,
      decidedOn: "26 November 2026",
      appealBy: "26 May 2027",
      noticesUrl: url,
    },
  },
  {
    to: "ana@example.com",
    template: "moderation-decision",
    payload: { kind: "map", name: "Tapas in Seville", decision: "upheld", appealed: true, note: "The copy is plain", noticesUrl: url },
  },
  {
    to: "reporter@example.com",
    template: "report-outcome",
    payload: {
      kind: "map",
      name: "Tapas in Seville",
      reason: "Spam or misleading",
      reportedOn: "26 November 2026",
      outcome: "taken-down",
      ground: "Creator Terms: Not genuine",
      url,
      urlLabel: "Read the Creator Terms",
    },
  },
  {
    to: "ana@example.com",
    template: "collab-brief-new",
    payload: { title: "Lisbon food guide", fee: "€1,500", dueDate: "2026-12-31", destination: "Lisbon", briefUrl: url },
  },
  { to: "ana@example.com", template: "collab-brief-status", payload: { title: "Lisbon food guide", status: "Paid", message: null, briefUrl: url } },
  {
    to: "admin@example.com",
    template: "collab-brief-answer",
    payload: { creator: "@ana", title: "Lisbon food guide", status: "Accepted", message: "Happy to", briefUrl: url },
  },
  {
    to: "ana@example.com",
    template: "membership-confirmed",
    payload: {
      tier: "premium",
      creatorName: null,
      billing: "monthly",
      price: "€5 per month, VAT included",
      trialEndsOn: "2 January 2027",
      nextCharge: { amount: "€5", on: "2 January 2027" },
      accountUrl: url,
      testMode: false,
    },
  },
  {
    to: "ana@example.com",
    template: "trial-ending",
    payload: {
      plan: "Premium",
      trialEndsOn: "2 January 2027",
      amount: "€5",
      price: "€5 per month, VAT included",
      every: "month",
      accountUrl: url,
      testMode: false,
    },
  },
  {
    to: "creator@example.com",
    template: "new-supporter",
    payload: {
      supporterName: "Ana",
      billing: "monthly",
      price: "€10 per month, VAT included",
      trialEndsOn: "2 January 2027",
      supportersUrl: url,
      preferencesUrl: "https://spotfolio.app/account/emails",
    },
  },
  {
    to: "creator@example.com",
    template: "payout-details-change",
    payload: { url, newAccount: "ES •••• 1332", oldAccount: "FR •••• 0189", holderName: "Ana García", hours: 24, holdDays: 5 },
  },
  {
    to: "creator@example.com",
    template: "payout-sent",
    payload: {
      month: "November 2026",
      amount: "€100.00",
      withheld: "€15.00",
      withholdingReason: "IRPF at the general 15% rate",
      net: "€85.00",
      account: "ES •••• 1332",
      executionDate: "20 December 2026",
      reference: "Spotfolio payout 2026-11",
      payoutsUrl: url,
    },
  },
];

describe("email templates", () => {
  it("covers every template", () => {
    expect(examples.map((m) => m.template).sort()).toEqual([...TEMPLATE_NAMES].sort());
  });

  it.each(examples)("$template: subject, HTML with the link, text with the url", (message) => {
    const { subject, html, text } = renderEmail(message, brand);
    expect(subject.length).toBeGreaterThan(5);
    expect(html.startsWith('<!DOCTYPE html><html lang="en"')).toBe(true);
    expect(html).toContain(`<title>${subject}</title>`);
    // The call to action is a real link to the url (ampersands escaped in the attribute).
    expect(html).toContain(`href="${url.replace(/&/g, "&amp;")}"`);
    expect(extractLinks(html)[0]).toBe(url);
    expect(text).toContain(url);
    expect(text).toContain("Spotfolio");
    expect(text).toContain("info@spotfolio.app");
    expect(text).not.toMatch(/<[a-z]/i);
    expect(html).toContain('href="mailto:info@spotfolio.app"');
  });

  it("uses the product name it is given", () => {
    const { subject, html, text } = renderEmail(
      { to: "a@b.co", template: "verify-email", payload: { url } },
      { productName: "Mapsy", infoEmail: "hi@mapsy.io" },
    );
    expect(subject).toBe("Confirm your email for Mapsy");
    expect(html).toContain("Mapsy");
    expect(html).not.toContain("Spotfolio");
    expect(text).toContain("hi@mapsy.io");
  });

  it("says what each email is for", () => {
    const render = (m: EmailMessage) => renderEmail(m, brand);
    expect(render(examples[0]).text).toContain("Confirm your email");
    expect(render(examples[1]).subject).toBe("Your Spotfolio sign-in link");
    expect(render(examples[2]).subject).toBe("Reset your Spotfolio password");
    const change = render(examples[3]);
    expect(change.text).toContain("new@example.com");
    expect(change.html).toContain("<strong>new@example.com</strong>");
    expect(render(examples[4]).text).toContain("Set your password");
  });

  it("escapes payload values in HTML", () => {
    const { html, text } = renderEmail(
      { to: "a@b.co", template: "change-email", payload: { url: 'https://x.test/?a="><script>', newEmail: "<b>x</b>@evil.test" } },
      brand,
    );
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<b>x</b>");
    expect(text).toContain("<b>x</b>@evil.test");
  });
});
