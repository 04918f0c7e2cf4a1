CREATE TABLE "checkout_privacy_acceptances" (
	"session_id" text PRIMARY KEY NOT NULL,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" text,
	"recorded_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "checkout_privacy_acceptances" ADD CONSTRAINT "checkout_privacy_acceptances_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;