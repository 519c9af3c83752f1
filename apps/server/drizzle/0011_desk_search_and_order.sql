CREATE INDEX "profiles_display_name_trgm_idx" ON "profiles" USING gin ("display_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profiles_email_trgm_idx" ON "profiles" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profiles_sort_name_idx" ON "profiles" USING btree (lower(coalesce("display_name", "email")),"id");--> statement-breakpoint
CREATE INDEX "books_title_en_trgm_idx" ON "books" USING gin ("title_en" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "books_title_ar_trgm_idx" ON "books" USING gin ("title_ar" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "books_sort_title_idx" ON "books" USING btree (lower("title_en"),"id");--> statement-breakpoint
CREATE INDEX "checkouts_status_updated_idx" ON "checkouts" USING btree ("status","updated_at","id");--> statement-breakpoint
CREATE INDEX "checkouts_closed_due_idx" ON "checkouts" USING btree ("due_date","id") WHERE "checkouts"."status" in ('returned', 'denied', 'cancelled', 'lost');--> statement-breakpoint
CREATE INDEX "checkouts_closed_updated_idx" ON "checkouts" USING btree ("updated_at","id") WHERE "checkouts"."status" in ('returned', 'denied', 'cancelled', 'lost');