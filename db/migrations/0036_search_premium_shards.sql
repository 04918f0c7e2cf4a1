-- Listed Premium spots' full-text index in four id-range shards, asked in order (ADR 0065): a
-- Premium member's common word reads the first quarter's posting lists instead of all of them.
DROP INDEX "spots_listed_premium_fts_idx";--> statement-breakpoint
CREATE INDEX "spots_listed_premium_fts_s0_idx" ON "spots" USING gin ("fts") WHERE listed and visibility = 'premium' and id < '40000000-0000-0000-0000-000000000000'::uuid;--> statement-breakpoint
CREATE INDEX "spots_listed_premium_fts_s1_idx" ON "spots" USING gin ("fts") WHERE listed and visibility = 'premium' and id >= '40000000-0000-0000-0000-000000000000'::uuid and id < '80000000-0000-0000-0000-000000000000'::uuid;--> statement-breakpoint
CREATE INDEX "spots_listed_premium_fts_s2_idx" ON "spots" USING gin ("fts") WHERE listed and visibility = 'premium' and id >= '80000000-0000-0000-0000-000000000000'::uuid and id < 'c0000000-0000-0000-0000-000000000000'::uuid;--> statement-breakpoint
CREATE INDEX "spots_listed_premium_fts_s3_idx" ON "spots" USING gin ("fts") WHERE listed and visibility = 'premium' and id >= 'c0000000-0000-0000-0000-000000000000'::uuid;