CREATE TABLE "import_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"map_id" uuid NOT NULL,
	"creator_id" text NOT NULL,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rows_read" integer NOT NULL,
	"imported_count" integer NOT NULL,
	"updated_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_batches_counts_check" CHECK (rows_read >= 0 and imported_count >= 0 and imported_count <= rows_read and updated_count >= 0)
);
--> statement-breakpoint
CREATE TABLE "import_review_rows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"batch_id" uuid NOT NULL,
	"map_id" uuid NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"reason" text NOT NULL,
	"reason_text" text NOT NULL,
	"source_file" text NOT NULL,
	"source_ref" text NOT NULL,
	"original" text NOT NULL,
	"name" text,
	"note" text,
	"url" text,
	"address" text,
	"category_name" text,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"import_key" text,
	"spot_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "import_review_rows_status_check" CHECK (status in ('open', 'placed', 'dismissed')),
	CONSTRAINT "import_review_rows_reason_check" CHECK (reason in ('needs_place', 'invalid', 'duplicate', 'already_imported')),
	CONSTRAINT "import_review_rows_lat_check" CHECK (lat is null or lat between -90 and 90),
	CONSTRAINT "import_review_rows_lng_check" CHECK (lng is null or lng between -180 and 180)
);
--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "owner_id" text;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "icon" text;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "color" text;--> statement-breakpoint
ALTER TABLE "spots" ADD COLUMN "import_key" text;--> statement-breakpoint
ALTER TABLE "import_batches" ADD CONSTRAINT "import_batches_map_id_maps_id_fk" FOREIGN KEY ("map_id") REFERENCES "public"."maps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_batches" ADD CONSTRAINT "import_batches_creator_id_profiles_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_review_rows" ADD CONSTRAINT "import_review_rows_batch_id_import_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."import_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_review_rows" ADD CONSTRAINT "import_review_rows_map_id_maps_id_fk" FOREIGN KEY ("map_id") REFERENCES "public"."maps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_review_rows" ADD CONSTRAINT "import_review_rows_spot_id_spots_id_fk" FOREIGN KEY ("spot_id") REFERENCES "public"."spots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_batches_map_id_idx" ON "import_batches" USING btree ("map_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "import_review_rows_map_status_idx" ON "import_review_rows" USING btree ("map_id","status");--> statement-breakpoint
CREATE INDEX "import_review_rows_batch_id_idx" ON "import_review_rows" USING btree ("batch_id");--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_owner_id_profiles_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "categories_owner_id_idx" ON "categories" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "spots_map_id_import_key_idx" ON "spots" USING btree ("map_id","import_key") WHERE import_key is not null;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_color_check" CHECK (color is null or color ~ '^#[0-9A-F]{6}$');