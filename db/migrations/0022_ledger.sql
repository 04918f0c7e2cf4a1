CREATE TABLE "ledger_postings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_postings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"transaction_id" uuid NOT NULL,
	"account" text NOT NULL,
	"account_ref" text DEFAULT '' NOT NULL,
	"amount_cents" bigint NOT NULL,
	CONSTRAINT "ledger_postings_account_check" CHECK (account in ('bank', 'provider_fees', 'member_payments', 'vat_payable', 'creator_payable', 'withholding_payable', 'platform_revenue')),
	CONSTRAINT "ledger_postings_amount_check" CHECK (amount_cents <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"idempotency_key" text NOT NULL,
	"kind" text NOT NULL,
	"cause_type" text NOT NULL,
	"cause_id" text NOT NULL,
	"month" date NOT NULL,
	"creator_id" text,
	"description" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_transactions_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "ledger_transactions_kind_check" CHECK (kind in ('payment', 'earning', 'refund', 'chargeback', 'payout', 'withholding', 'adjustment')),
	CONSTRAINT "ledger_transactions_month_check" CHECK (extract(day from month) = 1)
);
--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_creator_id_profiles_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_postings_transaction_idx" ON "ledger_postings" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "ledger_postings_account_idx" ON "ledger_postings" USING btree ("account","account_ref");--> statement-breakpoint
CREATE INDEX "ledger_transactions_creator_month_idx" ON "ledger_transactions" USING btree ("creator_id","month");--> statement-breakpoint
CREATE INDEX "ledger_transactions_cause_idx" ON "ledger_transactions" USING btree ("cause_type","cause_id");--> statement-breakpoint
CREATE INDEX "ledger_transactions_month_kind_idx" ON "ledger_transactions" USING btree ("month","kind");--> statement-breakpoint
-- The ledger's promises, kept by the database (db/schema/ledger.ts). A transaction's postings sum to
-- zero: checked at commit (deferred), so the code inserts a transaction's postings in any order
-- within one database transaction, and a commit that would leave one unbalanced fails whole.
CREATE FUNCTION ledger_transaction_balances() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE total numeric;
BEGIN
  SELECT coalesce(sum(amount_cents), 0) INTO total FROM ledger_postings WHERE transaction_id = NEW.transaction_id;
  IF total <> 0 THEN
    RAISE EXCEPTION 'ledger transaction % does not balance: its postings sum to % cents', NEW.transaction_id, total
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_postings_balance AFTER INSERT ON ledger_postings
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_transaction_balances();
--> statement-breakpoint
-- Append-only: no posting or transaction is ever changed or removed; a correction is a new
-- transaction. The one change allowed is the foreign key's own ON DELETE SET NULL when a creator's
-- profile is deleted (the record outlives the account, as payments do). Test databases are emptied
-- between test files by a reset that sets `spotfolio.erase_ledger` for its own transaction
-- (tests/setup/database.ts); nothing in the application sets it.
CREATE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('spotfolio.erase_ledger', true) = 'on' THEN
    RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  END IF;
  -- Nested: plpgsql does not promise to stop at the first false condition, and postings have no creator_id.
  IF TG_OP = 'UPDATE' AND TG_TABLE_NAME = 'ledger_transactions' THEN
    IF (to_jsonb(NEW) ->> 'creator_id') IS NULL AND (to_jsonb(OLD) ->> 'creator_id') IS NOT NULL
       AND (to_jsonb(NEW) - 'creator_id') = (to_jsonb(OLD) - 'creator_id') THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION 'the ledger is append-only: % on % is refused', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_postings_append_only BEFORE UPDATE OR DELETE ON ledger_postings
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_transactions_append_only BEFORE UPDATE OR DELETE ON ledger_transactions
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_postings_no_truncate BEFORE TRUNCATE ON ledger_postings
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_transactions_no_truncate BEFORE TRUNCATE ON ledger_transactions
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
