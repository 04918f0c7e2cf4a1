CREATE TABLE "map_categories" (
	"map_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	CONSTRAINT "map_categories_map_id_category_id_pk" PRIMARY KEY("map_id","category_id")
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "cover_image_url" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "links" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "maps" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "spots" ADD COLUMN "website" text;--> statement-breakpoint
ALTER TABLE "spots" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "map_categories" ADD CONSTRAINT "map_categories_map_id_maps_id_fk" FOREIGN KEY ("map_id") REFERENCES "public"."maps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "map_categories" ADD CONSTRAINT "map_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "map_categories_category_id_idx" ON "map_categories" USING btree ("category_id");--> statement-breakpoint
-- Photos were bare URLs; they are now objects (src, srcset, alt, size, stored keys).
UPDATE "spots" SET "photos" = (
  SELECT coalesce(jsonb_agg(jsonb_build_object('id', md5(p), 'src', p, 'srcset', '', 'alt', '', 'width', 0, 'height', 0, 'keys', '[]'::jsonb)), '[]'::jsonb)
  FROM jsonb_array_elements_text("photos") AS p
) WHERE jsonb_typeof("photos") = 'array' AND jsonb_array_length("photos") > 0 AND jsonb_typeof("photos"->0) = 'string';
