CREATE TABLE "payout_detail_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"creator_id" text NOT NULL,
	"kind" text NOT NULL,
	"request_ip" text,
	"old_last4" text,
	"new_last4" text NOT NULL,
	"new_country" text NOT NULL,
	"new_holder_name" text NOT NULL,
	"new_bic" text,
	"new_iban_ciphertext" text,
	"token_hash" text,
	"expires_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"superseded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_detail_changes_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "payout_detail_changes_kind_check" CHECK (kind in ('first', 'change')),
	CONSTRAINT "payout_detail_changes_last4_check" CHECK (char_length(new_last4) = 4 and (old_last4 is null or char_length(old_last4) = 4)),
	CONSTRAINT "payout_detail_changes_pending_check" CHECK (confirmed_at is not null or (token_hash is not null and expires_at is not null))
);
--> statement-breakpoint
ALTER TABLE "payout_details" ADD COLUMN "bic" text;--> statement-breakpoint
ALTER TABLE "tax_settings" ADD COLUMN "tax_id_kind" text;--> statement-breakpoint
ALTER TABLE "tax_settings" ADD COLUMN "vat_vies_status" text;--> statement-breakpoint
ALTER TABLE "tax_settings" ADD COLUMN "vat_vies_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tax_settings" ADD COLUMN "irpf_percent" integer;--> statement-breakpoint
ALTER TABLE "tax_settings" ADD COLUMN "irpf_activity_start_year" integer;--> statement-breakpoint
ALTER TABLE "tax_settings" ADD COLUMN "postal_code" text;--> statement-breakpoint
ALTER TABLE "tax_settings" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "tax_settings" ADD COLUMN "region" text;--> statement-breakpoint
ALTER TABLE "tax_settings" ADD COLUMN "address_country" text;--> statement-breakpoint
ALTER TABLE "tax_settings" ADD COLUMN "date_of_birth" date;--> statement-breakpoint
ALTER TABLE "tax_settings" ADD COLUMN "self_billing_agreed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tax_settings" ADD COLUMN "residence_certificate_key" text;--> statement-breakpoint
ALTER TABLE "tax_settings" ADD COLUMN "residence_certificate_uploaded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payout_detail_changes" ADD CONSTRAINT "payout_detail_changes_creator_id_profiles_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payout_detail_changes_creator_idx" ON "payout_detail_changes" USING btree ("creator_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "payout_details" ADD CONSTRAINT "payout_details_bic_check" CHECK (bic is null or bic ~ '^[A-Z0-9]{8}([A-Z0-9]{3})?$');--> statement-breakpoint
ALTER TABLE "tax_settings" ADD CONSTRAINT "tax_settings_tax_id_kind_check" CHECK (tax_id_kind is null or tax_id_kind in ('nif', 'nie', 'cif', 'vat', 'other'));--> statement-breakpoint
ALTER TABLE "tax_settings" ADD CONSTRAINT "tax_settings_vies_status_check" CHECK (vat_vies_status is null or vat_vies_status in ('valid', 'invalid', 'unavailable'));--> statement-breakpoint
ALTER TABLE "tax_settings" ADD CONSTRAINT "tax_settings_irpf_check" CHECK (irpf_percent is null or irpf_percent between 0 and 100);--> statement-breakpoint
ALTER TABLE "tax_settings" ADD CONSTRAINT "tax_settings_address_country_check" CHECK (address_country is null or char_length(address_country) = 2);