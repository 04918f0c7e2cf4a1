ALTER TABLE "creator_supporters" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "creator_supporters" ADD COLUMN "confirmation_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "creator_supporters" ADD COLUMN "trial_reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "platform_subscriptions" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "platform_subscriptions" ADD COLUMN "confirmation_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "platform_subscriptions" ADD COLUMN "trial_reminder_sent_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "creator_supporters_trial_reminder_idx" ON "creator_supporters" USING btree ("trial_end") WHERE status = 'trialing' and trial_reminder_sent_at is null;--> statement-breakpoint
CREATE INDEX "platform_subscriptions_trial_reminder_idx" ON "platform_subscriptions" USING btree ("trial_end") WHERE status = 'trialing' and trial_reminder_sent_at is null;--> statement-breakpoint
-- Memberships that existed before these emails were confirmed long ago: never email them now.
UPDATE "creator_supporters" SET "confirmation_sent_at" = "created_at";--> statement-breakpoint
UPDATE "platform_subscriptions" SET "confirmation_sent_at" = "created_at";--> statement-breakpoint
-- When the ones that stopped ended: at the end of the period (a cancellation at period end), or
-- when the row last changed if that came first (an immediate cancellation).
UPDATE "creator_supporters" SET "ended_at" = coalesce(least("current_period_end", "updated_at"), "updated_at")
  WHERE "status" IN ('canceled', 'unpaid', 'incomplete_expired', 'paused');--> statement-breakpoint
UPDATE "platform_subscriptions" SET "ended_at" = coalesce(least("current_period_end", "updated_at"), "updated_at")
  WHERE "status" IN ('canceled', 'unpaid', 'incomplete_expired', 'paused');
