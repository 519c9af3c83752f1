CREATE SEQUENCE "public"."book_copy_barcode_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "book_copies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"book_id" uuid NOT NULL,
	"barcode" text DEFAULT 'MK' || lpad(nextval('book_copy_barcode_seq')::text, 7, '0') NOT NULL,
	"status" text DEFAULT 'available' NOT NULL,
	"condition_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "book_copies_status_check" CHECK ("book_copies"."status" in ('available', 'reserved', 'in_transit_out', 'on_loan', 'in_transit_back', 'lost', 'damaged', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "loan_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"loan_id" uuid NOT NULL,
	"actor_id" uuid,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkouts" ALTER COLUMN "status" SET DEFAULT 'requested';--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "copy_id" uuid;--> statement-breakpoint
-- Loans recorded before lending by shipment have no address snapshot: an empty one.
ALTER TABLE "checkouts" ADD COLUMN "shipping_address" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ALTER COLUMN "shipping_address" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "denied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "denial_reason" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "shipped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "carrier" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "return_shipped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "return_carrier" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "return_tracking_number" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "return_condition" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "lost_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "book_copies" ADD CONSTRAINT "book_copies_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_events" ADD CONSTRAINT "loan_events_loan_id_checkouts_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."checkouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_events" ADD CONSTRAINT "loan_events_actor_id_auth_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "book_copies_barcode_idx" ON "book_copies" USING btree (lower("barcode"));--> statement-breakpoint
CREATE INDEX "book_copies_book_status_idx" ON "book_copies" USING btree ("book_id","status");--> statement-breakpoint
CREATE INDEX "book_copies_barcode_trgm_idx" ON "book_copies" USING gin ("barcode" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "loan_events_loan_idx" ON "loan_events" USING btree ("loan_id","created_at");--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_copy_id_book_copies_id_fk" FOREIGN KEY ("copy_id") REFERENCES "public"."book_copies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkouts_status_checked_out_idx" ON "checkouts" USING btree ("status","checked_out_at","id");--> statement-breakpoint
CREATE INDEX "checkouts_status_due_idx" ON "checkouts" USING btree ("status","due_date","id");--> statement-breakpoint
CREATE INDEX "checkouts_closed_checked_out_idx" ON "checkouts" USING btree ("checked_out_at","id") WHERE "checkouts"."status" in ('returned', 'denied', 'cancelled', 'lost');--> statement-breakpoint
CREATE INDEX "checkouts_copy_idx" ON "checkouts" USING btree ("copy_id");--> statement-breakpoint
CREATE INDEX "checkouts_book_idx" ON "checkouts" USING btree ("book_id");--> statement-breakpoint
CREATE UNIQUE INDEX "checkouts_active_per_book_idx" ON "checkouts" USING btree ("user_id","book_id") WHERE "checkouts"."status" in ('requested', 'approved', 'shipped', 'on_loan', 'return_shipped');--> statement-breakpoint
CREATE UNIQUE INDEX "checkouts_active_per_copy_idx" ON "checkouts" USING btree ("copy_id") WHERE "checkouts"."status" in ('requested', 'approved', 'shipped', 'on_loan', 'return_shipped');--> statement-breakpoint
-- Earlier records knew only 'active' and 'returned'; anything else was a finished loan.
UPDATE "checkouts" SET "status" = CASE WHEN "returned_at" IS NOT NULL THEN 'returned' WHEN "status" = 'active' THEN 'on_loan' ELSE 'returned' END
  WHERE "status" NOT IN ('requested', 'approved', 'shipped', 'on_loan', 'return_shipped', 'returned', 'denied', 'cancelled', 'lost');--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_status_check" CHECK ("checkouts"."status" in ('requested', 'approved', 'shipped', 'on_loan', 'return_shipped', 'returned', 'denied', 'cancelled', 'lost'));--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_locale_check" CHECK ("checkouts"."locale" in ('en', 'ar'));--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_return_condition_check" CHECK ("checkouts"."return_condition" is null or "checkouts"."return_condition" in ('good', 'damaged'));--> statement-breakpoint
-- Every book gets the copies its counters say it has: the available ones available, the rest
-- 'damaged' (not lendable until the desk looks at them), so both counters stay as they were.
INSERT INTO "book_copies" ("book_id", "status", "condition_note")
SELECT b."id",
       CASE WHEN g.n <= b."copies_available" THEN 'available' ELSE 'damaged' END,
       CASE WHEN g.n <= b."copies_available" THEN NULL ELSE 'Recorded as unavailable when copies were first counted' END
FROM "books" b CROSS JOIN LATERAL generate_series(1, b."copies_total") AS g(n)
ORDER BY b."created_at", b."id", g.n;--> statement-breakpoint
-- From here on the counters follow the copies, in the transaction that changes one: a copy that is
-- withdrawn or lost no longer counts as the library's; only an available copy can be lent.
CREATE FUNCTION "book_copies_count"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_total int := 0; old_available int := 0; new_total int := 0; new_available int := 0;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    old_total := CASE WHEN OLD."status" IN ('withdrawn', 'lost') THEN 0 ELSE 1 END;
    old_available := CASE WHEN OLD."status" = 'available' THEN 1 ELSE 0 END;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    new_total := CASE WHEN NEW."status" IN ('withdrawn', 'lost') THEN 0 ELSE 1 END;
    new_available := CASE WHEN NEW."status" = 'available' THEN 1 ELSE 0 END;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD."book_id" <> NEW."book_id" THEN
    UPDATE "books" SET "copies_total" = "copies_total" - old_total, "copies_available" = "copies_available" - old_available WHERE "id" = OLD."book_id";
    UPDATE "books" SET "copies_total" = "copies_total" + new_total, "copies_available" = "copies_available" + new_available WHERE "id" = NEW."book_id";
  ELSIF new_total <> old_total OR new_available <> old_available THEN
    UPDATE "books"
       SET "copies_total" = "copies_total" + new_total - old_total,
           "copies_available" = "copies_available" + new_available - old_available
     WHERE "id" = COALESCE(NEW."book_id", OLD."book_id");
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "book_copies_count" AFTER INSERT OR UPDATE OF "status", "book_id" OR DELETE ON "book_copies" FOR EACH ROW EXECUTE FUNCTION "book_copies_count"();--> statement-breakpoint
-- Popularity counts a loan when it comes back (a returned book was read), not when it is asked for.
DROP TRIGGER "checkouts_count" ON "checkouts";--> statement-breakpoint
CREATE FUNCTION "checkouts_returned_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."status" = 'returned' AND OLD."status" IS DISTINCT FROM 'returned' THEN
    UPDATE "books" SET "checkout_count" = "checkout_count" + 1 WHERE "id" = NEW."book_id";
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "checkouts_returned_count" AFTER UPDATE OF "status" ON "checkouts" FOR EACH ROW EXECUTE FUNCTION "checkouts_returned_count"();
--> statement-breakpoint
-- A loan deleted with its reader's account (the lending record itself is kept in the audit entry)
-- lets go of a copy it only held; a copy that is out with the reader keeps its state for the desk.
CREATE FUNCTION "checkouts_release_copy"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."copy_id" IS NOT NULL AND OLD."status" IN ('requested', 'approved') THEN
    UPDATE "book_copies" SET "status" = 'available', "updated_at" = now() WHERE "id" = OLD."copy_id" AND "status" = 'reserved';
  END IF;
  RETURN OLD;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "checkouts_release_copy" BEFORE DELETE ON "checkouts" FOR EACH ROW EXECUTE FUNCTION "checkouts_release_copy"();
