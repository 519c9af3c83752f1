CREATE TABLE "client_errors" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "client_errors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"type" text NOT NULL,
	"message" text NOT NULL,
	"stack" text,
	"url" text,
	"user_agent" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"user_id" uuid,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_errors_type_check" CHECK ("client_errors"."type" in ('javascript', 'chunk-load', 'auth'))
);
--> statement-breakpoint
CREATE TABLE "feedback_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid,
	"name" text,
	"email" text,
	"fields" jsonb NOT NULL,
	"severity" text,
	"page_context" text,
	"device" jsonb,
	"language" text,
	"status" text DEFAULT 'new' NOT NULL,
	"handled_by" uuid,
	"handled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feedback_reports_kind_check" CHECK ("feedback_reports"."kind" in ('feedback', 'bug')),
	CONSTRAINT "feedback_reports_status_check" CHECK ("feedback_reports"."status" in ('new', 'handled')),
	CONSTRAINT "feedback_reports_severity_check" CHECK ("feedback_reports"."severity" is null or "feedback_reports"."severity" in ('low', 'medium', 'high', 'critical'))
);
--> statement-breakpoint
CREATE TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "user_notifications_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"type" text DEFAULT 'info' NOT NULL,
	"event_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "user_notifications_type_check" CHECK ("user_notifications"."type" in ('success', 'warning', 'error', 'info')),
	CONSTRAINT "user_notifications_event_type_check" CHECK ("user_notifications"."event_type" is null or "user_notifications"."event_type" in ('book_request_approved', 'book_request_denied', 'checkout_overdue'))
);
--> statement-breakpoint
CREATE TABLE "web_vitals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "web_vitals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"value" double precision NOT NULL,
	"rating" text NOT NULL,
	"delta" double precision NOT NULL,
	"metric_id" text NOT NULL,
	"navigation_type" text,
	"path" text NOT NULL,
	"session_id" text NOT NULL,
	"user_id" uuid,
	"device" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"browser" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "client_errors" ADD CONSTRAINT "client_errors_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_reports" ADD CONSTRAINT "feedback_reports_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_reports" ADD CONSTRAINT "feedback_reports_handled_by_auth_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_notifications" ADD CONSTRAINT "user_notifications_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_vitals" ADD CONSTRAINT "web_vitals_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_errors_received_idx" ON "client_errors" USING btree ("received_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "client_errors_type_received_idx" ON "client_errors" USING btree ("type","received_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "feedback_reports_status_created_idx" ON "feedback_reports" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "feedback_reports_kind_created_idx" ON "feedback_reports" USING btree ("kind","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "rate_limit_counters_window_idx" ON "rate_limit_counters" USING btree ("window_start");--> statement-breakpoint
CREATE INDEX "user_notifications_user_created_idx" ON "user_notifications" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "user_notifications_user_seq_idx" ON "user_notifications" USING btree ("user_id","seq");--> statement-breakpoint
CREATE INDEX "web_vitals_name_received_idx" ON "web_vitals" USING btree ("name","received_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "web_vitals_received_idx" ON "web_vitals" USING btree ("received_at" DESC NULLS LAST);--> statement-breakpoint
-- A new notification is announced to every server instance (reader-area §2.7, ARCHITECTURE "Realtime").
-- The payload names the row; listeners read it back, so long texts never meet NOTIFY's 8000-byte limit.
CREATE FUNCTION "user_notifications_announce"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('user_notifications', json_build_object('id', NEW.id, 'user_id', NEW.user_id, 'seq', NEW.seq)::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "user_notifications_announce" AFTER INSERT ON "user_notifications"
  FOR EACH ROW EXECUTE FUNCTION "user_notifications_announce"();
