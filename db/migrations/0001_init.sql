CREATE TABLE "account" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	CONSTRAINT "session_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "user" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "verification" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"id" text PRIMARY KEY NOT NULL,
	"handle" text,
	"display_name" text,
	"bio_text" text,
	"profile_image_url" text,
	"is_creator" boolean DEFAULT false NOT NULL,
	"is_onboarded" boolean DEFAULT false NOT NULL,
	"is_published" boolean DEFAULT false NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"fts" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', coalesce(handle, '')), 'A') || setweight(to_tsvector('english', coalesce(display_name, '')), 'A') || setweight(to_tsvector('english', coalesce(bio_text, '')), 'B')) STORED
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	CONSTRAINT "categories_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "cities" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"ascii_name" text NOT NULL,
	"country" text NOT NULL,
	"admin_code" text,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"population" integer DEFAULT 0 NOT NULL,
	"slug" text NOT NULL,
	"is_featured" boolean DEFAULT false NOT NULL,
	"cover_image_url" text,
	CONSTRAINT "cities_slug_unique" UNIQUE("slug"),
	CONSTRAINT "cities_country_check" CHECK (char_length(country) = 2)
);
--> statement-breakpoint
CREATE TABLE "map_slugs" (
	"slug" text PRIMARY KEY NOT NULL,
	"map_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "maps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"title" text NOT NULL,
	"summary" text,
	"cover_image_url" text,
	"current_slug" text NOT NULL,
	"is_published" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"city_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"fts" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(summary, '')), 'B')) STORED,
	CONSTRAINT "maps_current_slug_unique" UNIQUE("current_slug")
);
--> statement-breakpoint
CREATE TABLE "spots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"map_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"summary" text,
	"description" text,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"address" text,
	"category_id" uuid,
	"cover_image_url" text,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"visibility" text DEFAULT 'public' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"is_published" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"fts" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(name, '')), 'A') || setweight(to_tsvector('english', coalesce(summary, '')), 'B') || setweight(to_tsvector('english', coalesce(address, '')), 'C')) STORED,
	CONSTRAINT "spots_visibility_check" CHECK (visibility in ('public', 'premium', 'supporters')),
	CONSTRAINT "spots_lat_check" CHECK (lat between -90 and 90),
	CONSTRAINT "spots_lng_check" CHECK (lng between -180 and 180)
);
--> statement-breakpoint
CREATE TABLE "followers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"creator_id" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "followers_user_creator_unique" UNIQUE("user_id","creator_id"),
	CONSTRAINT "followers_status_check" CHECK (status in ('active', 'inactive'))
);
--> statement-breakpoint
CREATE TABLE "map_bookmarks" (
	"user_id" text NOT NULL,
	"map_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "map_bookmarks_pk" PRIMARY KEY("user_id","map_id")
);
--> statement-breakpoint
CREATE TABLE "recent_views" (
	"user_id" text NOT NULL,
	"spot_id" uuid NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recent_views_pk" PRIMARY KEY("user_id","spot_id")
);
--> statement-breakpoint
CREATE TABLE "spot_bookmarks" (
	"user_id" text NOT NULL,
	"spot_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spot_bookmarks_pk" PRIMARY KEY("user_id","spot_id")
);
--> statement-breakpoint
CREATE TABLE "creator_supporters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"status" text NOT NULL,
	"interval" text NOT NULL,
	"provider" text NOT NULL,
	"provider_customer_id" text,
	"provider_subscription_id" text,
	"price_id" text,
	"trial_end" timestamp with time zone,
	"current_period_end" timestamp with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"canceled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" text NOT NULL,
	CONSTRAINT "creator_supporters_provider_subscription_id_unique" UNIQUE("provider_subscription_id"),
	CONSTRAINT "creator_supporters_status_check" CHECK (status in ('trialing', 'active', 'past_due', 'canceled', 'incomplete', 'incomplete_expired', 'unpaid', 'paused')),
	CONSTRAINT "creator_supporters_interval_check" CHECK (interval in ('month', 'year')),
	CONSTRAINT "creator_supporters_provider_check" CHECK (provider in ('local', 'stripe'))
);
--> statement-breakpoint
CREATE TABLE "platform_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"status" text NOT NULL,
	"interval" text NOT NULL,
	"provider" text NOT NULL,
	"provider_customer_id" text,
	"provider_subscription_id" text,
	"price_id" text,
	"trial_end" timestamp with time zone,
	"current_period_end" timestamp with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"canceled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tier" text DEFAULT 'premium' NOT NULL,
	CONSTRAINT "platform_subscriptions_provider_subscription_id_unique" UNIQUE("provider_subscription_id"),
	CONSTRAINT "platform_subscriptions_status_check" CHECK (status in ('trialing', 'active', 'past_due', 'canceled', 'incomplete', 'incomplete_expired', 'unpaid', 'paused')),
	CONSTRAINT "platform_subscriptions_interval_check" CHECK (interval in ('month', 'year')),
	CONSTRAINT "platform_subscriptions_provider_check" CHECK (provider in ('local', 'stripe')),
	CONSTRAINT "platform_subscriptions_tier_check" CHECK (tier = 'premium')
);
--> statement-breakpoint
CREATE TABLE "article_maps" (
	"article_id" uuid NOT NULL,
	"map_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "article_maps_pk" PRIMARY KEY("article_id","map_id")
);
--> statement-breakpoint
CREATE TABLE "articles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"type" text DEFAULT 'guide' NOT NULL,
	"title" text NOT NULL,
	"summary" text,
	"body_markdown" text DEFAULT '' NOT NULL,
	"cover_image_url" text,
	"category_id" uuid,
	"is_published" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "articles_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "collabs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"creator_id" text,
	"name" text NOT NULL,
	"email" text,
	"stage" text DEFAULT 'lead' NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "creator_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"file_object" text,
	"url" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"reviewer_id" text,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "creator_applications_status_check" CHECK (status in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"creator_id" text NOT NULL,
	"title" text NOT NULL,
	"body_markdown" text DEFAULT '' NOT NULL,
	"visibility" text DEFAULT 'public' NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "posts_visibility_check" CHECK (visibility in ('public', 'premium', 'supporters'))
);
--> statement-breakpoint
CREATE TABLE "privacy_policy_agreement_audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"terms_version" text NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "terms_audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"terms_version" text NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"creator_id" text,
	"kind" text NOT NULL,
	"platform_subscription_id" uuid,
	"creator_supporter_id" uuid,
	"provider" text NOT NULL,
	"provider_payment_id" text,
	"amount_cents" integer NOT NULL,
	"tax_cents" integer DEFAULT 0 NOT NULL,
	"fee_cents" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_provider_payment_id_unique" UNIQUE("provider_payment_id"),
	CONSTRAINT "payments_kind_check" CHECK (kind in ('platform', 'supporter')),
	CONSTRAINT "payments_provider_check" CHECK (provider in ('local', 'stripe')),
	CONSTRAINT "payments_status_check" CHECK (status in ('pending', 'succeeded', 'failed', 'refunded')),
	CONSTRAINT "payments_amounts_check" CHECK (amount_cents >= 0 and tax_cents >= 0 and fee_cents >= 0),
	CONSTRAINT "payments_currency_check" CHECK (currency ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
CREATE TABLE "payout_details" (
	"creator_id" text PRIMARY KEY NOT NULL,
	"method" text DEFAULT 'bank_transfer' NOT NULL,
	"holder_name" text NOT NULL,
	"iban_last4" text,
	"iban_country" text,
	"iban_ciphertext" text,
	"provider_account_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_details_iban_last4_check" CHECK (iban_last4 is null or char_length(iban_last4) = 4)
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"creator_id" text,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider" text,
	"provider_payout_id" text,
	"paid_at" timestamp with time zone,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_provider_payout_id_unique" UNIQUE("provider_payout_id"),
	CONSTRAINT "payouts_status_check" CHECK (status in ('pending', 'processing', 'paid', 'failed', 'canceled')),
	CONSTRAINT "payouts_amount_check" CHECK (amount_cents >= 0),
	CONSTRAINT "payouts_period_check" CHECK (period_end >= period_start),
	CONSTRAINT "payouts_currency_check" CHECK (currency ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
CREATE TABLE "revenue_statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"creator_id" text,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"gross_cents" integer DEFAULT 0 NOT NULL,
	"fees_cents" integer DEFAULT 0 NOT NULL,
	"tax_cents" integer DEFAULT 0 NOT NULL,
	"net_cents" integer DEFAULT 0 NOT NULL,
	"object_path" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"issued_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "revenue_statements_creator_period_unique" UNIQUE("creator_id","period_start","period_end"),
	CONSTRAINT "revenue_statements_status_check" CHECK (status in ('draft', 'issued')),
	CONSTRAINT "revenue_statements_period_check" CHECK (period_end >= period_start),
	CONSTRAINT "revenue_statements_currency_check" CHECK (currency ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
CREATE TABLE "tax_settings" (
	"creator_id" text PRIMARY KEY NOT NULL,
	"entity_type" text DEFAULT 'individual' NOT NULL,
	"legal_name" text,
	"tax_residence_country" text NOT NULL,
	"tax_id" text,
	"vat_registered" boolean DEFAULT false NOT NULL,
	"vat_number" text,
	"address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_settings_entity_type_check" CHECK (entity_type in ('individual', 'company')),
	CONSTRAINT "tax_settings_country_check" CHECK (char_length(tax_residence_country) = 2)
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to" text NOT NULL,
	"template" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_outbox_status_check" CHECK (status in ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"type" text NOT NULL,
	"user_id" text,
	"anonymous_id" text,
	"target_type" text,
	"target_id" text,
	"attribution_creator_id" text,
	"properties" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account" ADD CONSTRAINT "account_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_id_user_id_fk" FOREIGN KEY ("id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "map_slugs" ADD CONSTRAINT "map_slugs_map_id_maps_id_fk" FOREIGN KEY ("map_id") REFERENCES "public"."maps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maps" ADD CONSTRAINT "maps_owner_id_profiles_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maps" ADD CONSTRAINT "maps_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spots" ADD CONSTRAINT "spots_map_id_maps_id_fk" FOREIGN KEY ("map_id") REFERENCES "public"."maps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spots" ADD CONSTRAINT "spots_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "followers" ADD CONSTRAINT "followers_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "followers" ADD CONSTRAINT "followers_creator_id_profiles_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "map_bookmarks" ADD CONSTRAINT "map_bookmarks_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "map_bookmarks" ADD CONSTRAINT "map_bookmarks_map_id_maps_id_fk" FOREIGN KEY ("map_id") REFERENCES "public"."maps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recent_views" ADD CONSTRAINT "recent_views_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recent_views" ADD CONSTRAINT "recent_views_spot_id_spots_id_fk" FOREIGN KEY ("spot_id") REFERENCES "public"."spots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spot_bookmarks" ADD CONSTRAINT "spot_bookmarks_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spot_bookmarks" ADD CONSTRAINT "spot_bookmarks_spot_id_spots_id_fk" FOREIGN KEY ("spot_id") REFERENCES "public"."spots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_supporters" ADD CONSTRAINT "creator_supporters_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_supporters" ADD CONSTRAINT "creator_supporters_creator_id_profiles_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_subscriptions" ADD CONSTRAINT "platform_subscriptions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_maps" ADD CONSTRAINT "article_maps_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_maps" ADD CONSTRAINT "article_maps_map_id_maps_id_fk" FOREIGN KEY ("map_id") REFERENCES "public"."maps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collabs" ADD CONSTRAINT "collabs_creator_id_profiles_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_applications" ADD CONSTRAINT "creator_applications_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_applications" ADD CONSTRAINT "creator_applications_reviewer_id_user_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_creator_id_profiles_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_policy_agreement_audit_log" ADD CONSTRAINT "privacy_policy_agreement_audit_log_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terms_audit_log" ADD CONSTRAINT "terms_audit_log_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_creator_id_profiles_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_platform_subscription_id_platform_subscriptions_id_fk" FOREIGN KEY ("platform_subscription_id") REFERENCES "public"."platform_subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_creator_supporter_id_creator_supporters_id_fk" FOREIGN KEY ("creator_supporter_id") REFERENCES "public"."creator_supporters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_details" ADD CONSTRAINT "payout_details_creator_id_profiles_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_creator_id_profiles_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revenue_statements" ADD CONSTRAINT "revenue_statements_creator_id_profiles_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_settings" ADD CONSTRAINT "tax_settings_creator_id_profiles_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_attribution_creator_id_profiles_id_fk" FOREIGN KEY ("attribution_creator_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_user_id_idx" ON "account" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "account_provider_account_idx" ON "account" USING btree ("provider_id","account_id");--> statement-breakpoint
CREATE INDEX "session_user_id_idx" ON "session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "verification_identifier_idx" ON "verification" USING btree ("identifier");--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_handle_lower_idx" ON "profiles" USING btree (lower(handle));--> statement-breakpoint
CREATE INDEX "profiles_fts_idx" ON "profiles" USING gin ("fts");--> statement-breakpoint
CREATE INDEX "profiles_is_creator_idx" ON "profiles" USING btree ("is_creator") WHERE is_creator;--> statement-breakpoint
CREATE INDEX "cities_name_trgm_idx" ON "cities" USING gin (lower(name) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "cities_name_prefix_idx" ON "cities" USING btree (lower(name) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "cities_population_idx" ON "cities" USING btree ("population" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "cities_featured_idx" ON "cities" USING btree ("is_featured") WHERE is_featured;--> statement-breakpoint
CREATE INDEX "map_slugs_map_id_idx" ON "map_slugs" USING btree ("map_id");--> statement-breakpoint
CREATE INDEX "maps_owner_id_idx" ON "maps" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "maps_city_id_idx" ON "maps" USING btree ("city_id");--> statement-breakpoint
CREATE INDEX "maps_published_at_idx" ON "maps" USING btree ("published_at" DESC NULLS LAST) WHERE is_published;--> statement-breakpoint
CREATE INDEX "maps_fts_idx" ON "maps" USING gin ("fts");--> statement-breakpoint
CREATE UNIQUE INDEX "spots_map_id_slug_idx" ON "spots" USING btree ("map_id","slug");--> statement-breakpoint
CREATE INDEX "spots_map_id_position_idx" ON "spots" USING btree ("map_id","position");--> statement-breakpoint
CREATE INDEX "spots_category_id_idx" ON "spots" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "spots_lat_lng_idx" ON "spots" USING btree ("lat","lng");--> statement-breakpoint
CREATE INDEX "spots_point_idx" ON "spots" USING gist (point(lng, lat));--> statement-breakpoint
CREATE INDEX "spots_fts_idx" ON "spots" USING gin ("fts");--> statement-breakpoint
CREATE INDEX "followers_creator_id_idx" ON "followers" USING btree ("creator_id","status");--> statement-breakpoint
CREATE INDEX "map_bookmarks_map_id_idx" ON "map_bookmarks" USING btree ("map_id");--> statement-breakpoint
CREATE INDEX "recent_views_user_viewed_idx" ON "recent_views" USING btree ("user_id","viewed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "recent_views_spot_id_idx" ON "recent_views" USING btree ("spot_id");--> statement-breakpoint
CREATE INDEX "spot_bookmarks_spot_id_idx" ON "spot_bookmarks" USING btree ("spot_id");--> statement-breakpoint
CREATE INDEX "creator_supporters_user_id_idx" ON "creator_supporters" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "creator_supporters_creator_id_idx" ON "creator_supporters" USING btree ("creator_id","status");--> statement-breakpoint
CREATE INDEX "creator_supporters_customer_idx" ON "creator_supporters" USING btree ("provider_customer_id");--> statement-breakpoint
CREATE INDEX "platform_subscriptions_user_id_idx" ON "platform_subscriptions" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "platform_subscriptions_customer_idx" ON "platform_subscriptions" USING btree ("provider_customer_id");--> statement-breakpoint
CREATE INDEX "article_maps_map_id_idx" ON "article_maps" USING btree ("map_id");--> statement-breakpoint
CREATE INDEX "articles_category_id_idx" ON "articles" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "articles_published_at_idx" ON "articles" USING btree ("published_at" DESC NULLS LAST) WHERE is_published;--> statement-breakpoint
CREATE INDEX "collabs_creator_id_idx" ON "collabs" USING btree ("creator_id");--> statement-breakpoint
CREATE INDEX "collabs_stage_idx" ON "collabs" USING btree ("stage");--> statement-breakpoint
CREATE INDEX "creator_applications_user_id_idx" ON "creator_applications" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "creator_applications_status_idx" ON "creator_applications" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "creator_applications_reviewer_id_idx" ON "creator_applications" USING btree ("reviewer_id");--> statement-breakpoint
CREATE INDEX "posts_creator_published_idx" ON "posts" USING btree ("creator_id","published_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "privacy_policy_agreement_audit_log_user_id_idx" ON "privacy_policy_agreement_audit_log" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "terms_audit_log_user_id_idx" ON "terms_audit_log" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "payments_user_id_idx" ON "payments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "payments_creator_paid_idx" ON "payments" USING btree ("creator_id","paid_at");--> statement-breakpoint
CREATE INDEX "payments_platform_subscription_id_idx" ON "payments" USING btree ("platform_subscription_id");--> statement-breakpoint
CREATE INDEX "payments_creator_supporter_id_idx" ON "payments" USING btree ("creator_supporter_id");--> statement-breakpoint
CREATE INDEX "payouts_creator_period_idx" ON "payouts" USING btree ("creator_id","period_start" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "email_outbox_status_next_attempt_idx" ON "email_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "events_type_created_idx" ON "events" USING btree ("type","created_at");--> statement-breakpoint
CREATE INDEX "events_target_idx" ON "events" USING btree ("target_type","target_id","created_at");--> statement-breakpoint
CREATE INDEX "events_attribution_creator_idx" ON "events" USING btree ("attribution_creator_id","created_at");--> statement-breakpoint
CREATE INDEX "events_user_id_idx" ON "events" USING btree ("user_id");