CREATE TABLE "article_authors" (
	"article_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "article_authors_article_id_author_id_pk" PRIMARY KEY("article_id","author_id")
);
--> statement-breakpoint
CREATE TABLE "article_books" (
	"article_id" uuid NOT NULL,
	"book_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "article_books_article_id_book_id_pk" PRIMARY KEY("article_id","book_id")
);
--> statement-breakpoint
CREATE TABLE "article_categories" (
	"article_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	CONSTRAINT "article_categories_article_id_category_id_pk" PRIMARY KEY("article_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "articles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title_en" text,
	"title_ar" text,
	"summary_en" text,
	"summary_ar" text,
	"body_en" text,
	"body_ar" text,
	"cover_key" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"author_id" uuid,
	"search_text" text DEFAULT '' NOT NULL,
	"search_version" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "articles_has_title" CHECK ("articles"."title_en" is not null or "articles"."title_ar" is not null),
	CONSTRAINT "articles_status" CHECK ("articles"."status" in ('draft', 'published')),
	CONSTRAINT "articles_published_at" CHECK ("articles"."status" = 'draft' or "articles"."published_at" is not null)
);
--> statement-breakpoint
CREATE TABLE "faq_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"question_id" uuid,
	"topic_id" uuid,
	"question_en" text,
	"question_ar" text,
	"answer_en" text,
	"answer_ar" text,
	"published_by" uuid,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"search_version" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "faq_entries_has_question" CHECK ("faq_entries"."question_en" is not null or "faq_entries"."question_ar" is not null),
	CONSTRAINT "faq_entries_has_answer" CHECK ("faq_entries"."answer_en" is not null or "faq_entries"."answer_ar" is not null)
);
--> statement-breakpoint
CREATE TABLE "librarian_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"topic_id" uuid,
	"book_id" uuid,
	"subject" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"assigned_to" uuid,
	"locale" text DEFAULT 'en' NOT NULL,
	"publish_consent" boolean DEFAULT false NOT NULL,
	"answered_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "librarian_questions_status" CHECK ("librarian_questions"."status" in ('new', 'assigned', 'answered', 'resolved')),
	CONSTRAINT "librarian_questions_locale" CHECK ("librarian_questions"."locale" in ('en', 'ar'))
);
--> statement-breakpoint
CREATE TABLE "question_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"question_id" uuid NOT NULL,
	"author_id" uuid,
	"from_staff" boolean DEFAULT false NOT NULL,
	"body" text NOT NULL,
	"book_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "circle_meetings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"circle_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer DEFAULT 60 NOT NULL,
	"location" text,
	"note" text,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "circle_meetings_duration" CHECK ("circle_meetings"."duration_minutes" > 0 and "circle_meetings"."duration_minutes" <= 1440)
);
--> statement-breakpoint
CREATE TABLE "circle_members" (
	"circle_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text NOT NULL,
	"sort_key" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_reason" text,
	CONSTRAINT "circle_members_circle_id_user_id_pk" PRIMARY KEY("circle_id","user_id"),
	CONSTRAINT "circle_members_status" CHECK ("circle_members"."status" in ('member', 'waiting', 'left', 'removed'))
);
--> statement-breakpoint
CREATE TABLE "circle_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"circle_id" uuid NOT NULL,
	"author_id" uuid,
	"reply_to" uuid,
	"body" text NOT NULL,
	"edited_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"hidden_by" uuid,
	"hidden_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "study_circles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"language" text NOT NULL,
	"book_id" uuid,
	"guide_id" uuid,
	"capacity" integer NOT NULL,
	"host_id" uuid,
	"status" text DEFAULT 'open' NOT NULL,
	"created_by" uuid,
	"member_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "study_circles_language" CHECK ("study_circles"."language" in ('en', 'ar')),
	CONSTRAINT "study_circles_capacity" CHECK ("study_circles"."capacity" > 0),
	CONSTRAINT "study_circles_status" CHECK ("study_circles"."status" in ('open', 'closed', 'archived')),
	CONSTRAINT "study_circles_member_count" CHECK ("study_circles"."member_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "study_guide_follows" (
	"user_id" uuid NOT NULL,
	"guide_id" uuid NOT NULL,
	"last_step_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "study_guide_follows_user_id_guide_id_pk" PRIMARY KEY("user_id","guide_id")
);
--> statement-breakpoint
CREATE TABLE "study_guide_progress" (
	"user_id" uuid NOT NULL,
	"step_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "study_guide_progress_user_id_step_id_pk" PRIMARY KEY("user_id","step_id")
);
--> statement-breakpoint
CREATE TABLE "study_guide_steps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"guide_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"book_id" uuid NOT NULL,
	"chapter" text,
	"note_en" text,
	"note_ar" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "study_guides" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title_en" text,
	"title_ar" text,
	"description_en" text,
	"description_ar" text,
	"level" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"author_id" uuid,
	"search_text" text DEFAULT '' NOT NULL,
	"search_version" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "study_guides_has_title" CHECK ("study_guides"."title_en" is not null or "study_guides"."title_ar" is not null),
	CONSTRAINT "study_guides_level" CHECK ("study_guides"."level" in ('introductory', 'intermediate', 'advanced')),
	CONSTRAINT "study_guides_status" CHECK ("study_guides"."status" in ('draft', 'published'))
);
--> statement-breakpoint
ALTER TABLE "admin_audit_log" DROP CONSTRAINT "admin_audit_log_target_type_check";--> statement-breakpoint
ALTER TABLE "feedback_reports" DROP CONSTRAINT "feedback_reports_kind_check";--> statement-breakpoint
ALTER TABLE "article_authors" ADD CONSTRAINT "article_authors_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_authors" ADD CONSTRAINT "article_authors_author_id_authors_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."authors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_books" ADD CONSTRAINT "article_books_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_books" ADD CONSTRAINT "article_books_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_categories" ADD CONSTRAINT "article_categories_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_categories" ADD CONSTRAINT "article_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_author_id_auth_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faq_entries" ADD CONSTRAINT "faq_entries_question_id_librarian_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."librarian_questions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faq_entries" ADD CONSTRAINT "faq_entries_topic_id_categories_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faq_entries" ADD CONSTRAINT "faq_entries_published_by_auth_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "librarian_questions" ADD CONSTRAINT "librarian_questions_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "librarian_questions" ADD CONSTRAINT "librarian_questions_topic_id_categories_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "librarian_questions" ADD CONSTRAINT "librarian_questions_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "librarian_questions" ADD CONSTRAINT "librarian_questions_assigned_to_auth_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_messages" ADD CONSTRAINT "question_messages_question_id_librarian_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."librarian_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_messages" ADD CONSTRAINT "question_messages_author_id_auth_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle_meetings" ADD CONSTRAINT "circle_meetings_circle_id_study_circles_id_fk" FOREIGN KEY ("circle_id") REFERENCES "public"."study_circles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle_members" ADD CONSTRAINT "circle_members_circle_id_study_circles_id_fk" FOREIGN KEY ("circle_id") REFERENCES "public"."study_circles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle_members" ADD CONSTRAINT "circle_members_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle_posts" ADD CONSTRAINT "circle_posts_circle_id_study_circles_id_fk" FOREIGN KEY ("circle_id") REFERENCES "public"."study_circles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle_posts" ADD CONSTRAINT "circle_posts_author_id_auth_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle_posts" ADD CONSTRAINT "circle_posts_reply_to_circle_posts_id_fk" FOREIGN KEY ("reply_to") REFERENCES "public"."circle_posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle_posts" ADD CONSTRAINT "circle_posts_hidden_by_auth_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_circles" ADD CONSTRAINT "study_circles_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_circles" ADD CONSTRAINT "study_circles_guide_id_study_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."study_guides"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_circles" ADD CONSTRAINT "study_circles_host_id_auth_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_circles" ADD CONSTRAINT "study_circles_created_by_auth_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_guide_follows" ADD CONSTRAINT "study_guide_follows_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_guide_follows" ADD CONSTRAINT "study_guide_follows_guide_id_study_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."study_guides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_guide_follows" ADD CONSTRAINT "study_guide_follows_last_step_id_study_guide_steps_id_fk" FOREIGN KEY ("last_step_id") REFERENCES "public"."study_guide_steps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_guide_progress" ADD CONSTRAINT "study_guide_progress_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_guide_progress" ADD CONSTRAINT "study_guide_progress_step_id_study_guide_steps_id_fk" FOREIGN KEY ("step_id") REFERENCES "public"."study_guide_steps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_guide_steps" ADD CONSTRAINT "study_guide_steps_guide_id_study_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."study_guides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_guide_steps" ADD CONSTRAINT "study_guide_steps_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_guides" ADD CONSTRAINT "study_guides_author_id_auth_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "article_authors_author_idx" ON "article_authors" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "article_books_book_idx" ON "article_books" USING btree ("book_id");--> statement-breakpoint
CREATE INDEX "article_categories_category_idx" ON "article_categories" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "articles_status_published_idx" ON "articles" USING btree ("status","published_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "articles_author_idx" ON "articles" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "articles_search_text_trgm_idx" ON "articles" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "faq_entries_published_idx" ON "faq_entries" USING btree ("published_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "faq_entries_topic_idx" ON "faq_entries" USING btree ("topic_id");--> statement-breakpoint
CREATE INDEX "faq_entries_search_text_trgm_idx" ON "faq_entries" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "librarian_questions_status_created_idx" ON "librarian_questions" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "librarian_questions_user_created_idx" ON "librarian_questions" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "librarian_questions_assigned_idx" ON "librarian_questions" USING btree ("assigned_to","status");--> statement-breakpoint
CREATE INDEX "question_messages_question_created_idx" ON "question_messages" USING btree ("question_id","created_at","id");--> statement-breakpoint
CREATE INDEX "circle_meetings_circle_starts_idx" ON "circle_meetings" USING btree ("circle_id","starts_at");--> statement-breakpoint
CREATE INDEX "circle_members_circle_status_idx" ON "circle_members" USING btree ("circle_id","status","sort_key");--> statement-breakpoint
CREATE INDEX "circle_members_user_idx" ON "circle_members" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "circle_posts_circle_created_idx" ON "circle_posts" USING btree ("circle_id","created_at","id");--> statement-breakpoint
CREATE INDEX "circle_posts_author_idx" ON "circle_posts" USING btree ("author_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "circle_posts_reply_idx" ON "circle_posts" USING btree ("reply_to");--> statement-breakpoint
CREATE INDEX "study_circles_status_updated_idx" ON "study_circles" USING btree ("status","updated_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "study_circles_host_idx" ON "study_circles" USING btree ("host_id");--> statement-breakpoint
CREATE INDEX "study_circles_book_idx" ON "study_circles" USING btree ("book_id");--> statement-breakpoint
CREATE INDEX "study_circles_guide_idx" ON "study_circles" USING btree ("guide_id");--> statement-breakpoint
CREATE INDEX "study_guide_follows_user_updated_idx" ON "study_guide_follows" USING btree ("user_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "study_guide_follows_guide_idx" ON "study_guide_follows" USING btree ("guide_id");--> statement-breakpoint
CREATE INDEX "study_guide_progress_step_idx" ON "study_guide_progress" USING btree ("step_id");--> statement-breakpoint
CREATE INDEX "study_guide_steps_order_idx" ON "study_guide_steps" USING btree ("guide_id","position");--> statement-breakpoint
CREATE INDEX "study_guide_steps_book_idx" ON "study_guide_steps" USING btree ("book_id");--> statement-breakpoint
CREATE INDEX "study_guides_status_published_idx" ON "study_guides" USING btree ("status","published_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "study_guides_search_text_trgm_idx" ON "study_guides" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD CONSTRAINT "admin_audit_log_target_type_check" CHECK ("admin_audit_log"."target_type" in ('user', 'book', 'author', 'scholar', 'category', 'import', 'settings', 'quote', 'collection', 'article', 'study_guide', 'study_circle', 'question'));--> statement-breakpoint
ALTER TABLE "feedback_reports" ADD CONSTRAINT "feedback_reports_kind_check" CHECK ("feedback_reports"."kind" in ('feedback', 'bug', 'post_report'));--> statement-breakpoint
-- study_circles.member_count follows the rows of circle_members whose status is 'member', in the
-- transaction that changes them (joins, leaves, promotions from the waiting list, removals, cascades).
CREATE FUNCTION circle_members_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'member' THEN
    UPDATE study_circles SET member_count = member_count - 1 WHERE id = OLD.circle_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'member' THEN
    UPDATE study_circles SET member_count = member_count + 1 WHERE id = NEW.circle_id;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER circle_members_count AFTER INSERT OR UPDATE OF status OR DELETE ON circle_members
  FOR EACH ROW EXECUTE FUNCTION circle_members_count();
