ALTER TABLE "import_jobs" ADD COLUMN "kind" text DEFAULT 'books' NOT NULL;--> statement-breakpoint
CREATE INDEX "import_jobs_kind_created_idx" ON "import_jobs" USING btree ("kind","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_kind" CHECK ("import_jobs"."kind" in ('books', 'quotes'));