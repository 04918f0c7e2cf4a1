CREATE TABLE "deleted_spots" (
	"spot_id" uuid PRIMARY KEY NOT NULL,
	"map_id" uuid NOT NULL,
	"row" jsonb NOT NULL,
	"bookmarks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"photo_keys" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"purge_after" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deleted_spots" ADD CONSTRAINT "deleted_spots_map_id_maps_id_fk" FOREIGN KEY ("map_id") REFERENCES "public"."maps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deleted_spots_map_id_idx" ON "deleted_spots" USING btree ("map_id");--> statement-breakpoint
CREATE INDEX "deleted_spots_purge_after_idx" ON "deleted_spots" USING btree ("purge_after");