CREATE TABLE "analytics_daily" (
	"metric" text NOT NULL,
	"day" date NOT NULL,
	"dimension" text DEFAULT '' NOT NULL,
	"value" double precision NOT NULL,
	"samples" bigint DEFAULT 0 NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analytics_daily_metric_day_dimension_pk" PRIMARY KEY("metric","day","dimension")
);
--> statement-breakpoint
CREATE TABLE "reader_days" (
	"day" date NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "reader_days_day_user_id_pk" PRIMARY KEY("day","user_id")
);
--> statement-breakpoint
CREATE TABLE "search_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "search_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"normalized" text NOT NULL,
	"query" text NOT NULL,
	"result_count" integer NOT NULL,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"locale" text,
	"user_id" uuid,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_events_result_count" CHECK ("search_events"."result_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "source_validation_findings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "source_validation_findings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"run_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" uuid NOT NULL,
	"related_id" uuid,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "source_validation_findings_target_type" CHECK ("source_validation_findings"."target_type" in ('book', 'author', 'category'))
);
--> statement-breakpoint
CREATE TABLE "source_validation_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"started_by" uuid,
	"checked" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error" text,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "source_validation_runs_status" CHECK ("source_validation_runs"."status" in ('running', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "reader_days" ADD CONSTRAINT "reader_days_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_events" ADD CONSTRAINT "search_events_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "source_validation_findings" ADD CONSTRAINT "source_validation_findings_run_id_source_validation_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."source_validation_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "source_validation_runs" ADD CONSTRAINT "source_validation_runs_started_by_auth_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_daily_day_idx" ON "analytics_daily" USING btree ("day");--> statement-breakpoint
CREATE INDEX "reader_days_user_idx" ON "reader_days" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "search_events_occurred_idx" ON "search_events" USING btree ("occurred_at");--> statement-breakpoint
CREATE INDEX "search_events_normalized_occurred_idx" ON "search_events" USING btree ("normalized","occurred_at");--> statement-breakpoint
CREATE INDEX "source_validation_findings_run_kind_idx" ON "source_validation_findings" USING btree ("run_id","kind","id");--> statement-breakpoint
CREATE INDEX "source_validation_findings_target_idx" ON "source_validation_findings" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "source_validation_runs_started_idx" ON "source_validation_runs" USING btree ("started_at" DESC NULLS LAST);