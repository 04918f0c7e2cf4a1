/** Public URLs of the things we link to, in one place. */
export const urls = {
  map: (m: { currentSlug: string }) => `/maps/${encodeURIComponent(m.currentSlug)}`,
  spot: (m: { currentSlug: string }, s: { slug: string }) =>
    `/maps/${encodeURIComponent(m.currentSlug)}/spots/${encodeURIComponent(s.slug)}`,
  creator: (p: { handle: string }) => `/@${encodeURIComponent(p.handle)}`,
  destination: (c: { id: number }) => `/destinations/${c.id}`,
  article: (a: { type: string; slug: string }) => `/discover/${encodeURIComponent(a.type)}/${encodeURIComponent(a.slug)}`,
  legal: (slug: string) => `/info/${slug}`,
};
