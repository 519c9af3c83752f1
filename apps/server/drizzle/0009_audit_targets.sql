ALTER TABLE "admin_audit_log" ADD COLUMN "target_type" text DEFAULT 'user' NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD COLUMN "target_id" uuid;--> statement-breakpoint
CREATE INDEX "admin_audit_log_target_type_idx" ON "admin_audit_log" USING btree ("target_type","target_id","created_at");--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD CONSTRAINT "admin_audit_log_target_type_check" CHECK ("admin_audit_log"."target_type" in ('user', 'book', 'author', 'scholar', 'import'));--> statement-breakpoint
-- Entries written before catalogue changes were audited are all about a user account.
UPDATE "admin_audit_log" SET "target_id" = "target_user" WHERE "target_user" IS NOT NULL;
