/** Public URLs of the things we link to, in one place. */
export const urls = {
  map: (m: { currentSlug: string }) => `/maps/${encodeURIComponent(m.currentSlug)}`,
  spot: (m: { currentSlug: string }, s: { slug: string }) => `/maps/${encodeURIComponent(m.currentSlug)}/spots/${encodeURIComponent(s.slug)}`,
  creator: (p: { handle: string }) => `/@${encodeURIComponent(p.handle)}`,
  destination: (c: { id: number }) => `/destinations/${c.id}`,
  discover: (category?: { slug: string } | null) => (category ? `/discover?category=${encodeURIComponent(category.slug)}` : "/discover"),
  article: (a: { type: string; slug: string }) => `/discover/${encodeURIComponent(a.type)}/${encodeURIComponent(a.slug)}`,
  legal: (slug: string) => `/info/${slug}`,
  explore: (ref: string) => `/explore/${encodeURIComponent(ref)}`,
  atlas: {
    map: (m: { currentSlug: string }) => `/atlas/maps/${encodeURIComponent(m.currentSlug)}`,
    mapSpot: (m: { currentSlug: string }, s: { slug: string }) => `/atlas/maps/${encodeURIComponent(m.currentSlug)}/spots/${encodeURIComponent(s.slug)}`,
    savedSpot: (ref: string) => `/atlas/spots/${encodeURIComponent(ref)}`,
    recentSpot: (ref: string) => `/atlas/recent/${encodeURIComponent(ref)}`,
  },
};
