CREATE TABLE "demo_store_media" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"product_handle" text NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"alt" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shopify_oauth_states" (
	"nonce" text PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"session_hash" text NOT NULL,
	"shop_domain" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shopify_webhook_events" (
	"webhook_id" text PRIMARY KEY NOT NULL,
	"topic" text NOT NULL,
	"shop_domain" text NOT NULL,
	"payload" jsonb NOT NULL,
	"signed_by" jsonb,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "store_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"method" text NOT NULL,
	"shop_domain" text NOT NULL,
	"shop_name" text NOT NULL,
	"access_token_encrypted" text,
	"webhook_secret_encrypted" text,
	"live_updates" boolean DEFAULT false NOT NULL,
	"connected_by" text,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sync_status" text DEFAULT 'idle' NOT NULL,
	"sync_error" text,
	"sync_watermark" timestamp with time zone,
	"sync_cursor" text,
	"last_synced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_connections_platform_check" CHECK ("store_connections"."platform" in ('shopify', 'demo')),
	CONSTRAINT "store_connections_method_check" CHECK ("store_connections"."method" in ('oauth', 'token', 'demo')),
	CONSTRAINT "store_connections_sync_status_check" CHECK ("store_connections"."sync_status" in ('idle', 'running', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "store_product_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"external_id" text NOT NULL,
	"source_url" text NOT NULL,
	"alt" text,
	"position" integer NOT NULL,
	"upload_id" uuid,
	"copy_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"connection_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"external_id" text NOT NULL,
	"title" text NOT NULL,
	"handle" text NOT NULL,
	"status" text NOT NULL,
	"vendor" text DEFAULT '' NOT NULL,
	"product_type" text DEFAULT '' NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"external_updated_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_products_status_check" CHECK ("store_products"."status" in ('active', 'draft', 'archived'))
);
--> statement-breakpoint
CREATE TABLE "store_publications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"connection_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"klip_id" uuid NOT NULL,
	"batch_id" uuid,
	"requested_by" text,
	"featured" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"stage" text DEFAULT 'new' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"media_id" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_publications_status_check" CHECK ("store_publications"."status" in ('queued', 'publishing', 'published', 'failed')),
	CONSTRAINT "store_publications_stage_check" CHECK ("store_publications"."stage" in ('new', 'attaching'))
);
--> statement-breakpoint
ALTER TABLE "batch_items" ADD COLUMN "store_product_id" uuid;--> statement-breakpoint
ALTER TABLE "demo_store_media" ADD CONSTRAINT "demo_store_media_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopify_oauth_states" ADD CONSTRAINT "shopify_oauth_states_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopify_oauth_states" ADD CONSTRAINT "shopify_oauth_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_connections" ADD CONSTRAINT "store_connections_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_connections" ADD CONSTRAINT "store_connections_connected_by_users_id_fk" FOREIGN KEY ("connected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_product_images" ADD CONSTRAINT "store_product_images_product_id_store_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."store_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_product_images" ADD CONSTRAINT "store_product_images_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_products" ADD CONSTRAINT "store_products_connection_id_store_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."store_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_products" ADD CONSTRAINT "store_products_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_publications" ADD CONSTRAINT "store_publications_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_publications" ADD CONSTRAINT "store_publications_connection_id_store_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."store_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_publications" ADD CONSTRAINT "store_publications_product_id_store_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."store_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_publications" ADD CONSTRAINT "store_publications_klip_id_klips_id_fk" FOREIGN KEY ("klip_id") REFERENCES "public"."klips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_publications" ADD CONSTRAINT "store_publications_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_publications" ADD CONSTRAINT "store_publications_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "demo_store_media_product_idx" ON "demo_store_media" USING btree ("workspace_id","product_handle","position");--> statement-breakpoint
CREATE INDEX "shopify_webhook_events_received_idx" ON "shopify_webhook_events" USING btree ("received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "store_connections_workspace_unique" ON "store_connections" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "store_connections_shop_idx" ON "store_connections" USING btree ("shop_domain");--> statement-breakpoint
CREATE UNIQUE INDEX "store_product_images_external_unique" ON "store_product_images" USING btree ("product_id","external_id");--> statement-breakpoint
CREATE INDEX "store_product_images_upload_idx" ON "store_product_images" USING btree ("upload_id");--> statement-breakpoint
CREATE UNIQUE INDEX "store_products_external_unique" ON "store_products" USING btree ("connection_id","external_id");--> statement-breakpoint
CREATE INDEX "store_products_workspace_title_idx" ON "store_products" USING btree ("workspace_id","title","id") WHERE "store_products"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "store_publications_once_unique" ON "store_publications" USING btree ("connection_id","klip_id","product_id");--> statement-breakpoint
CREATE INDEX "store_publications_klip_idx" ON "store_publications" USING btree ("klip_id","created_at");--> statement-breakpoint
CREATE INDEX "store_publications_batch_idx" ON "store_publications" USING btree ("batch_id","created_at");--> statement-breakpoint
CREATE INDEX "store_publications_unfinished_idx" ON "store_publications" USING btree ("lease_until") WHERE "store_publications"."status" in ('queued', 'publishing');--> statement-breakpoint
ALTER TABLE "batch_items" ADD CONSTRAINT "batch_items_store_product_id_store_products_id_fk" FOREIGN KEY ("store_product_id") REFERENCES "public"."store_products"("id") ON DELETE set null ON UPDATE no action;