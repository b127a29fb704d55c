CREATE TABLE "ad_sets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"created_by" text,
	"source_klip_id" uuid,
	"brand_kit_id" uuid,
	"layout" text NOT NULL,
	"texts" jsonb NOT NULL,
	"sizes" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ad_sets_layout_check" CHECK ("ad_sets"."layout" in ('bottom-bar', 'price-badge', 'sale-banner', 'quote', 'logo-corner', 'story'))
);
--> statement-breakpoint
ALTER TABLE "klips" ADD COLUMN "brand_kit_id" uuid;--> statement-breakpoint
ALTER TABLE "klips" ADD COLUMN "ad_set_id" uuid;--> statement-breakpoint
ALTER TABLE "klips" ADD COLUMN "ad_size" text;--> statement-breakpoint
ALTER TABLE "ad_sets" ADD CONSTRAINT "ad_sets_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_sets" ADD CONSTRAINT "ad_sets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_sets" ADD CONSTRAINT "ad_sets_source_klip_id_klips_id_fk" FOREIGN KEY ("source_klip_id") REFERENCES "public"."klips"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_sets" ADD CONSTRAINT "ad_sets_brand_kit_id_brand_kits_id_fk" FOREIGN KEY ("brand_kit_id") REFERENCES "public"."brand_kits"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_sets_source_klip_idx" ON "ad_sets" USING btree ("source_klip_id") WHERE "ad_sets"."source_klip_id" is not null;--> statement-breakpoint
CREATE INDEX "ad_sets_workspace_created_idx" ON "ad_sets" USING btree ("workspace_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "klips" ADD CONSTRAINT "klips_brand_kit_id_brand_kits_id_fk" FOREIGN KEY ("brand_kit_id") REFERENCES "public"."brand_kits"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "klips" ADD CONSTRAINT "klips_ad_set_id_ad_sets_id_fk" FOREIGN KEY ("ad_set_id") REFERENCES "public"."ad_sets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "klips_brand_kit_idx" ON "klips" USING btree ("brand_kit_id") WHERE "klips"."brand_kit_id" is not null;--> statement-breakpoint
CREATE INDEX "klips_ad_set_idx" ON "klips" USING btree ("ad_set_id") WHERE "klips"."ad_set_id" is not null;--> statement-breakpoint
ALTER TABLE "klips" ADD CONSTRAINT "klips_ad_size_check" CHECK ("klips"."ad_size" is null or "klips"."ad_size" in ('square-feed', 'instagram-post', 'story', 'facebook-ad', 'shopify-product', 'etsy-listing', 'amazon-main', 'google-shopping'));