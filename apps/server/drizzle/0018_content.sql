CREATE TABLE "collection_books" (
	"collection_id" uuid NOT NULL,
	"book_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"note" text,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collection_books_collection_id_book_id_pk" PRIMARY KEY("collection_id","book_id")
);
--> statement-breakpoint
CREATE TABLE "collections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"title_en" text,
	"title_ar" text,
	"description_en" text,
	"description_ar" text,
	"is_public" boolean DEFAULT false NOT NULL,
	"featured_at" timestamp with time zone,
	"featured_by" uuid,
	"book_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collections_has_title" CHECK ("collections"."title_en" is not null or "collections"."title_ar" is not null),
	CONSTRAINT "collections_book_count" CHECK ("collections"."book_count" >= 0),
	CONSTRAINT "collections_featured_public" CHECK ("collections"."featured_at" is null or "collections"."is_public")
);
--> statement-breakpoint
CREATE TABLE "quote_categories" (
	"quote_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	CONSTRAINT "quote_categories_quote_id_category_id_pk" PRIMARY KEY("quote_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "quote_saves" (
	"user_id" uuid NOT NULL,
	"quote_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_saves_user_id_quote_id_pk" PRIMARY KEY("user_id","quote_id")
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"external_id" text,
	"text_en" text,
	"text_ar" text,
	"speaker_en" text,
	"speaker_ar" text,
	"author_id" uuid,
	"scholar_id" uuid,
	"source_title" text,
	"source_book_id" uuid,
	"source_reference" text,
	"translator" text,
	"source_url" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"review_note" text,
	"created_by" uuid,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	"approved_at" timestamp with time zone,
	"search_text" text DEFAULT '' NOT NULL,
	"search_version" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotes_has_text" CHECK ("quotes"."text_en" is not null or "quotes"."text_ar" is not null),
	CONSTRAINT "quotes_status" CHECK ("quotes"."status" in ('draft', 'pending', 'approved', 'archived'))
);
--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "description_en" text;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "description_ar" text;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "sort_order" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "collection_books" ADD CONSTRAINT "collection_books_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_books" ADD CONSTRAINT "collection_books_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_owner_id_auth_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_featured_by_auth_users_id_fk" FOREIGN KEY ("featured_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_categories" ADD CONSTRAINT "quote_categories_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_categories" ADD CONSTRAINT "quote_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_saves" ADD CONSTRAINT "quote_saves_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_saves" ADD CONSTRAINT "quote_saves_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_author_id_authors_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."authors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_scholar_id_scholars_id_fk" FOREIGN KEY ("scholar_id") REFERENCES "public"."scholars"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_source_book_id_books_id_fk" FOREIGN KEY ("source_book_id") REFERENCES "public"."books"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_created_by_auth_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_reviewed_by_auth_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collection_books_order_idx" ON "collection_books" USING btree ("collection_id","position");--> statement-breakpoint
CREATE INDEX "collection_books_book_idx" ON "collection_books" USING btree ("book_id");--> statement-breakpoint
CREATE INDEX "collections_owner_updated_idx" ON "collections" USING btree ("owner_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "collections_public_updated_idx" ON "collections" USING btree ("updated_at" DESC NULLS LAST,"id") WHERE "collections"."is_public";--> statement-breakpoint
CREATE INDEX "collections_featured_idx" ON "collections" USING btree ("featured_at" DESC NULLS LAST) WHERE "collections"."featured_at" is not null;--> statement-breakpoint
CREATE INDEX "quote_categories_category_idx" ON "quote_categories" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "quote_saves_user_created_idx" ON "quote_saves" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "quote_saves_quote_idx" ON "quote_saves" USING btree ("quote_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_external_id_idx" ON "quotes" USING btree ("external_id");--> statement-breakpoint
CREATE INDEX "quotes_status_approved_idx" ON "quotes" USING btree ("status","approved_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "quotes_status_created_idx" ON "quotes" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "quotes_created_by_idx" ON "quotes" USING btree ("created_by","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "quotes_author_idx" ON "quotes" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "quotes_scholar_idx" ON "quotes" USING btree ("scholar_id");--> statement-breakpoint
CREATE INDEX "quotes_source_book_idx" ON "quotes" USING btree ("source_book_id");--> statement-breakpoint
CREATE INDEX "quotes_featured_idx" ON "quotes" USING btree ("id") WHERE "quotes"."featured";--> statement-breakpoint
CREATE INDEX "quotes_search_text_trgm_idx" ON "quotes" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- collections.book_count follows collection_books in the transaction that changes it, including
-- the cascade when a book is deleted, so limits and cards never count rows.
CREATE FUNCTION collection_books_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE collections SET book_count = book_count + 1 WHERE id = NEW.collection_id;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE collections SET book_count = book_count - 1 WHERE id = OLD.collection_id;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER collection_books_count AFTER INSERT OR DELETE ON collection_books
  FOR EACH ROW EXECUTE FUNCTION collection_books_count();
