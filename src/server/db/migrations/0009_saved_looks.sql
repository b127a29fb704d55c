CREATE TABLE "saved_looks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"created_by" text,
	"name" text NOT NULL,
	"model_type" text NOT NULL,
	"model_id" uuid NOT NULL,
	"prompt" text NOT NULL,
	"background_upload_id" uuid,
	"brand_kit_id" uuid,
	"ad_layout" text,
	"ad_texts" jsonb NOT NULL,
	"ad_sizes" jsonb NOT NULL,
	"export_presets" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_looks_ad_layout_check" CHECK ("saved_looks"."ad_layout" is null or "saved_looks"."ad_layout" in ('bottom-bar', 'price-badge', 'sale-banner', 'quote', 'logo-corner', 'story'))
);
--> statement-breakpoint
ALTER TABLE "batch_items" ADD COLUMN "ad_set_id" uuid;--> statement-breakpoint
ALTER TABLE "batch_items" ADD COLUMN "ads_failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "batches" ADD COLUMN "brand_kit_id" uuid;--> statement-breakpoint
ALTER TABLE "batches" ADD COLUMN "look_id" uuid;--> statement-breakpoint
ALTER TABLE "batches" ADD COLUMN "ad_layout" text;--> statement-breakpoint
ALTER TABLE "batches" ADD COLUMN "ad_texts" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "batches" ADD COLUMN "ad_sizes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "batches" ADD COLUMN "export_presets" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_looks" ADD CONSTRAINT "saved_looks_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_looks" ADD CONSTRAINT "saved_looks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_looks" ADD CONSTRAINT "saved_looks_background_upload_id_uploads_id_fk" FOREIGN KEY ("background_upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_looks" ADD CONSTRAINT "saved_looks_brand_kit_id_brand_kits_id_fk" FOREIGN KEY ("brand_kit_id") REFERENCES "public"."brand_kits"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_looks_workspace_name_unique" ON "saved_looks" USING btree ("workspace_id",lower("name"));--> statement-breakpoint
ALTER TABLE "batch_items" ADD CONSTRAINT "batch_items_ad_set_id_ad_sets_id_fk" FOREIGN KEY ("ad_set_id") REFERENCES "public"."ad_sets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_brand_kit_id_brand_kits_id_fk" FOREIGN KEY ("brand_kit_id") REFERENCES "public"."brand_kits"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_look_id_saved_looks_id_fk" FOREIGN KEY ("look_id") REFERENCES "public"."saved_looks"("id") ON DELETE set null ON UPDATE no action;