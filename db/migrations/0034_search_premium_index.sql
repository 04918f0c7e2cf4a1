-- A Premium member's search reads listed Premium spots from an index of their own, and the listed
-- gated names' index takes a predicate only the locked-name query implies (ADR 0045): through the
-- other spots' index, the planner ANDed the full-text bitmap with a read of the whole names' index.
DROP INDEX "spots_listed_gated_name_idx";--> statement-breakpoint
CREATE INDEX "spots_listed_premium_fts_idx" ON "spots" USING gin ("fts") WHERE listed and visibility = 'premium';--> statement-breakpoint
CREATE INDEX "spots_listed_gated_name_idx" ON "spots" USING gin (to_tsvector('spotfolio_english', name)) WHERE listed and visibility <> 'public' and name is not null;