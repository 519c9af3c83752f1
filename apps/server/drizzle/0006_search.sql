CREATE TABLE "search_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"query" text NOT NULL,
	"normalized" text NOT NULL,
	"searched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL,
	"books" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "authors" ADD COLUMN "search_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "authors" ADD COLUMN "search_version" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "search_title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "search_authors" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "search_categories" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "search_body" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "search_version" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, search_title), 'A') || setweight(to_tsvector('simple'::regconfig, search_authors), 'B') || setweight(to_tsvector('simple'::regconfig, search_categories), 'C') || setweight(to_tsvector('simple'::regconfig, search_body), 'D')) STORED;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "search_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "search_version" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "search_history" ADD CONSTRAINT "search_history_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "search_history_user_query_idx" ON "search_history" USING btree ("user_id","normalized");--> statement-breakpoint
CREATE INDEX "search_history_recent_idx" ON "search_history" USING btree ("user_id","searched_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_words_prefix_idx" ON "search_words" USING btree ("word" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "authors_search_name_trgm_idx" ON "authors" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "books_search_vector_idx" ON "books" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "books_search_dirty_idx" ON "books" USING btree ("id") WHERE "books"."search_version" = 0;--> statement-breakpoint
CREATE INDEX "books_search_names_trgm_idx" ON "books" USING gin (("search_title" || ' ' || "search_authors") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "categories_search_name_trgm_idx" ON "categories" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
-- The search columns are written by the server with the one normaliser (packages/shared). These
-- triggers only mark what a change makes stale (search_version = 0); the server rewrites it.
CREATE FUNCTION "search_mark_self"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."search_version" := 0;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "books_search_stale" BEFORE INSERT OR UPDATE OF "title_en", "title_ar", "description_en", "description_ar", "publisher", "status" ON "books" FOR EACH ROW EXECUTE FUNCTION "search_mark_self"();--> statement-breakpoint
CREATE TRIGGER "authors_search_stale" BEFORE INSERT OR UPDATE OF "name_en", "name_ar" ON "authors" FOR EACH ROW EXECUTE FUNCTION "search_mark_self"();--> statement-breakpoint
CREATE TRIGGER "categories_search_stale" BEFORE INSERT OR UPDATE OF "name_en", "name_ar" ON "categories" FOR EACH ROW EXECUTE FUNCTION "search_mark_self"();--> statement-breakpoint
CREATE FUNCTION "search_mark_books"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME IN ('book_authors', 'book_categories') THEN
    UPDATE "books" SET "search_version" = 0
     WHERE "id" = (CASE WHEN TG_OP = 'DELETE' THEN OLD."book_id" ELSE NEW."book_id" END) AND "search_version" <> 0;
  ELSIF TG_TABLE_NAME = 'authors' THEN
    UPDATE "books" SET "search_version" = 0
     WHERE "search_version" <> 0 AND "id" IN (SELECT "book_id" FROM "book_authors" WHERE "author_id" = NEW."id");
  ELSIF TG_TABLE_NAME = 'categories' THEN
    UPDATE "books" SET "search_version" = 0
     WHERE "search_version" <> 0 AND "id" IN (SELECT "book_id" FROM "book_categories" WHERE "category_id" = NEW."id");
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "book_authors_search_stale" AFTER INSERT OR DELETE ON "book_authors" FOR EACH ROW EXECUTE FUNCTION "search_mark_books"();--> statement-breakpoint
CREATE TRIGGER "book_categories_search_stale" AFTER INSERT OR DELETE ON "book_categories" FOR EACH ROW EXECUTE FUNCTION "search_mark_books"();--> statement-breakpoint
CREATE TRIGGER "authors_search_books_stale" AFTER UPDATE OF "name_en", "name_ar" ON "authors" FOR EACH ROW EXECUTE FUNCTION "search_mark_books"();--> statement-breakpoint
CREATE TRIGGER "categories_search_books_stale" AFTER UPDATE OF "name_en", "name_ar" ON "categories" FOR EACH ROW EXECUTE FUNCTION "search_mark_books"();
