CREATE TABLE "batch_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"batch_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"upload_id" uuid,
	"file_name" text NOT NULL,
	"job_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "batch_items_position_unique" UNIQUE("batch_id","position")
);
--> statement-breakpoint
CREATE TABLE "batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"model_type" text NOT NULL,
	"model_id" uuid NOT NULL,
	"model_name" text NOT NULL,
	"prompt" text NOT NULL,
	"aspect_ratio" text NOT NULL,
	"background_upload_id" uuid,
	"item_count" integer NOT NULL,
	"cost_per_item" integer NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "batches_item_count_check" CHECK ("batches"."item_count" between 1 and 50)
);
--> statement-breakpoint
ALTER TABLE "generation_jobs" DROP CONSTRAINT "generation_jobs_status_check";--> statement-breakpoint
ALTER TABLE "generation_jobs" ADD COLUMN "group_id" uuid;--> statement-breakpoint
ALTER TABLE "generation_jobs" ADD COLUMN "variation" integer;--> statement-breakpoint
ALTER TABLE "generation_jobs" ADD COLUMN "batch_item_id" uuid;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "thumbnail_key" text;--> statement-breakpoint
ALTER TABLE "batch_items" ADD CONSTRAINT "batch_items_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_items" ADD CONSTRAINT "batch_items_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_items" ADD CONSTRAINT "batch_items_job_id_generation_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."generation_jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_background_upload_id_uploads_id_fk" FOREIGN KEY ("background_upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "batch_items_job_idx" ON "batch_items" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "batches_user_created_idx" ON "batches" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "generation_jobs_group_idx" ON "generation_jobs" USING btree ("group_id","variation") WHERE "generation_jobs"."group_id" is not null;--> statement-breakpoint
CREATE INDEX "generation_jobs_batch_pending_idx" ON "generation_jobs" USING btree ("user_id","status","created_at") WHERE "generation_jobs"."batch_item_id" is not null and "generation_jobs"."status" in ('waiting', 'queued', 'running');--> statement-breakpoint
ALTER TABLE "generation_jobs" ADD CONSTRAINT "generation_jobs_status_check" CHECK ("generation_jobs"."status" in ('waiting', 'queued', 'running', 'succeeded', 'failed'));