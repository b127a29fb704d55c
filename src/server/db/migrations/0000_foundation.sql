CREATE TABLE "accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	CONSTRAINT "sessions_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "verifications" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_profiles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"display_name" text NOT NULL,
	"avatar_key" text,
	"twitter_url" text,
	"instagram_url" text,
	"tiktok_url" text,
	"website_url" text,
	"location" text,
	"bio" text,
	"occupation" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_roles_user_id_role_pk" PRIMARY KEY("user_id","role"),
	CONSTRAINT "user_roles_role_check" CHECK ("user_roles"."role" in ('super_admin'))
);
--> statement-breakpoint
CREATE TABLE "waitlist" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone_number" text,
	"role" text,
	"company" text,
	"linkedin_url" text,
	"image_needs" text,
	"expected_plan" text,
	"score" smallint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_email_unique" UNIQUE("email"),
	CONSTRAINT "waitlist_email_lowercase_check" CHECK ("waitlist"."email" = lower("waitlist"."email")),
	CONSTRAINT "waitlist_role_check" CHECK ("waitlist"."role" is null or "waitlist"."role" in ('creator', 'marketer', 'designer', 'developer', 'business', 'other')),
	CONSTRAINT "waitlist_expected_plan_check" CHECK ("waitlist"."expected_plan" is null or "waitlist"."expected_plan" in ('starter', 'growth', 'pro', 'not_sure')),
	CONSTRAINT "waitlist_status_check" CHECK ("waitlist"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "waitlist_score_check" CHECK ("waitlist"."score" between 0 and 21)
);
--> statement-breakpoint
CREATE TABLE "klip_attributes" (
	"klip_id" uuid NOT NULL,
	"name" text NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "klip_attributes_klip_id_name_pk" PRIMARY KEY("klip_id","name")
);
--> statement-breakpoint
CREATE TABLE "klip_tags" (
	"klip_id" uuid NOT NULL,
	"tag_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "klip_tags_klip_id_tag_id_pk" PRIMARY KEY("klip_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "klip_votes" (
	"klip_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"vote_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "klip_votes_klip_id_user_id_pk" PRIMARY KEY("klip_id","user_id"),
	CONSTRAINT "klip_votes_type_check" CHECK ("klip_votes"."vote_type" in ('archived', 'one_star', 'two_stars', 'heart', 'superlike'))
);
--> statement-breakpoint
CREATE TABLE "klips" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"klip_type" text NOT NULL,
	"media_key" text NOT NULL,
	"thumbnail_key" text,
	"poster_key" text,
	"mime_type" text NOT NULL,
	"width" integer,
	"height" integer,
	"prompt" text NOT NULL,
	"model_name" text NOT NULL,
	"source" text NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"archived_count" integer DEFAULT 0 NOT NULL,
	"one_star_count" integer DEFAULT 0 NOT NULL,
	"two_stars_count" integer DEFAULT 0 NOT NULL,
	"heart_count" integer DEFAULT 0 NOT NULL,
	"superlike_count" integer DEFAULT 0 NOT NULL,
	"upvotes" integer DEFAULT 0 NOT NULL,
	"downvotes" integer DEFAULT 0 NOT NULL,
	"rating_score" integer DEFAULT 0 NOT NULL,
	"generation_job_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "klips_type_check" CHECK ("klips"."klip_type" in ('image', 'video')),
	CONSTRAINT "klips_source_check" CHECK ("klips"."source" in ('local', 'segmind', 'bfl')),
	CONSTRAINT "klips_counts_check" CHECK ("klips"."archived_count" >= 0 and "klips"."one_star_count" >= 0 and "klips"."two_stars_count" >= 0 and "klips"."heart_count" >= 0 and "klips"."superlike_count" >= 0 and "klips"."upvotes" >= 0 and "klips"."downvotes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tags_name_check" CHECK (length(btrim("tags"."name")) between 1 and 40)
);
--> statement-breakpoint
CREATE TABLE "credit_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"amount" integer NOT NULL,
	"type" text NOT NULL,
	"reference" text,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_transactions_type_check" CHECK ("credit_transactions"."type" in ('grant', 'purchase', 'usage', 'refund', 'adjustment')),
	CONSTRAINT "credit_transactions_amount_check" CHECK ("credit_transactions"."amount" <> 0),
	CONSTRAINT "credit_transactions_sign_check" CHECK (("credit_transactions"."type" in ('grant', 'purchase', 'refund') and "credit_transactions"."amount" > 0) or ("credit_transactions"."type" = 'usage' and "credit_transactions"."amount" < 0) or "credit_transactions"."type" = 'adjustment')
);
--> statement-breakpoint
CREATE TABLE "ai_models" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"api_endpoint" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ai_models_slug_unique" UNIQUE("slug"),
	CONSTRAINT "ai_models_name_unique" UNIQUE("name"),
	CONSTRAINT "ai_models_category_check" CHECK ("ai_models"."category" in ('general', 'product', 'fashion'))
);
--> statement-breakpoint
CREATE TABLE "trained_model_attributes" (
	"model_id" uuid NOT NULL,
	"name" text NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "trained_model_attributes_model_id_name_pk" PRIMARY KEY("model_id","name")
);
--> statement-breakpoint
CREATE TABLE "trained_models" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"base_model" text NOT NULL,
	"test_prompt" text,
	"trigger_word" text,
	"is_public" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trained_models_type_check" CHECK ("trained_models"."type" in ('character', 'general', 'product', 'style'))
);
--> statement-breakpoint
CREATE TABLE "kliptspirations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"prompt" text NOT NULL,
	"category" text NOT NULL,
	"subcategory" text,
	"image_key" text NOT NULL,
	"thumbnail_key" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_kliptspirations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"prompt" text NOT NULL,
	"category" text NOT NULL,
	"subcategory" text,
	"video_key" text NOT NULL,
	"poster_key" text,
	"effect" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "generation_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"step" integer DEFAULT 0 NOT NULL,
	"provider" text NOT NULL,
	"model_name" text NOT NULL,
	"input" jsonb NOT NULL,
	"cost" integer NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error_code" text,
	"error_message" text,
	"klip_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "generation_jobs_kind_check" CHECK ("generation_jobs"."kind" in ('image', 'video')),
	CONSTRAINT "generation_jobs_status_check" CHECK ("generation_jobs"."status" in ('queued', 'running', 'succeeded', 'failed')),
	CONSTRAINT "generation_jobs_progress_check" CHECK ("generation_jobs"."progress" between 0 and 100),
	CONSTRAINT "generation_jobs_cost_check" CHECK ("generation_jobs"."cost" >= 0)
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"key" text NOT NULL,
	"mime_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"original_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "activity_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "activity_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"type" text NOT NULL,
	"message" text NOT NULL,
	"details" jsonb,
	"actor_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "known_issues" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"text" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD CONSTRAINT "user_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "klip_attributes" ADD CONSTRAINT "klip_attributes_klip_id_klips_id_fk" FOREIGN KEY ("klip_id") REFERENCES "public"."klips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "klip_tags" ADD CONSTRAINT "klip_tags_klip_id_klips_id_fk" FOREIGN KEY ("klip_id") REFERENCES "public"."klips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "klip_tags" ADD CONSTRAINT "klip_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "klip_votes" ADD CONSTRAINT "klip_votes_klip_id_klips_id_fk" FOREIGN KEY ("klip_id") REFERENCES "public"."klips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "klip_votes" ADD CONSTRAINT "klip_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "klips" ADD CONSTRAINT "klips_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_transactions" ADD CONSTRAINT "credit_transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trained_model_attributes" ADD CONSTRAINT "trained_model_attributes_model_id_trained_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."trained_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trained_models" ADD CONSTRAINT "trained_models_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generation_jobs" ADD CONSTRAINT "generation_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generation_jobs" ADD CONSTRAINT "generation_jobs_klip_id_klips_id_fk" FOREIGN KEY ("klip_id") REFERENCES "public"."klips"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "known_issues" ADD CONSTRAINT "known_issues_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_user_id_idx" ON "accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "verifications_identifier_idx" ON "verifications" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "waitlist_status_score_idx" ON "waitlist" USING btree ("status","score" DESC NULLS LAST,"created_at");--> statement-breakpoint
CREATE INDEX "waitlist_created_at_idx" ON "waitlist" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "klip_tags_tag_idx" ON "klip_tags" USING btree ("tag_id","klip_id");--> statement-breakpoint
CREATE INDEX "klip_votes_user_idx" ON "klip_votes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "klip_votes_type_updated_idx" ON "klip_votes" USING btree ("vote_type","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "klips_generation_job_unique" ON "klips" USING btree ("generation_job_id");--> statement-breakpoint
CREATE INDEX "klips_user_created_idx" ON "klips" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "klips_user_type_created_idx" ON "klips" USING btree ("user_id","klip_type","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "klips_public_created_idx" ON "klips" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "klips"."is_public";--> statement-breakpoint
CREATE INDEX "klips_public_type_created_idx" ON "klips" USING btree ("klip_type","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "klips"."is_public";--> statement-breakpoint
CREATE INDEX "klips_public_rating_idx" ON "klips" USING btree ("rating_score" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "klips"."is_public";--> statement-breakpoint
CREATE INDEX "klips_created_idx" ON "klips" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "tags_name_lower_unique" ON "tags" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "credit_transactions_type_reference_unique" ON "credit_transactions" USING btree ("type","reference");--> statement-breakpoint
CREATE INDEX "credit_transactions_user_created_idx" ON "credit_transactions" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "credit_transactions_type_created_idx" ON "credit_transactions" USING btree ("type","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ai_models_order_idx" ON "ai_models" USING btree ("sort_order","created_at");--> statement-breakpoint
CREATE INDEX "trained_models_public_created_idx" ON "trained_models" USING btree ("created_at" DESC NULLS LAST) WHERE "trained_models"."is_public";--> statement-breakpoint
CREATE INDEX "trained_models_type_created_idx" ON "trained_models" USING btree ("type","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "trained_models_created_idx" ON "trained_models" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "trained_models_owner_idx" ON "trained_models" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "kliptspirations_active_idx" ON "kliptspirations" USING btree ("is_active","category","subcategory","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "video_kliptspirations_active_idx" ON "video_kliptspirations" USING btree ("is_active","category","subcategory","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "generation_jobs_user_created_idx" ON "generation_jobs" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "generation_jobs_unfinished_idx" ON "generation_jobs" USING btree ("status","updated_at") WHERE "generation_jobs"."status" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "uploads_user_created_idx" ON "uploads" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activity_log_created_idx" ON "activity_log" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "known_issues_created_idx" ON "known_issues" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "rate_limits_reset_idx" ON "rate_limits" USING btree ("reset_at");