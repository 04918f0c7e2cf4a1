CREATE TABLE "payout_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"month" date NOT NULL,
	"execution_date" date NOT NULL,
	"actor_id" text,
	"transfers" integer NOT NULL,
	"gross_cents" bigint NOT NULL,
	"withheld_cents" bigint NOT NULL,
	"net_cents" bigint NOT NULL,
	"message_id" text NOT NULL,
	"file_key" text NOT NULL,
	"skipped" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_runs_month_unique" UNIQUE("month"),
	CONSTRAINT "payout_runs_message_id_unique" UNIQUE("message_id"),
	CONSTRAINT "payout_runs_month_check" CHECK (extract(day from month) = 1),
	CONSTRAINT "payout_runs_amounts_check" CHECK (transfers > 0 and net_cents > 0 and withheld_cents >= 0 and gross_cents = net_cents + withheld_cents)
);
--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "run_id" uuid;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "withholding_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "net_cents" integer;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "withholding_kind" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "withholding_percent" integer;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "end_to_end_id" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "iban_last4" text;--> statement-breakpoint
ALTER TABLE "payout_runs" ADD CONSTRAINT "payout_runs_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_run_id_payout_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."payout_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_end_to_end_id_unique" UNIQUE("end_to_end_id");--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_run_creator_unique" UNIQUE("run_id","creator_id");--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_net_check" CHECK (net_cents is null or (net_cents >= 0 and amount_cents = net_cents + withholding_cents));