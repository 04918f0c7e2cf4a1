ALTER TABLE "import_review_rows" DROP CONSTRAINT "import_review_rows_reason_check";--> statement-breakpoint
ALTER TABLE "spots" ADD COLUMN "labels" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "import_review_rows" ADD COLUMN "labels" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "import_review_rows" ADD CONSTRAINT "import_review_rows_reason_check" CHECK (reason in ('needs_place', 'needs_name', 'invalid', 'duplicate', 'already_imported'));