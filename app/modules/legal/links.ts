/** The six legal pages, in footer order. */
export const LEGAL_LINKS = [
  { slug: "legal-notice", label: "Legal notice" },
  { slug: "privacy-policy", label: "Privacy policy" },
  { slug: "cookie-policy", label: "Cookie policy" },
  { slug: "copyright", label: "Copyright" },
  { slug: "creator-terms", label: "Creator terms" },
  { slug: "creator-compensation", label: "Creator compensation" },
] as const;
