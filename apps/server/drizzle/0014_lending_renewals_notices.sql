ALTER TABLE "admin_audit_log" DROP CONSTRAINT "admin_audit_log_target_type_check";--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "renewal_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "overdue_notice_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "last_overdue_notice_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "checkouts_checked_out_idx" ON "checkouts" USING btree ("checked_out_at");--> statement-breakpoint
CREATE INDEX "checkouts_shipped_idx" ON "checkouts" USING btree ("shipped_at") WHERE "checkouts"."shipped_at" is not null;--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD CONSTRAINT "admin_audit_log_target_type_check" CHECK ("admin_audit_log"."target_type" in ('user', 'book', 'author', 'scholar', 'import', 'settings'));--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_renewal_count_check" CHECK ("checkouts"."renewal_count" >= 0);--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_overdue_notice_count_check" CHECK ("checkouts"."overdue_notice_count" >= 0);