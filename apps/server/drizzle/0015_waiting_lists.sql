CREATE TABLE "holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"book_id" uuid NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"sort_key" bigint NOT NULL,
	"locale" text DEFAULT 'en' NOT NULL,
	"loan_id" uuid,
	"offered_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "holds_status_check" CHECK ("holds"."status" in ('waiting', 'offered', 'fulfilled', 'cancelled', 'expired')),
	CONSTRAINT "holds_locale_check" CHECK ("holds"."locale" in ('en', 'ar'))
);
--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "confirm_by" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "holds" ADD CONSTRAINT "holds_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holds" ADD CONSTRAINT "holds_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holds" ADD CONSTRAINT "holds_loan_id_checkouts_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."checkouts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "holds_book_queue_idx" ON "holds" USING btree ("book_id","status","sort_key");--> statement-breakpoint
CREATE INDEX "holds_user_idx" ON "holds" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "holds_loan_idx" ON "holds" USING btree ("loan_id");--> statement-breakpoint
CREATE UNIQUE INDEX "holds_open_per_book_idx" ON "holds" USING btree ("user_id","book_id") WHERE "holds"."status" in ('waiting', 'offered');