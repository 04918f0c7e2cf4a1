CREATE TABLE "earned_portions" (
	"payment_id" uuid NOT NULL,
	"portion" smallint NOT NULL,
	"month" date NOT NULL,
	"close_month" date NOT NULL,
	"kind" text NOT NULL,
	"creator_id" text,
	"after_vat_cents" bigint NOT NULL,
	"fee_cents" bigint NOT NULL,
	"net_cents" bigint NOT NULL,
	"share_cents" bigint NOT NULL,
	CONSTRAINT "earned_portions_pk" PRIMARY KEY("payment_id","portion")
);
--> statement-breakpoint
CREATE TABLE "engagement_exclusions" (
	"user_id" text PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text
);
--> statement-breakpoint
CREATE TABLE "ledger_payments" (
	"payment_id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"ref" text NOT NULL,
	"creator_id" text,
	"user_id" text,
	"country" text,
	"gross_cents" bigint NOT NULL,
	"vat_cents" bigint NOT NULL,
	"vat_rate" numeric(5, 2) NOT NULL,
	"fee_cents" bigint NOT NULL,
	"portions" smallint NOT NULL,
	"first_month" date NOT NULL,
	"last_month" date NOT NULL,
	"booked_month" date NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_payments_kind_check" CHECK (kind in ('supporter', 'premium')),
	CONSTRAINT "ledger_payments_portions_check" CHECK (portions in (1, 12)),
	CONSTRAINT "ledger_payments_amounts_check" CHECK (gross_cents > 0 and vat_cents >= 0 and fee_cents >= 0 and vat_cents <= gross_cents)
);
--> statement-breakpoint
CREATE TABLE "money_closes" (
	"month" date PRIMARY KEY NOT NULL,
	"supporter_after_vat_cents" bigint NOT NULL,
	"supporter_shares_cents" bigint NOT NULL,
	"premium_after_vat_cents" bigint NOT NULL,
	"net_premium_cents" bigint NOT NULL,
	"pool_cents" bigint NOT NULL,
	"total_points" bigint NOT NULL,
	"creators_paid" integer NOT NULL,
	"portions" integer NOT NULL,
	"closed_at" timestamp with time zone NOT NULL,
	"closed_by" text,
	CONSTRAINT "money_closes_month_check" CHECK (extract(day from month) = 1)
);
--> statement-breakpoint
CREATE TABLE "payment_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"provider_refund_id" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"vat_cents" bigint NOT NULL,
	"from_open_cents" bigint NOT NULL,
	"from_closed_cents" bigint NOT NULL,
	"creator_cents" bigint NOT NULL,
	"pool_deduction_cents" bigint DEFAULT 0 NOT NULL,
	"fee_cents" bigint DEFAULT 0 NOT NULL,
	"month" date NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"created_by" text,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_refunds_provider_refund_id_unique" UNIQUE("provider_refund_id"),
	CONSTRAINT "payment_refunds_kind_check" CHECK (kind in ('refund', 'chargeback')),
	CONSTRAINT "payment_refunds_amount_check" CHECK (amount_cents > 0 and fee_cents >= 0)
);
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_amounts_check";--> statement-breakpoint
ALTER TABLE "creator_supporters" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "platform_subscriptions" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "provider_charge_id" text;--> statement-breakpoint
ALTER TABLE "revenue_statements" ADD COLUMN "supporter_share_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "revenue_statements" ADD COLUMN "pool_share_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "revenue_statements" ADD COLUMN "points" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "revenue_statements" ADD COLUMN "adjustments_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "revenue_statements" ADD COLUMN "opening_balance_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "revenue_statements" ADD COLUMN "closing_balance_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "earned_portions" ADD CONSTRAINT "earned_portions_payment_id_ledger_payments_payment_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."ledger_payments"("payment_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagement_exclusions" ADD CONSTRAINT "engagement_exclusions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_payments" ADD CONSTRAINT "ledger_payments_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_payment_id_ledger_payments_payment_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."ledger_payments"("payment_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "earned_portions_close_idx" ON "earned_portions" USING btree ("close_month","creator_id");--> statement-breakpoint
CREATE INDEX "earned_portions_creator_idx" ON "earned_portions" USING btree ("creator_id","close_month");--> statement-breakpoint
CREATE INDEX "ledger_payments_last_month_idx" ON "ledger_payments" USING btree ("last_month");--> statement-breakpoint
CREATE INDEX "ledger_payments_booked_month_idx" ON "ledger_payments" USING btree ("booked_month");--> statement-breakpoint
CREATE INDEX "ledger_payments_creator_idx" ON "ledger_payments" USING btree ("creator_id","paid_at");--> statement-breakpoint
CREATE INDEX "payment_refunds_payment_idx" ON "payment_refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payment_refunds_month_idx" ON "payment_refunds" USING btree ("month");--> statement-breakpoint
CREATE INDEX "payments_provider_charge_idx" ON "payments" USING btree ("provider_charge_id");--> statement-breakpoint
CREATE INDEX "payments_user_period_idx" ON "payments" USING btree ("user_id","period_start");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_country_check" CHECK (country is null or country ~ '^[A-Z]{2}$');--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_amounts_check" CHECK (amount_cents >= 0 and tax_cents >= 0 and fee_cents >= 0 and refunded_cents between 0 and amount_cents);--> statement-breakpoint
-- What the money room booked is kept as booked, like the ledger it explains (migration 0022's
-- ledger_refuse_change): a payment's booked figures, the portions a close earned, refunds and the
-- closes themselves are never changed or removed. A correction is a new ledger transaction.
CREATE TRIGGER ledger_payments_append_only BEFORE UPDATE OR DELETE ON ledger_payments
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER earned_portions_append_only BEFORE UPDATE OR DELETE ON earned_portions
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER payment_refunds_append_only BEFORE UPDATE OR DELETE ON payment_refunds
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER money_closes_append_only BEFORE UPDATE OR DELETE ON money_closes
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
