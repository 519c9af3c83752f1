ALTER TABLE "authors" ADD COLUMN "book_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "book_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "books_search_title_prefix_idx" ON "books" USING btree ("status", "search_title" text_pattern_ops);