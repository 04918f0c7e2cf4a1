import { OWN_COOKIES, type CookieCategory } from "~/modules/analytics/index.server";
import { SESSION_COOKIE, SESSION_MAX_AGE_SECONDS } from "~/modules/auth";
import { TRIAL_DAYS, type Plans } from "~/modules/memberships";
import {
  CREATOR_SUPPORTER_SHARE_PERCENT,
  IRPF_GENERAL_PERCENT,
  IRPF_NEW_ACTIVITY_PERCENT,
  MAX_POINTS_PER_MEMBER_PER_CREATOR,
  PAYOUT_DAY_OF_MONTH,
  PAYOUT_MINIMUM,
  POINTS_PER_BOOKMARK,
  POINTS_PER_SPOT_VIEW,
  PREMIUM_POOL_SHARE_PERCENT,
  STATEMENT_DAY_OF_MONTH,
  cents,
  formatEuros,
  formatPercent as percent,
  ordinalDay,
  percentOf,
  shareOf,
  type Cents,
} from "~/modules/money";
import { MIN_SPOTS_TO_PUBLISH } from "~/modules/spots";
import { plural } from "~/lib/plural";
import type { CompanyInfo } from "./company";

export type LegalSlug = "legal-notice" | "privacy-policy" | "cookie-policy" | "copyright" | "creator-terms" | "creator-compensation";

export interface LegalSection {
  heading: string;
  paragraphs: string[];
  list?: string[];
}

export interface LegalDocument {
  slug: LegalSlug;
  title: string;
  version: string;
  effectiveDate: string;
  intro: string;
  sections: LegalSection[];
}

/** Footer order. */
export const legalSlugs: LegalSlug[] = ["legal-notice", "privacy-policy", "cookie-policy", "copyright", "creator-terms", "creator-compensation"];

export function isLegalSlug(value: string): value is LegalSlug {
  return (legalSlugs as string[]).includes(value);
}

const VERSION = "1.0";
const EFFECTIVE_DATE = "2026-11-01";
const EFFECTIVE_DATE_LONG = "1 November 2026";

/*
 * Facts about the running app that the documents state. Cookie names and
 * lifetimes come from the code that sets them (documents.test.ts holds the
 * cookie policy equal to it), prices from the configured plans, and the
 * compensation figures from modules/money, so no number here is typed twice.
 */
const CREATOR_SUPPORTER_SHARE = percent(CREATOR_SUPPORTER_SHARE_PERCENT);
const PLATFORM_SUPPORTER_SHARE = percent(100 - CREATOR_SUPPORTER_SHARE_PERCENT);
const PREMIUM_POOL_SHARE = percent(PREMIUM_POOL_SHARE_PERCENT);
const PLATFORM_PREMIUM_SHARE = percent(100 - PREMIUM_POOL_SHARE_PERCENT);

/** Amounts as the documents write them: "EUR 50". */
const eur = (amount: Cents) => formatEuros(amount, { currency: "code" });
/** Amounts in the worked examples, to the cent: "EUR 10.00". */
const eurExact = (amount: Cents) => formatEuros(amount, { currency: "code", decimals: "always" });
const count = (n: number) => n.toLocaleString("en-GB");

/** "EUR 5 per month or EUR 48 per year" for a tier's configured prices. */
function prices(plans: Plans, tier: keyof Plans): string {
  return `${eur(cents(plans[tier].month.amountCents))} per month or ${eur(cents(plans[tier].year.amountCents))} per year`;
}

/*
 * The worked examples of sections 2 and 4. Their inputs (a payment in Spain, its
 * VAT and fee; a month's Premium revenue and points) are illustrations; what
 * the creator earns from them is computed with the rules, so the example
 * follows any change of the shares.
 */
const SUPPORTER_EXAMPLE = { gross: cents(10_00), vatPercent: 21, vat: cents(1_74), fee: cents(40) };
const POOL_EXAMPLE = { netPremium: cents(20_000_00), points: 3_000, totalPoints: 150_000 };

const TITLES: Record<LegalSlug, string> = {
  "legal-notice": "Legal Notice",
  "privacy-policy": "Privacy Policy",
  "cookie-policy": "Cookie Policy",
  copyright: "Copyright Policy",
  "creator-terms": "Creator Terms",
  "creator-compensation": "Creator Compensation",
};

type Body = Pick<LegalDocument, "intro" | "sections">;

/** A document as published: the company's details and the configured plan prices written in. */
export function legalDocument(slug: LegalSlug, company: CompanyInfo, plans: Plans): LegalDocument {
  const body = BUILDERS[slug](company, plans);
  return {
    slug,
    title: TITLES[slug],
    version: VERSION,
    effectiveDate: EFFECTIVE_DATE,
    intro: body.intro,
    sections: body.sections,
  };
}

const BUILDERS: Record<LegalSlug, (c: CompanyInfo, plans: Plans) => Body> = {
  "legal-notice": legalNotice,
  "privacy-policy": privacyPolicy,
  "cookie-policy": cookiePolicy,
  copyright: copyrightPolicy,
  "creator-terms": creatorTerms,
  "creator-compensation": creatorCompensation,
};

/** Absolute link to another legal page, as plain text. */
function page(c: CompanyInfo, slug: LegalSlug): string {
  return `${c.publicUrl.replace(/\/+$/, "")}/info/${slug}`;
}

// ---------------------------------------------------------------------------
// Legal Notice (Aviso Legal)
// ---------------------------------------------------------------------------

function legalNotice(c: CompanyInfo, plans: Plans): Body {
  const p = c.productName;
  return {
    intro: `This Legal Notice identifies the operator of ${p} and sets out the general conditions for using the website ${c.publicUrl} and its related services. It is provided in compliance with article 10 of Spanish Law 34/2002 of 11 July on Information Society Services and Electronic Commerce (LSSI-CE). By browsing or using ${p} you accept these conditions.`,
    sections: [
      {
        heading: "1. Who operates this website",
        paragraphs: [
          `${p} is owned and operated by ${c.legalName}, a Spanish private limited company (Sociedad Limitada). In this notice and in our other legal documents, "${p}", "we", "us" and "our" refer to ${c.legalName}.`,
        ],
        list: [
          `Company name: ${c.legalName}`,
          `Registered office: ${c.address}`,
          `Tax identification number (NIF): ${c.taxId}`,
          `Registration: ${c.registry}`,
          `Contact email: ${c.infoEmail}`,
          `Data protection contact: ${c.privacyEmail}`,
          `Website: ${c.publicUrl}`,
        ],
      },
      {
        heading: "2. What the service is",
        paragraphs: [
          `${p} is an online platform on which creators publish curated maps of places they recommend ("spots"). Visitors can browse, search and discover maps, spots, creators and destinations; signed-in users can bookmark maps and spots, keep them in a personal Atlas and follow creators.`,
          `Users can subscribe to Premium (${prices(plans, "premium")}) or support a specific creator as a Supporter (${prices(plans, "supporter")}). All prices are in euros and include VAT. Each subscription starts with a ${TRIAL_DAYS}-day free trial, then renews automatically at the end of every billing period until cancelled. You can cancel at any time from your account; cancellation takes effect at the end of the period already paid, or at the end of the trial if you cancel during it, in which case you are not charged.`,
          `If you are a consumer you have the right to withdraw from a subscription within 14 calendar days of subscribing, without giving any reason, under article 102 of the Spanish consumer protection law (Royal Legislative Decree 1/2007). Because every new subscription starts with a ${TRIAL_DAYS}-day free trial, cancelling during the trial has the same effect and costs nothing. If a subscription starts without a trial (for example because you have already used one), you can withdraw within 14 days by writing to ${c.infoEmail} and you will be refunded, less a proportionate amount for the days of service you expressly asked to receive before withdrawing.`,
        ],
      },
      {
        heading: "3. Conditions of use",
        paragraphs: [
          `You may use ${p} only for lawful purposes and in accordance with this notice and our other legal documents. Some features require an account. You must be at least 16 years old to create an account, and you must have full legal capacity (or the authorisation of a parent or guardian) to buy a subscription. You are responsible for keeping your password confidential and for the activity under your account.`,
          `When using ${p} you agree not to:`,
        ],
        list: [
          "break any law or infringe the rights of others, including intellectual property, privacy and image rights;",
          "copy, scrape, harvest or republish maps, spots, photos or other content in bulk, or use automated means to access the service other than through interfaces we publish for that purpose;",
          "share, resell or publicly republish members-only (Premium or Supporter) content, or share your account credentials with others;",
          "attempt to gain unauthorised access to accounts, systems or data, probe or test the vulnerability of the service, or interfere with its security or operation;",
          "upload malware, or send spam, unsolicited advertising or chain messages;",
          "post content that is defamatory, hateful, harassing, violent, sexually explicit, misleading or that endangers the safety of others;",
          "create fake accounts, impersonate any person, or generate artificial views, bookmarks, follows or subscriptions.",
        ],
      },
      {
        heading: "4. Content and intellectual property",
        paragraphs: [
          `The ${p} name, logo, software, design, page layout and the selection and arrangement of the service are owned by ${c.legalName} or its licensors and are protected by intellectual and industrial property law. Maps, spots, texts and photos published by creators belong to them or to their licensors and are made available on ${p} under a licence. Nothing on the website grants you any right over that material beyond viewing it for your personal, non-commercial use through the service.`,
          `The rules for creator content and for reporting infringements are in our Copyright Policy (${page(c, "copyright")}) and, for creators, the Creator Terms (${page(c, "creator-terms")}).`,
        ],
      },
      {
        heading: "5. Recommendations, third-party places and links",
        paragraphs: [
          `Maps and spots reflect the personal opinions of the creators who publish them. Places change: opening hours, prices, accessibility, safety and even the existence of a place can change without notice. Check the relevant information directly with the place or official sources before travelling or visiting, and use your own judgement about your safety. We do not operate, endorse or guarantee any place listed on ${p}.`,
          "The website may contain links to third-party websites and services, such as map providers or the websites of the places listed. We do not control them and are not responsible for their content, availability or privacy practices. Where we become aware that a linked site is unlawful, we will remove the link promptly.",
        ],
      },
      {
        heading: "6. Liability",
        paragraphs: [
          `We work to keep ${p} available, secure and accurate, but we cannot guarantee that the service will be uninterrupted or free of errors. We may suspend the service temporarily for maintenance, security or reasons beyond our control, and will try to give advance notice of planned interruptions where possible.`,
          `Creator content is hosted by us at the request of the creator. In accordance with article 16 of the LSSI-CE and the EU Digital Services Act (Regulation (EU) 2022/2065), we are not liable for that content unless we have actual knowledge that it is unlawful and fail to act promptly to remove it or disable access to it. You can report unlawful content to ${c.infoEmail}.`,
          `To the extent permitted by law, ${c.legalName} is not liable for indirect or consequential loss, or for damage caused by events beyond our reasonable control. Nothing in this notice excludes or limits liability that cannot be excluded or limited by law, including liability for wilful misconduct or gross negligence, for death or personal injury caused by negligence, or the rights you have as a consumer.`,
        ],
      },
      {
        heading: "7. Personal data and cookies",
        paragraphs: [
          `We process personal data as described in our Privacy Policy (${page(c, "privacy-policy")}) and use cookies as described in our Cookie Policy (${page(c, "cookie-policy")}).`,
        ],
      },
      {
        heading: "8. Contact and point of contact for the Digital Services Act",
        paragraphs: [
          `You can reach us at ${c.infoEmail} or by post at ${c.address}. This email address is also our single point of contact for users and for the authorities of the EU Member States and the European Commission under articles 11 and 12 of the Digital Services Act. You may write to us in English or Spanish.`,
        ],
      },
      {
        heading: "9. Applicable law and jurisdiction",
        paragraphs: [
          "This Legal Notice and your use of the website are governed by Spanish law.",
          `Any dispute will be submitted to the courts of the city of the registered office of ${c.legalName}. However, if you are a consumer, nothing in this clause deprives you of the protection of the mandatory provisions of the law of your country of habitual residence, and you may bring proceedings before the courts of your place of residence, which are also the courts before which we must bring any claim against you, as provided by Spanish and EU consumer protection law.`,
          `Consumers may also submit complaints to us at ${c.infoEmail}; we will reply within one month. You may contact the consumer affairs office (Oficina Municipal de Información al Consumidor) of your municipality or the consumer authority of your region for help with a dispute.`,
        ],
      },
      {
        heading: "10. Changes to this notice",
        paragraphs: [
          `We may update this notice to reflect changes in the law or in the service. The version and effective date are shown at the top of the page. This version (1.0) applies from ${EFFECTIVE_DATE_LONG}.`,
        ],
      },
    ],
  };
}

// ---------------------------------------------------------------------------
// Privacy Policy
// ---------------------------------------------------------------------------

function privacyPolicy(c: CompanyInfo): Body {
  const p = c.productName;
  return {
    intro: `This Privacy Policy explains how ${c.legalName} collects and uses personal data when you visit ${c.publicUrl}, create an account, subscribe, or publish as a creator on ${p}. We process personal data in accordance with the EU General Data Protection Regulation (Regulation (EU) 2016/679, "GDPR") and Spanish Organic Law 3/2018 of 5 December on the Protection of Personal Data and the Guarantee of Digital Rights ("LOPDGDD").`,
    sections: [
      {
        heading: "1. Data controller",
        paragraphs: [
          `The controller of your personal data is ${c.legalName}, NIF ${c.taxId}, with registered office at ${c.address}, registered in ${c.registry}.`,
          `For any question about this policy or to exercise your rights, write to ${c.privacyEmail}. General enquiries can be sent to ${c.infoEmail}.`,
        ],
      },
      {
        heading: "2. Personal data we process",
        paragraphs: ["Depending on how you use the service, we process the following categories of data:"],
        list: [
          "Account data: email address, a securely hashed password (we never store it in readable form), email verification status, and, if you sign in with Google or Facebook, the identifier, name, email address and profile picture that provider shares with us.",
          "Profile data: handle, display name, biography and profile picture, and whether you are a creator.",
          "Content: maps, spots, descriptions, photos, posts and other material you publish; bookmarks, your Atlas, the creators you follow and the spots you have recently viewed.",
          "Subscription and payment data: your plan (Premium or Supporter), the creator you support, billing interval, trial and renewal dates, payment status and invoices, and the Stripe customer and subscription identifiers. Card details are entered directly into a form provided by Stripe and go straight to Stripe; they never reach our servers. Stripe may share with us limited details such as card brand, country and the last four digits.",
          "Creator data: your creator application (the shared map link or file you submit), and, to pay you, your legal name, postal address, date of birth, tax identification number, tax residence, VAT status, bank account (IBAN) and the revenue statements and payout records we generate.",
          "Usage and analytics data: pages and items viewed, searches, bookmarks, follows, and the creator that led you to subscribe (attribution), linked to a random identifier stored in a first-party cookie and, when you are signed in, to your account. If optional product analytics with PostHog is enabled, also the events and session recordings described in section 5, with all form inputs and on-screen text masked.",
          "Technical data and logs: IP address, browser and device information (user agent), date and time of requests, request identifiers and error information, recorded in server logs and in the records of your active sign-in sessions.",
          "Records of acceptance: when you accept this Privacy Policy or the creator documents, we record your user identifier, the document version, the date and time, and the IP address from which you accepted, so that we can prove your acceptance.",
          "Communications: the messages you send us and our replies, and records of the service emails we send you.",
        ],
      },
      {
        heading: "3. Purposes and legal bases",
        paragraphs: ["We use your data only for the purposes below, each with the legal basis set out in article 6(1) GDPR:"],
        list: [
          "To create and run your account, sign you in, keep you signed in, and provide the features you use (publishing maps, bookmarks, Atlas, follows, search): performance of the contract with you, article 6(1)(b).",
          "To provide Premium and Supporter subscriptions, including the free trial, automatic renewals, cancellations, invoices and access to members-only content: performance of the contract, article 6(1)(b).",
          "To review creator applications, display creator profiles, calculate creator earnings and make payouts: performance of the contract with the creator, article 6(1)(b).",
          "To send service emails, such as email verification, sign-in links, password resets, receipts, renewal and trial reminders and important changes to the service: performance of the contract, article 6(1)(b).",
          "To keep accounting and tax records, issue invoices, apply tax withholdings, report creator income to the tax authorities (including DAC7 reporting where it applies), respond to requests from authorities, and keep records of acceptance of this policy: compliance with legal obligations, article 6(1)(c), under Spanish commercial and tax law and the GDPR's accountability principle.",
          "To measure how the service is used with the first-party tracking identifier and, if enabled, PostHog analytics and session recordings, in order to improve the product: your consent, article 6(1)(a), given through our cookie banner. You can withdraw it at any time.",
          "To measure engagement with creators' content (views and bookmarks by members) and attribute subscriptions to the creator who referred them, so that creator compensation is calculated fairly: our legitimate interest and that of our creators in a correct and verifiable revenue distribution, article 6(1)(f). This uses account-level activity within the service and aggregated results; it does not rely on analytics cookies you have refused.",
          "To keep the service secure, prevent fraud and abuse (including fake engagement and payment fraud), debug errors and defend legal claims: our legitimate interest in protecting the service, our users and ourselves, article 6(1)(f).",
          "To send you news about the service if you ask for it: your consent, article 6(1)(a), which you can withdraw with the link in every such email.",
        ],
      },
      {
        heading: "4. Whether you must provide your data",
        paragraphs: [
          "Data marked as required in our forms is needed to create an account, subscribe or be paid as a creator; without it we cannot provide that part of the service. Analytics is always optional. We do not make decisions based solely on automated processing that produce legal effects on you or similarly significantly affect you.",
        ],
      },
      {
        heading: "5. Recipients and processors",
        paragraphs: ["We do not sell your personal data. We share it only with the following recipients, to the extent each needs it:"],
        list: [
          "Hosting and infrastructure providers that run our servers, PostgreSQL database and file storage in the European Union, acting as our processors.",
          "Our email delivery provider, which sends service emails on our behalf through SMTP, acting as our processor.",
          "Stripe (Stripe Payments Europe, Limited, Ireland, and its affiliates), which processes payments, subscriptions and card data. Stripe acts as our processor for payment processing and as an independent controller for its own fraud prevention and legal obligations, as described at stripe.com/privacy.",
          "PostHog, Inc., our product analytics provider, only if product analytics is enabled and you have consented, acting as our processor.",
          "Google (Google Ireland Limited) or Meta (Meta Platforms Ireland Limited), only if you choose to sign in with a Google or Facebook account; they confirm your identity to us under their own privacy policies.",
          "Other users and the public: your profile (handle, display name, biography, picture) and the content you publish are visible to visitors. Members-only content is visible only to eligible members. If you support a creator, that creator can see your handle and supporter status.",
          "Tax authorities, courts, the police and other public authorities, where we are legally required to disclose data, and our professional advisers (lawyers, accountants, auditors) under a duty of confidentiality.",
        ],
      },
      {
        heading: "6. International transfers",
        paragraphs: [
          "We store our database in the European Union. Some of the providers above (for example Stripe, PostHog, Google and Meta, or their sub-processors) may access or store data outside the European Economic Area, in particular in the United States.",
          `Where that happens, the transfer is protected by an adequacy decision of the European Commission (including the EU-US Data Privacy Framework for certified companies) or by the European Commission's Standard Contractual Clauses together with additional safeguards where needed. You can obtain a copy of the relevant safeguards by writing to ${c.privacyEmail}.`,
        ],
      },
      {
        heading: "7. How long we keep your data",
        paragraphs: [
          "We keep personal data only as long as needed for the purpose for which it was collected, and then for any period required by law. When that period ends we delete or anonymise it. During a legal retention period, data is blocked as required by article 32 of the LOPDGDD: it is kept only to be made available to courts and competent authorities and is not used for any other purpose.",
        ],
        list: [
          "Account, profile and content: while your account exists. When you delete your account, we delete or anonymise this data within 30 days, except published content that other users have already copied into their own lists, which is then shown without your identity. Backups are overwritten within a further 35 days.",
          "Subscription, payment, invoice and payout records: six years from the end of the financial year concerned, as required by article 30 of the Spanish Commercial Code, and longer where tax law requires it.",
          "Creator tax and payout data: while you are a creator and then for the statutory limitation periods under Spanish tax law (at least four years from the end of the relevant filing period).",
          "Rejected creator applications: 12 months after the decision.",
          "Records of acceptance of our policies (including IP address): while your account exists and for five years afterwards, the general limitation period for contractual claims under Spanish law.",
          "Analytics events and the first-party tracking identifier: up to 25 months, after which events are deleted or aggregated so that no individual can be identified. PostHog data, where enabled, is deleted on the same schedule.",
          "Server logs: 90 days, unless needed longer to investigate a specific security incident.",
          "Sign-in sessions: until you sign out or the session expires (400 days after last use).",
          "Support correspondence: two years from the last message, unless needed for a claim.",
        ],
      },
      {
        heading: "8. Your rights",
        paragraphs: [
          `Under the GDPR and the LOPDGDD you have the following rights, which you can exercise free of charge by writing to ${c.privacyEmail} from the email address linked to your account, or by post to ${c.address}. If we cannot verify your identity we may ask for additional information. We will reply within one month, which may be extended by two further months for complex requests; we will tell you if that happens.`,
        ],
        list: [
          "Access: to know whether we process your data and obtain a copy of it.",
          "Rectification: to correct inaccurate or incomplete data. Most profile data can be edited directly in your account.",
          "Erasure: to have your data deleted, for example when it is no longer needed or you withdraw consent. You can delete your account yourself from your account settings.",
          "Restriction: to ask us to restrict processing while a dispute about accuracy or lawfulness is resolved.",
          "Portability: to receive the data you provided to us, in a structured, commonly used and machine-readable format, or have it sent to another controller.",
          "Objection: to object to processing based on our legitimate interests, on grounds relating to your particular situation, and at any time to direct marketing.",
          "Withdrawal of consent: to withdraw consent at any time (for example to analytics cookies through the cookie settings), without affecting the lawfulness of processing before withdrawal.",
          "Not to be subject to decisions based solely on automated processing that produce legal effects on you.",
          "Digital legacy: under article 3 of the LOPDGDD, the heirs or designated persons of a deceased user may ask us to access, rectify or delete that user's data, unless the user prohibited it.",
        ],
      },
      {
        heading: "9. Complaints to the supervisory authority",
        paragraphs: [
          `If you believe we have not handled your data lawfully, you may lodge a complaint with the Spanish Data Protection Agency, the Agencia Española de Protección de Datos (AEPD), C/ Jorge Juan 6, 28001 Madrid, www.aepd.es, or with the supervisory authority of the EU Member State where you live or work. We would appreciate the chance to address your concern first at ${c.privacyEmail}.`,
        ],
      },
      {
        heading: "10. Minors",
        paragraphs: [
          `${p} is not directed at children. You must be at least 16 years old to create an account, and at least 18 years old to apply as a creator. We do not knowingly collect data from anyone under 16. If you believe a person under 16 has given us personal data, contact ${c.privacyEmail} and we will delete it.`,
        ],
      },
      {
        heading: "11. Security",
        paragraphs: [
          "We apply technical and organisational measures appropriate to the risk, including encrypted connections (HTTPS), passwords stored only as salted hashes, sign-in cookies that scripts cannot read, access controls that limit personal data to the staff and systems that need it, server-side checks that members-only content is sent only to eligible users, rate limits against abuse, and regular backups. Payment card data is handled only by Stripe, which is certified to the PCI DSS standard.",
          `No system is completely secure. If a personal data breach is likely to result in a risk to your rights and freedoms, we will notify the AEPD within 72 hours and, where the risk is high, inform you without undue delay. Please report any suspected vulnerability to ${c.privacyEmail}.`,
        ],
      },
      {
        heading: "12. Changes to this policy",
        paragraphs: [
          `We may update this policy when our processing or the law changes. The version and effective date are shown at the top. If the changes are significant, we will notify you by email or in the service before they take effect and, where required, ask you to accept the new version; we record that acceptance as described above. This version (1.0) applies from ${EFFECTIVE_DATE_LONG}.`,
        ],
      },
    ],
  };
}

// ---------------------------------------------------------------------------
// Cookie Policy
// ---------------------------------------------------------------------------

/** A cookie's lifetime as the policy states it: exact days, as the Max-Age the browser receives. */
function lifetime(seconds: number): string {
  return `${seconds / 86_400} days`;
}

/** What each of our own cookies is for (app/modules/analytics/cookies.server.ts declares them). */
const OWN_COOKIE_PURPOSES: Record<string, string> = {
  sf_consent: "remembers whether you accepted or refused optional cookies so that we do not ask again on every page",
  sf_tid:
    "a random identifier (UUID) that lets us count visits and attribute sign-ups and subscriptions to the creator who referred them, measured by us in our own database",
  sf_ref: "the creator whose page, map or spot you opened last, so that a sign-up or subscription that follows is attributed to them (last click)",
};

/** The policy's entries for the cookies we set ourselves in one category: name, purpose, duration. */
function ownCookieEntries(category: CookieCategory): string[] {
  return OWN_COOKIES.filter((c) => c.category === category).map(({ cookie, maxAgeSeconds }) => {
    const purpose = OWN_COOKIE_PURPOSES[cookie.name];
    if (!purpose) throw new Error(`The cookie policy does not say what the ${cookie.name} cookie is for`);
    return `${cookie.name} — first-party — ${purpose}; HttpOnly (not readable by scripts), SameSite=Lax — ${lifetime(maxAgeSeconds)}.`;
  });
}

function cookiePolicy(c: CompanyInfo): Body {
  const p = c.productName;
  return {
    intro: `This Cookie Policy explains which cookies and similar technologies ${c.legalName} uses on ${c.publicUrl}, why, for how long, and how you can accept or refuse them. It is provided in accordance with article 22.2 of Spanish Law 34/2002 (LSSI-CE) and the GDPR. More information on how we process personal data is in our Privacy Policy (${page(c, "privacy-policy")}).`,
    sections: [
      {
        heading: "1. What cookies are",
        paragraphs: [
          "Cookies are small text files that a website stores in your browser and reads on later visits. They can be set by the website you are visiting (first-party cookies) or by another service used on that website (third-party cookies). They can last only until you close the browser (session cookies) or for a set time (persistent cookies). This policy also covers similar technologies such as the browser's local storage.",
        ],
      },
      {
        heading: "2. Strictly necessary cookies",
        paragraphs: [
          `These cookies are essential for ${p} to work and for services you explicitly request, such as signing in. Under article 22.2 of the LSSI-CE they do not require your consent, and they cannot be switched off in our cookie settings. They are not used for analytics or advertising.`,
          "Each entry shows name, purpose and duration:",
        ],
        list: [
          `${SESSION_COOKIE} (named __Secure-${SESSION_COOKIE} on secure connections) — first-party — keeps you signed in and identifies your session to our server; HttpOnly (not readable by scripts), SameSite=Lax, Secure — ${lifetime(SESSION_MAX_AGE_SECONDS)}, renewed each time you use the service; deleted when you sign out.`,
          "Sign-in state cookies set by our authentication system (state and verification cookies) — first-party — protect sign-in with Google or Facebook against cross-site request forgery by linking the request to the provider's reply — up to 10 minutes, deleted when sign-in completes.",
          ...ownCookieEntries("strictly-necessary"),
        ],
      },
      {
        heading: "3. Analytics cookies",
        paragraphs: [
          "These cookies help us understand how visitors use the service, which pages and maps are popular, and which creator led a visitor to subscribe. They are set only if you accept them. Refusing them does not affect your access to any feature.",
          "Each entry shows name, purpose and duration:",
        ],
        list: [
          ...ownCookieEntries("analytics"),
          "ph_<project key>_posthog — set by our own domain for PostHog, only when product analytics is enabled — stores an anonymous identifier and the current session, so that PostHog can count page views, measure session length and, where enabled, record sessions with all form inputs and on-screen text masked — 12 months.",
        ],
      },
      {
        heading: "4. Payment cookies",
        paragraphs: [
          "When you open the checkout to start a Premium or Supporter subscription, we load Stripe's payment form. Stripe sets the following cookies to process the payment securely and to detect and prevent fraud. They are loaded only on the checkout and only when you choose to pay; because they are needed for the payment service you request, they are treated as strictly necessary.",
          "Each entry shows name, purpose and duration:",
        ],
        list: [
          "__stripe_mid — Stripe, set on our domain — fraud prevention: identifies the browser across payments — 1 year.",
          "__stripe_sid — Stripe, set on our domain — fraud prevention: identifies the checkout session — 30 minutes.",
          "Cookies on stripe.com domains (for example m.stripe.com) — Stripe — fraud prevention and security of the payment form — as described in Stripe's cookie policy at stripe.com/cookies-policy/legal.",
        ],
      },
      {
        heading: "5. Third-party sign-in",
        paragraphs: [
          "If you choose to sign in with Google or Facebook, you are taken to that provider's website, where it may read or set its own cookies under its own cookie policy. We do not place Google or Facebook cookies on our website for advertising, and we do not use social media tracking pixels.",
        ],
      },
      {
        heading: "6. How to accept, refuse or withdraw consent",
        paragraphs: [
          "On your first visit, a cookie banner lets you accept or refuse analytics cookies with equal ease. Until you accept, no analytics cookie is set. You can change your choice at any time through the cookie settings link in the footer of every page; if you withdraw consent we delete our analytics cookies from your browser.",
          "You can also block or delete cookies through your browser settings. Instructions are available from each browser's help pages: Google Chrome (support.google.com/chrome), Mozilla Firefox (support.mozilla.org), Apple Safari (support.apple.com) and Microsoft Edge (support.microsoft.com). If you block strictly necessary cookies, you will not be able to sign in or pay.",
        ],
      },
      {
        heading: "7. Changes and contact",
        paragraphs: [
          `We will update this policy when we add or change cookies; the version and effective date are shown at the top. If a change requires new consent, we will ask for it again. This version (1.0) applies from ${EFFECTIVE_DATE_LONG}. For questions about cookies, write to ${c.privacyEmail}.`,
        ],
      },
    ],
  };
}

// ---------------------------------------------------------------------------
// Copyright Policy
// ---------------------------------------------------------------------------

function copyrightPolicy(c: CompanyInfo): Body {
  const p = c.productName;
  return {
    intro: `${p} respects the intellectual property of creators and of third parties. This Copyright Policy explains who owns the content on ${p}, the licence creators grant to ${c.legalName}, what users may and may not do with content, and how to report an infringement. It is governed by the Spanish Intellectual Property Law (Royal Legislative Decree 1/1996), the LSSI-CE and the EU Digital Services Act (Regulation (EU) 2022/2065).`,
    sections: [
      {
        heading: "1. Ownership of creator content",
        paragraphs: [
          `Creators keep ownership of the maps, spot selections, descriptions, photos, posts and other material they publish on ${p}. We do not claim ownership of creator content. Creators also keep their moral rights as authors, including the right to be identified as author, recognised by article 14 of the Spanish Intellectual Property Law.`,
          `The ${p} software, brand, design and the compilation of the service as a whole belong to ${c.legalName} or its licensors. Factual information about places (names, addresses, coordinates) is not owned by anyone in particular; a creator's selection, arrangement and descriptions are.`,
        ],
      },
      {
        heading: "2. Licence creators grant to the platform",
        paragraphs: [
          `By publishing content on ${p}, a creator grants ${c.legalName} a non-exclusive, worldwide, royalty-free licence, for as long as the content remains on ${p}, to host, store, reproduce, adapt for technical purposes (for example resizing images, generating previews and map thumbnails), distribute, make available to the public and display that content in order to operate, provide and improve the service; and to show excerpts of public content (titles, cover images, short descriptions) to promote ${p} and the creator, on the website, in emails and on social media. We may sublicense these rights only to service providers acting for us (such as hosting and email providers).`,
          "Members-only content (Premium or Supporter) is made available only to members entitled to see it. A locked spot may show its name, category and approximate area, with an invitation to unlock it.",
          "When a creator deletes content or closes their account, the licence ends, and we remove the content from the service within 30 days. Copies may remain in backups until overwritten, and promotional material already produced may remain where we cannot reasonably remove it. Compensation for the use of content is governed exclusively by the Creator Compensation terms.",
        ],
      },
      {
        heading: "3. What users may do with content",
        paragraphs: [
          `Users may view content through ${p}, bookmark maps and spots, save them to their personal Atlas and share links to them, for their own personal and non-commercial use. Users may not:`,
        ],
        list: [
          "copy, download, scrape, or republish maps, spots, descriptions or photos outside the service, in whole or in substantial part;",
          "share, publish or resell members-only content, or give others access to it;",
          "remove or alter any author attribution or copyright notice;",
          "use content for commercial purposes, including guides, apps or datasets, or to train machine-learning models, without the written permission of the creator and of us;",
          `upload to ${p} any material they do not own or have permission to use.`,
        ],
      },
      {
        heading: "4. Reporting an infringement",
        paragraphs: [
          `If you believe content on ${p} infringes your copyright or other intellectual property rights, send a notice to ${c.infoEmail} with the subject "Copyright notice", or by post to ${c.legalName}, ${c.address}. To allow us to act quickly, your notice should include:`,
        ],
        list: [
          "your name, postal address, email address and, if you act for the rights holder, your authority to do so;",
          "a description of the work you claim has been infringed, with evidence of your rights where possible;",
          `the exact URL or URLs on ${p} where the allegedly infringing content appears;`,
          "an explanation of why the content infringes your rights, and of why the use is not authorised by you, your agent or the law;",
          "a statement that the information in the notice is accurate and that you submit it in good faith, and your signature (an electronic signature or typed full name is sufficient).",
        ],
      },
      {
        heading: "5. What happens after a notice",
        paragraphs: [
          "We acknowledge every notice, review it diligently and objectively, and, where the content appears to infringe, remove it or disable access to it promptly. We will inform the creator or user who published the content, send them the notice (removing the complainant's personal data where appropriate) and give them a statement of the reasons for our decision, as required by article 17 of the Digital Services Act. We also inform the person who sent the notice of our decision.",
          "Knowingly submitting a false or misleading notice may make the sender liable for the damage caused. We may refuse to process notices that are manifestly unfounded and may stop processing notices from anyone who frequently submits them.",
        ],
      },
      {
        heading: "6. Counter-notice",
        paragraphs: [
          `If your content was removed and you believe this was a mistake or that you have the right to use it, you may send a counter-notice to ${c.infoEmail} within six months of our decision, with the subject "Copyright counter-notice". It should include your name and contact details, the removed content and its former URL, the reasons why you believe the removal was wrong (for example, you own the work, you have a licence, or an exception such as quotation applies), and a statement that the information is accurate.`,
          "We will forward the counter-notice to the person who sent the original notice. If they do not inform us within 10 working days that they have brought legal proceedings or that a competent authority has been asked to act, and we consider the counter-notice well founded, we may restore the content. This internal complaint procedure is free of charge, and its decisions are taken under the supervision of qualified staff, not solely by automated means. You also keep the right to go to court or to an out-of-court dispute settlement body certified under article 21 of the Digital Services Act.",
        ],
      },
      {
        heading: "7. Repeat infringers",
        paragraphs: [
          `We suspend or close the accounts of users who repeatedly infringe intellectual property rights. As a rule, an account that receives three valid infringement notices within a 12-month period will be closed. We may act sooner in serious cases, for example systematic copying of another creator's maps. For creators, the consequences are also set out in the Creator Terms (${page(c, "creator-terms")}).`,
        ],
      },
      {
        heading: "8. Contact and changes",
        paragraphs: [
          `Copyright questions and notices: ${c.infoEmail}. Postal address: ${c.legalName}, ${c.address}. We may update this policy; the version and effective date are shown at the top, and creators will be notified of material changes in advance. This version (1.0) applies from ${EFFECTIVE_DATE_LONG}.`,
        ],
      },
    ],
  };
}

// ---------------------------------------------------------------------------
// Creator Terms (v1)
// ---------------------------------------------------------------------------

function creatorTerms(c: CompanyInfo): Body {
  const p = c.productName;
  return {
    intro: `These Creator Terms (version 1) govern your participation as a creator on ${p}, operated by ${c.legalName} (NIF ${c.taxId}, ${c.address}). They apply in addition to our Legal Notice, Privacy Policy, Cookie Policy and Copyright Policy. How creators are paid is set out in the Creator Compensation terms (${page(c, "creator-compensation")}), which form part of this agreement. You accept these terms by ticking the corresponding box when you apply; we record the version you accepted, the date and your IP address.`,
    sections: [
      {
        heading: "1. Eligibility",
        paragraphs: ["To become a creator you must:"],
        list: [
          `be at least 18 years old and have full legal capacity to enter into contracts, or act on behalf of a company or other organisation that you are authorised to bind;`,
          `have a ${p} account with a verified email address and accurate profile information;`,
          "be able to receive payouts to a bank account in your own name (or your organisation's name) and provide the tax information described in the Creator Compensation terms;",
          "not be subject to sanctions or other legal restrictions that prevent us from paying you, and not have had a previous creator account closed for breach of these terms.",
        ],
      },
      {
        heading: "2. Application and approval",
        paragraphs: [
          `To apply, submit a map of at least ${MIN_SPOTS_TO_PUBLISH} spots that you recommend, either as a shared Google Maps list link (a link starting with https://maps.app.goo.gl/ that is not password-protected) or as a PDF file, and accept these Creator Terms, the Copyright Policy and the Creator Compensation terms.`,
          `We review each application manually and decide, at our discretion, whether to accept it, based on the quality, originality and usefulness of the map and on compliance with these terms. We will tell you the outcome by email. If we reject your application, we will give you a short reason, and you may apply again after improving your map. Once approved, you can set up your creator profile and handle and publish maps from your Creator Studio. A map must contain at least ${MIN_SPOTS_TO_PUBLISH} spots to be published.`,
        ],
      },
      {
        heading: "3. Content standards",
        paragraphs: ["Everything you publish must meet these standards:"],
        list: [
          "Genuine: recommendations reflect your own experience or honest opinion. Do not publish maps that are copied from other people, generated in bulk without your own curation, or made only to manipulate engagement.",
          "Lawful and respectful: no content that is illegal, defamatory, hateful, harassing, discriminatory, sexually explicit, violent, or that encourages dangerous, unlawful or environmentally harmful behaviour (for example trespassing on private or protected land).",
          "Privacy: do not publish personal data of other people (such as private home addresses or identifiable photos of people without their consent), and respect image rights.",
          'Transparent: if you receive money, free products or services, or any other benefit in connection with a place you feature, you must disclose it clearly in the spot or map description (for example "Sponsored" or "I was invited by this venue"), as required by Spanish and EU advertising and consumer protection law.',
          "Safe: clearly point out known risks of a place or activity (such as difficult terrain, tides or seasonal closures).",
        ],
      },
      {
        heading: "4. Accuracy",
        paragraphs: [
          "You are responsible for the accuracy of your maps and spots, including names, locations, categories and descriptions. Review your maps periodically and update or remove spots that have closed or changed significantly. If users or we report that a spot is inaccurate, you agree to correct it within a reasonable time. We may hide spots that are reported as closed or dangerous until you have reviewed them.",
        ],
      },
      {
        heading: "5. Intellectual property",
        paragraphs: [
          `You keep ownership of your content. By publishing it, you grant ${c.legalName} the licence described in section 2 of the Copyright Policy (${page(c, "copyright")}): non-exclusive, worldwide, royalty-free, for as long as the content is on ${p}, to host, reproduce, adapt for technical purposes, display and make the content available to users, and to use excerpts of public content to promote ${p} and you.`,
          "You confirm that you own or have permission to use everything you publish, including photos, texts and imported lists, and that it does not infringe anyone's rights. You will hold us harmless from claims by third parties resulting from content you publish in breach of this warranty, to the extent permitted by law.",
          `You authorise us to display your name, handle and profile picture in connection with your content and in promotion of ${p}.`,
        ],
      },
      {
        heading: "6. Members-only content",
        paragraphs: [
          "For each spot and post you choose a visibility: public (everyone), Premium (Premium subscribers and all Supporters) or Supporters (only your own Supporters). A locked spot shows its name, category and approximate area to everyone, with an invitation to unlock it; we never send the rest of locked content to users who are not entitled to it.",
          "Members-only content must be of at least the same quality as your public content and must match what your profile promises to members. Do not publish the same members-only content for free elsewhere in a way that makes the membership misleading, and do not promise benefits to Supporters that you do not deliver. Supporters pay for your work through us: do not ask them to pay you outside the platform for the same benefits.",
          "If you remove members-only content that Supporters are paying for, or stop publishing for a long period, tell your Supporters in a post; we may inform them and let them cancel.",
        ],
      },
      {
        heading: "7. Prohibited conduct",
        paragraphs: ["As a creator you must not:"],
        list: [
          "generate artificial views, bookmarks, follows, subscriptions or other engagement, alone or with others, including through bots, multiple accounts, paid engagement services or engagement exchanges;",
          "subscribe to or support yourself, directly or through people acting for you, to increase your earnings;",
          "mislead users about places, about yourself or about paid relationships;",
          "copy another creator's maps or content, or import lists you do not have the right to publish;",
          "use the data of users you obtain through the service (for example the handles of your Supporters) for purposes other than running your creator page;",
          "circumvent the gating of members-only content, the payment system or our security measures;",
          `act in a way that damages the reputation of ${p}, other creators or users, including harassment of users or other creators.`,
        ],
      },
      {
        heading: "8. Suspension and removal of content",
        paragraphs: [
          "If we have reasonable grounds to believe that you have breached these terms or the law, or if your content is reported as unlawful, we may remove or hide individual content, limit your visibility, withhold compensation linked to the breach, or suspend your creator account. Except where the law, the safety of users or the prevention of fraud requires us to act immediately, we will tell you before or at the time the restriction takes effect, with a statement of the reasons and the facts on which it is based, and give you the opportunity to clarify or correct the situation.",
          `You can challenge any such decision free of charge through our internal complaint procedure by writing to ${c.infoEmail} within six months. We will review the complaint promptly and tell you the outcome. You may also use mediation or, where available, an out-of-court dispute settlement body, without losing your right to go to court.`,
        ],
      },
      {
        heading: "9. Termination",
        paragraphs: [
          "You can stop being a creator at any time from your Creator Studio or by writing to us. Your maps will be unpublished, your Supporters' subscriptions to you will be cancelled at the end of their current period with no further renewal, and your remaining balance will be paid as described in the Creator Compensation terms.",
          "We can end this agreement for any reason by giving you at least 30 days' notice by email, with the reasons. We can end it immediately, with a statement of reasons, if you seriously or repeatedly breach these terms (including the repeat infringer rule in the Copyright Policy), if we are required to by law or by an authority, or in case of fraud. Your warranties in section 5, the limits of liability in section 10, and our obligation to pay amounts you have already earned (subject to the Creator Compensation terms) continue to apply after termination.",
        ],
      },
      {
        heading: "10. Liability",
        paragraphs: [
          `We provide ${p} with reasonable care and skill, but we do not guarantee any number of users, views, subscribers or any level of earnings. To the extent permitted by law, neither party is liable to the other for indirect loss or lost profits, and our total liability to you under these terms in any 12-month period is limited to the compensation we paid or owed to you in that period. These limits do not apply to liability for wilful misconduct or gross negligence, or to any liability that cannot be limited by law.`,
        ],
      },
      {
        heading: "11. Changes to these terms",
        paragraphs: [
          `We may change these terms, for example to reflect new features or legal requirements. We will notify you by email and in your Creator Studio at least 15 days before the changes take effect, or longer where the changes require you to make significant technical or commercial adjustments; changes to compensation are notified at least 30 days in advance. If you do not agree, you may end this agreement before the changes take effect. Shorter notice applies only where a change is required by law or to address an unforeseen and imminent danger, such as fraud or security threats. Each version is numbered; this is version 1 (document version 1.0), effective ${EFFECTIVE_DATE_LONG}.`,
        ],
      },
      {
        heading: "12. Applicable law and jurisdiction",
        paragraphs: [
          `These terms are governed by Spanish law. You act as a professional or business user of ${p}, not as a consumer, when you act as a creator. Any dispute will be submitted to the courts of the city of the registered office of ${c.legalName}, unless mandatory law provides otherwise. Questions about these terms: ${c.infoEmail}.`,
        ],
      },
    ],
  };
}

// ---------------------------------------------------------------------------
// Creator Compensation (v1)
// ---------------------------------------------------------------------------

function creatorCompensation(c: CompanyInfo, plans: Plans): Body {
  const p = c.productName;
  const payoutMinimum = eur(PAYOUT_MINIMUM);
  const afterVat = cents(SUPPORTER_EXAMPLE.gross - SUPPORTER_EXAMPLE.vat);
  const net = cents(afterVat - SUPPORTER_EXAMPLE.fee);
  const pool = percentOf(POOL_EXAMPLE.netPremium, PREMIUM_POOL_SHARE_PERCENT);
  const poolPercent = (POOL_EXAMPLE.points * 100) / POOL_EXAMPLE.totalPoints;
  return {
    intro: `These Creator Compensation terms (version 1) explain how ${c.legalName} pays creators on ${p}: what you earn, how it is calculated, when and how you are paid, and the tax rules that apply. They form part of the Creator Terms (${page(c, "creator-terms")}). All amounts are in euros.`,
    sections: [
      {
        heading: "1. Key definitions",
        paragraphs: ["In these terms:"],
        list: [
          "Gross amount: the amount a member actually pays for a subscription, including VAT.",
          "Net revenue: the gross amount minus (a) VAT and any other indirect tax included in the price, which depends on the member's country, and (b) the payment processing fees charged by Stripe for that payment (including currency conversion fees where applicable), and minus refunds and chargebacks.",
          `Supporter subscription: a subscription a member takes out to support you specifically (${prices(plans, "supporter")}, VAT included).`,
          `Premium subscription: a platform-wide subscription (${prices(plans, "premium")}, VAT included).`,
          "Paying member: a user with a Premium or Supporter subscription that has been paid for the period concerned. Members in a free trial are not paying members for that time.",
          "Month: a calendar month, in Central European Time.",
        ],
      },
      {
        heading: "2. Earnings from your Supporters",
        paragraphs: [
          `You receive ${CREATOR_SUPPORTER_SHARE} of the net revenue of every Supporter subscription paid to support you. ${c.legalName} keeps the remaining ${PLATFORM_SUPPORTER_SHARE} to operate the platform.`,
          `Example: a Supporter in Spain pays ${eurExact(SUPPORTER_EXAMPLE.gross)} for a month. Spanish VAT at ${percent(SUPPORTER_EXAMPLE.vatPercent)} is ${eurExact(SUPPORTER_EXAMPLE.vat)}, leaving ${eurExact(afterVat)}. If the Stripe fee for that payment is ${eurExact(SUPPORTER_EXAMPLE.fee)}, net revenue is ${eurExact(net)}, and your share is ${CREATOR_SUPPORTER_SHARE} of that, ${eurExact(percentOf(net, CREATOR_SUPPORTER_SHARE_PERCENT))}. Actual amounts vary with the member's country (VAT rate) and payment method (fee).`,
          `The ${TRIAL_DAYS}-day free trial generates no revenue, so nothing is earned until the first payment. Yearly Supporter payments are earned in twelve equal monthly portions over the year paid for; if a yearly subscription is refunded, portions not yet earned are cancelled.`,
        ],
      },
      {
        heading: "3. Earnings from the Premium revenue pool",
        paragraphs: [
          `Each month, ${PREMIUM_POOL_SHARE} of the net revenue from Premium subscriptions earned in that month is placed in the creator pool. Yearly Premium payments count in twelve equal monthly portions. ${c.legalName} keeps the other ${PLATFORM_PREMIUM_SHARE}.`,
          "The pool is shared among all active creators in proportion to the engagement points their content earned from paying members in that month. Engagement points are counted as follows:",
        ],
        list: [
          `${plural(POINTS_PER_SPOT_VIEW, "point")} for each of your spots viewed by a paying member, counted at most once per member, per spot, per day;`,
          `${plural(POINTS_PER_BOOKMARK, "point")} for each of your maps or spots bookmarked by a paying member, counted once per member and item, in the month the bookmark is first made;`,
          `a maximum of ${plural(MAX_POINTS_PER_MEMBER_PER_CREATOR, "point")} per paying member per creator per month, so that no single member can dominate the distribution;`,
          "engagement from your own accounts, from our staff, from members in a free trial, and engagement we identify as automated, fraudulent or artificially generated is not counted.",
        ],
      },
      {
        heading: "4. Example of the pool calculation",
        paragraphs: [
          `If net Premium revenue for a month is ${eur(POOL_EXAMPLE.netPremium)}, the pool is ${eur(pool)}. If your content earned ${count(POOL_EXAMPLE.points)} of the ${count(POOL_EXAMPLE.totalPoints)} engagement points counted across all creators (${percent(poolPercent)}), your pool earnings for that month are ${eur(shareOf(pool, POOL_EXAMPLE.points, POOL_EXAMPLE.totalPoints))}. Your monthly statement shows the total pool, the total points, your points and your share.`,
        ],
      },
      {
        heading: "5. Statements",
        paragraphs: [
          `By the ${ordinalDay(STATEMENT_DAY_OF_MONTH)} day of each month we publish a statement in the Revenue section of your Creator Studio for the previous month, showing your Supporter earnings (gross, VAT, fees, net and your share), your pool earnings with the calculation, any adjustments for refunds and chargebacks, withholdings, and your balance.`,
          `If you believe a statement is wrong, tell us at ${c.infoEmail} within 60 days of its publication, explaining why. We will review it and correct any error in the next statement. Statements not questioned within that period are considered accepted, except in case of fraud or manifest error.`,
        ],
      },
      {
        heading: "6. Payout schedule and minimum",
        paragraphs: [
          `We pay your available balance once a month, by the ${ordinalDay(PAYOUT_DAY_OF_MONTH)} day of the month following the month in which it was earned, provided it is at least ${payoutMinimum} and your payout and tax details are complete and verified. Balances below ${payoutMinimum} are carried over to the following month until they reach the minimum.`,
          "If you stop being a creator, or we end the agreement, we pay your remaining balance in the next payout run, regardless of the minimum, after deducting any amounts you owe us and any amounts withheld under section 9.",
        ],
      },
      {
        heading: "7. Payout details",
        paragraphs: [
          "Payouts are made in euros by SEPA bank transfer to the account you register in the Payouts section of your Creator Studio. The account must be in your own name or the name of your business. You must provide your legal name, postal address, date of birth (for individuals), tax identification number and country of tax residence, and keep them up to date. We may ask for documents to verify your identity and bank account before the first payout.",
          "We do not charge a fee for SEPA transfers. If you ask to be paid to an account outside the SEPA area, any bank charges and conversion costs are deducted from the payout. We are not responsible for delays or losses caused by incorrect details you provide.",
        ],
      },
      {
        heading: "8. Taxes",
        paragraphs: [
          "You are responsible for declaring your earnings and paying any income tax, social security contributions and other taxes that apply to you in your country of residence. We cannot give you tax advice.",
          `Invoicing: payouts are consideration for the services and the licence you provide to ${c.legalName}. Unless you tell us that you will issue your own invoices, you authorise us to issue invoices in your name and on your behalf (self-billing, under article 5 of Royal Decree 1619/2012), which you can download from your Creator Studio, and you agree to let us know within 15 days if any of them is wrong. If you are registered for VAT, tell us your VAT number: Spanish VAT is added to your payouts where applicable, and for creators established elsewhere in the EU the reverse-charge rules apply.`,
          `Spanish withholding: if you are an individual resident in Spain, Spanish law may require us to withhold personal income tax (IRPF) from your payouts, generally at ${percent(IRPF_GENERAL_PERCENT)}, or ${percent(IRPF_NEW_ACTIVITY_PERCENT)} in the first years of a professional activity where you qualify and ask for it. If you are not resident in Spain, non-resident income tax (IRNR) may have to be withheld, unless a tax treaty reduces or removes it and you give us a valid certificate of tax residence. We pay the amounts withheld to the Spanish Tax Agency (AEAT), show them on your statement and send you a withholding certificate every year.`,
          "DAC7 and other reporting: under Council Directive (EU) 2021/514 (DAC7), implemented in Spain by Law 13/2023 and Royal Decree 117/2024, digital platforms must collect and report to the Spanish Tax Agency information about sellers who carry out reportable activities through them, including name, address, tax identification number, date of birth, bank account, and the amounts paid and fees withheld each quarter. Where your activity on the platform is reportable, we will report that information by 31 January each year for the previous year; the Spanish Tax Agency may share it with the tax authority of your country of residence. We will tell you what we report. We also file the Spanish annual information returns that apply to withholdings. If you do not provide the required tax information after two reminders, we must withhold your payouts until you do, and may have to close your creator account.",
        ],
      },
      {
        heading: "9. Refunds, chargebacks and adjustments",
        paragraphs: [
          "If a member's payment is refunded (for example when a consumer exercises the right of withdrawal) or reversed through a chargeback, the related earnings are deducted from your balance, including earnings already paid, which are deducted from future balances. Chargeback fees are not charged to you unless the chargeback results from your breach of the Creator Terms.",
          "If we reasonably suspect that earnings result from fraud, artificial engagement or a breach of the Creator Terms, we may hold the related amounts for up to 90 days while we investigate, and cancel them if the suspicion is confirmed. We will tell you the reasons and give you the chance to respond. Amounts earned lawfully are not affected.",
        ],
      },
      {
        heading: "10. Changes to compensation",
        paragraphs: [
          `We may change these terms, including the percentages, the engagement rules, the payout minimum and the schedule. We will give you at least 30 days' notice by email and in your Creator Studio before any change takes effect, and the change applies only to earnings from the date it takes effect. If you do not agree, you may stop being a creator before that date. This is version 1 (document version 1.0), effective ${EFFECTIVE_DATE_LONG}.`,
        ],
      },
      {
        heading: "11. Contact",
        paragraphs: [`Questions about earnings, statements, payouts or taxes: ${c.infoEmail}. ${c.legalName}, NIF ${c.taxId}, ${c.address}.`],
      },
    ],
  };
}
