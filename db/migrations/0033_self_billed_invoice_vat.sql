CREATE TABLE "self_billed_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"creator_id" text NOT NULL,
	"month" date NOT NULL,
	"number" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"supporter_cents" bigint NOT NULL,
	"pool_cents" bigint NOT NULL,
	"adjustments_cents" bigint NOT NULL,
	"base_cents" bigint NOT NULL,
	"vat_kind" text NOT NULL,
	"vat_percent" integer NOT NULL,
	"vat_text" text NOT NULL,
	"vat_cents" bigint NOT NULL,
	"total_cents" bigint NOT NULL,
	"withholding_kind" text NOT NULL,
	"withholding_percent" integer NOT NULL,
	"withholding_reason" text NOT NULL,
	"withheld_cents" bigint NOT NULL,
	"payable_cents" bigint NOT NULL,
	"supplier" jsonb NOT NULL,
	"recipient" jsonb NOT NULL,
	"self_billing_agreed_at" timestamp with time zone NOT NULL,
	"payout_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "self_billed_invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "self_billed_invoices_creator_month_unique" UNIQUE("creator_id","month"),
	CONSTRAINT "self_billed_invoices_month_check" CHECK (extract(day from month) = 1),
	CONSTRAINT "self_billed_invoices_vat_kind_check" CHECK (vat_kind in ('spanish-vat', 'reverse-charge', 'none')),
	CONSTRAINT "self_billed_invoices_amounts_check" CHECK (base_cents > 0 and vat_cents >= 0 and withheld_cents >= 0 and total_cents = base_cents + vat_cents and payable_cents = total_cents - withheld_cents and base_cents = supporter_cents + pool_cents + adjustments_cents and (vat_kind = 'spanish-vat' or vat_cents = 0))
);
--> statement-breakpoint
ALTER TABLE "payout_runs" DROP CONSTRAINT "payout_runs_amounts_check";--> statement-breakpoint
ALTER TABLE "payouts" DROP CONSTRAINT "payouts_net_check";--> statement-breakpoint
ALTER TABLE "ledger_postings" DROP CONSTRAINT "ledger_postings_account_check";--> statement-breakpoint
ALTER TABLE "payout_runs" ADD COLUMN "vat_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "vat_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "vat_kind" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "vat_percent" integer;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "tax_snapshot" jsonb;--> statement-breakpoint
CREATE INDEX "self_billed_invoices_unpaid_idx" ON "self_billed_invoices" USING btree ("creator_id") WHERE payout_id is null;--> statement-breakpoint
ALTER TABLE "payout_runs" ADD CONSTRAINT "payout_runs_amounts_check" CHECK (transfers > 0 and net_cents > 0 and withheld_cents >= 0 and vat_cents >= 0 and gross_cents + vat_cents = net_cents + withheld_cents);--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_net_check" CHECK (net_cents is null or (net_cents >= 0 and vat_cents >= 0 and amount_cents + vat_cents = net_cents + withholding_cents));--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_account_check" CHECK (account in ('bank', 'provider_fees', 'member_payments', 'vat_payable', 'creator_payable', 'withholding_payable', 'platform_revenue', 'vat_recoverable'));--> statement-breakpoint
-- An issued invoice never changes: the one change allowed is its payout, set once by the payout run
-- that pays it. Test resets say `spotfolio.erase_ledger` for their own transaction (migration 0022).
CREATE FUNCTION self_billed_invoice_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('spotfolio.erase_ledger', true) = 'on' THEN
    RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    IF OLD.payout_id IS NULL AND NEW.payout_id IS NOT NULL AND (to_jsonb(NEW) - 'payout_id') = (to_jsonb(OLD) - 'payout_id') THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION 'an issued self-billed invoice is never changed: % on % is refused', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
CREATE TRIGGER self_billed_invoices_fixed BEFORE UPDATE OR DELETE ON self_billed_invoices
  FOR EACH ROW EXECUTE FUNCTION self_billed_invoice_refuse_change();
--> statement-breakpoint
CREATE TRIGGER self_billed_invoices_no_truncate BEFORE TRUNCATE ON self_billed_invoices
  FOR EACH STATEMENT EXECUTE FUNCTION self_billed_invoice_refuse_change();
