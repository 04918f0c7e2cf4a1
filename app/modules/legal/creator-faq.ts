/**
 * The Creator FAQ (/studio/creator-faq): short answers in plain words, each
 * with the passage of the Creator Terms or Creator Compensation terms it
 * rests on, quoted from the documents themselves. Numbers come from
 * `modules/money`, the same values the documents print, so the FAQ cannot
 * promise something the terms do not.
 */
import type { Plans } from "~/modules/memberships";
import {
  CREATOR_SUPPORTER_SHARE_PERCENT,
  IRPF_GENERAL_PERCENT,
  IRPF_NEW_ACTIVITY_PERCENT,
  PAYOUT_DAY_OF_MONTH,
  PAYOUT_MINIMUM,
  PREMIUM_POOL_SHARE_PERCENT,
  STATEMENT_DAY_OF_MONTH,
  formatEuros,
  formatPercent as percent,
  ordinalDay,
} from "~/modules/money";
import { MIN_SPOTS_TO_PUBLISH } from "~/modules/spots";
import type { CompanyInfo } from "./company";
import { legalDocument, type LegalDocument, type LegalSlug } from "./documents";

export interface FaqSource {
  slug: LegalSlug;
  /** The document's title and section heading, e.g. "Creator Terms, 2. Application and approval". */
  label: string;
  /** The heading's anchor on the /info page is not stable; the page is linked and the passage quoted. */
  quote: string;
}

export interface FaqEntry {
  id: string;
  question: string;
  answer: string[];
  sources: FaqSource[];
}

/** A passage of a document: the paragraph (or list item) of the section whose heading starts with `section` that contains `contains`. */
function passage(doc: LegalDocument, section: string, contains: string): FaqSource {
  const found = doc.sections.find((s) => s.heading.startsWith(section));
  const text = found && [...found.paragraphs, ...(found.list ?? [])].find((p) => p.includes(contains));
  if (!found || !text) throw new Error(`${doc.title}: no passage "${contains}" in section "${section}"`);
  return { slug: doc.slug, label: `${doc.title}, ${found.heading}`, quote: text };
}

export function creatorFaq(c: CompanyInfo, plans: Plans): FaqEntry[] {
  const terms = legalDocument("creator-terms", c, plans);
  const pay = legalDocument("creator-compensation", c, plans);
  const minimum = formatEuros(PAYOUT_MINIMUM, { currency: "code" });
  return [
    {
      id: "review",
      question: "How is my creator application reviewed?",
      answer: [
        `A person on the ${c.productName} team looks at every application: the map you sent (at least ${MIN_SPOTS_TO_PUBLISH} spots), its quality, originality and usefulness, and whether it follows the Creator Terms.`,
        "You hear the outcome by email. If it is a no, the email gives a short reason and you can apply again once the map is better.",
      ],
      sources: [passage(terms, "2.", "We review each application manually")],
    },
    {
      id: "thirty-spots",
      question: `Why does a map need ${MIN_SPOTS_TO_PUBLISH} spots before I can publish it?`,
      answer: [
        `A map is published only with at least ${MIN_SPOTS_TO_PUBLISH} published spots. Until then it stays a draft that only you see, and the Publish button tells you how many spots are still missing. Draft spots do not count.`,
      ],
      sources: [passage(terms, "2.", "to be published")],
    },
    {
      id: "visibility",
      question: "Who can see my spots? What do public, Premium and Supporters mean?",
      answer: [
        "Each spot has a visibility. Public: everyone. Premium: Premium subscribers and all Supporters. Supporters: only your own Supporters.",
        "Everyone else sees a locked spot's name, category and approximate area with an invitation to unlock it; the rest of it never leaves our servers for them.",
      ],
      sources: [passage(terms, "6.", "For each spot and post you choose a visibility")],
    },
    {
      id: "earnings",
      question: "How do I earn money?",
      answer: [
        `Supporters: you receive ${percent(CREATOR_SUPPORTER_SHARE_PERCENT)} of the net revenue (after VAT and payment fees) of every Supporter subscription to you.`,
        `Premium: each month ${percent(PREMIUM_POOL_SHARE_PERCENT)} of net Premium revenue goes into a pool shared among creators by the engagement points their content earned from paying members (views and bookmarks).`,
        "Free trials earn nothing until the first payment.",
      ],
      sources: [passage(pay, "2.", "of the net revenue of every Supporter subscription"), passage(pay, "3.", "is placed in the creator pool")],
    },
    {
      id: "payouts",
      question: "When and how am I paid?",
      answer: [
        `Once a month: by the ${ordinalDay(PAYOUT_DAY_OF_MONTH)} of the month after you earned it, by SEPA bank transfer in euros to the account in your name that you register in the Studio. A statement for the previous month is published by the ${ordinalDay(STATEMENT_DAY_OF_MONTH)}.`,
        `The minimum payout is ${minimum}: a smaller balance is carried over to the next month until it reaches ${minimum}. Your payout and tax details must be complete and verified first.`,
      ],
      sources: [passage(pay, "6.", "We pay your available balance once a month"), passage(pay, "7.", "SEPA bank transfer")],
    },
    {
      id: "taxes",
      question: "What about taxes?",
      answer: [
        "You declare your earnings and pay your own income tax and social security where you live; we cannot give tax advice. Unless you issue your own invoices, we issue them in your name (self-billing).",
        `If you are an individual resident in Spain, we may have to withhold IRPF from your payouts, generally ${percent(IRPF_GENERAL_PERCENT)} (${percent(IRPF_NEW_ACTIVITY_PERCENT)} in the first years of a professional activity, if you qualify and ask for it). Non-residents may have IRNR withheld unless a tax treaty says otherwise. Withholdings appear on your statement and you get a certificate every year.`,
      ],
      sources: [passage(pay, "8.", "You are responsible for declaring your earnings"), passage(pay, "8.", "IRPF")],
    },
    {
      id: "stop",
      question: "What happens if I stop being a creator?",
      answer: [
        `Your maps are unpublished, your Supporters' subscriptions end at the close of the period they paid for, and your remaining balance is paid in the next payout run even if it is below ${minimum}. You can do it from Account management in the Studio.`,
      ],
      sources: [passage(terms, "9.", "You can stop being a creator at any time"), passage(pay, "6.", "If you stop being a creator")],
    },
  ];
}
