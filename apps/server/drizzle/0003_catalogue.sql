CREATE TABLE "authors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text,
	"import_key" text,
	"name_en" text,
	"name_ar" text,
	"death_hijri" smallint,
	"death_ce" smallint,
	"biography_en" text,
	"biography_ar" text,
	"photo_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "authors_has_name" CHECK ("authors"."name_en" is not null or "authors"."name_ar" is not null)
);
--> statement-breakpoint
CREATE TABLE "book_authors" (
	"book_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "book_authors_book_id_author_id_pk" PRIMARY KEY("book_id","author_id")
);
--> statement-breakpoint
CREATE TABLE "book_categories" (
	"book_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "book_categories_book_id_category_id_pk" PRIMARY KEY("book_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "book_views" (
	"book_id" uuid NOT NULL,
	"viewer" text NOT NULL,
	"day" date DEFAULT now() NOT NULL,
	CONSTRAINT "book_views_book_id_viewer_day_pk" PRIMARY KEY("book_id","viewer","day")
);
--> statement-breakpoint
CREATE TABLE "bookmarks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"book_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "books" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"external_id" text,
	"title_en" text,
	"title_ar" text,
	"description_en" text,
	"description_ar" text,
	"publisher" text,
	"publication_year" smallint,
	"language" text,
	"format" text,
	"difficulty" text,
	"content_type" text,
	"is_digital" boolean DEFAULT false NOT NULL,
	"copies_total" integer DEFAULT 0 NOT NULL,
	"copies_available" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"cover_key" text,
	"view_count" integer DEFAULT 0 NOT NULL,
	"bookmark_count" integer DEFAULT 0 NOT NULL,
	"checkout_count" integer DEFAULT 0 NOT NULL,
	"popularity" integer GENERATED ALWAYS AS (view_count + 3 * bookmark_count + 5 * checkout_count) STORED,
	"created_by" uuid,
	"approved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "books_has_title" CHECK ("books"."title_en" is not null or "books"."title_ar" is not null),
	CONSTRAINT "books_status" CHECK ("books"."status" in ('draft', 'pending', 'approved', 'archived')),
	CONSTRAINT "books_copies" CHECK ("books"."copies_total" >= 0 and "books"."copies_available" >= 0 and "books"."copies_available" <= "books"."copies_total")
);
--> statement-breakpoint
CREATE TABLE "catalogue_seeds" (
	"name" text PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"name_en" text NOT NULL,
	"name_ar" text NOT NULL,
	"parent_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categories_not_own_parent" CHECK ("categories"."parent_id" is distinct from "categories"."id")
);
--> statement-breakpoint
CREATE TABLE "scholars" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text,
	"author_id" uuid,
	"name_en" text NOT NULL,
	"name_ar" text NOT NULL,
	"title_en" text,
	"title_ar" text,
	"photo_key" text,
	"external_link" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "book_authors" ADD CONSTRAINT "book_authors_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_authors" ADD CONSTRAINT "book_authors_author_id_authors_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."authors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_categories" ADD CONSTRAINT "book_categories_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_categories" ADD CONSTRAINT "book_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_views" ADD CONSTRAINT "book_views_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookmarks" ADD CONSTRAINT "bookmarks_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookmarks" ADD CONSTRAINT "bookmarks_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "books" ADD CONSTRAINT "books_created_by_auth_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_parent_id_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scholars" ADD CONSTRAINT "scholars_author_id_authors_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."authors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "authors_key_idx" ON "authors" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "authors_import_key_idx" ON "authors" USING btree ("import_key");--> statement-breakpoint
CREATE INDEX "book_authors_author_idx" ON "book_authors" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "book_categories_category_idx" ON "book_categories" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "book_views_day_idx" ON "book_views" USING btree ("day");--> statement-breakpoint
CREATE UNIQUE INDEX "bookmarks_user_book_idx" ON "bookmarks" USING btree ("user_id","book_id");--> statement-breakpoint
CREATE INDEX "bookmarks_user_created_idx" ON "bookmarks" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "books_external_id_idx" ON "books" USING btree ("external_id");--> statement-breakpoint
CREATE INDEX "books_status_created_idx" ON "books" USING btree ("status","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "books_status_popularity_idx" ON "books" USING btree ("status","popularity" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_key_idx" ON "categories" USING btree ("key");--> statement-breakpoint
CREATE INDEX "categories_parent_idx" ON "categories" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "scholars_key_idx" ON "scholars" USING btree ("key");--> statement-breakpoint
CREATE INDEX "scholars_order_idx" ON "scholars" USING btree ("sort_order");--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkouts_returned_idx" ON "checkouts" USING btree ("returned_at" DESC NULLS LAST);--> statement-breakpoint
-- Popularity counters follow the real signals: a first view of the day, a bookmark, a checkout.
CREATE FUNCTION "catalogue_count_signal"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'book_views' THEN
    UPDATE "books" SET "view_count" = "view_count" + 1 WHERE "id" = NEW."book_id";
  ELSIF TG_TABLE_NAME = 'checkouts' THEN
    UPDATE "books" SET "checkout_count" = "checkout_count" + 1 WHERE "id" = NEW."book_id";
  ELSIF TG_TABLE_NAME = 'bookmarks' AND TG_OP = 'INSERT' THEN
    UPDATE "books" SET "bookmark_count" = "bookmark_count" + 1 WHERE "id" = NEW."book_id";
  ELSIF TG_TABLE_NAME = 'bookmarks' AND TG_OP = 'DELETE' THEN
    UPDATE "books" SET "bookmark_count" = greatest("bookmark_count" - 1, 0) WHERE "id" = OLD."book_id";
    RETURN OLD;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "book_views_count" AFTER INSERT ON "book_views" FOR EACH ROW EXECUTE FUNCTION "catalogue_count_signal"();--> statement-breakpoint
CREATE TRIGGER "checkouts_count" AFTER INSERT ON "checkouts" FOR EACH ROW EXECUTE FUNCTION "catalogue_count_signal"();--> statement-breakpoint
CREATE TRIGGER "bookmarks_count" AFTER INSERT OR DELETE ON "bookmarks" FOR EACH ROW EXECUTE FUNCTION "catalogue_count_signal"();
