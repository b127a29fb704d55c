CREATE TABLE "brand_fonts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"family" text NOT NULL,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"storage_key" text NOT NULL,
	"byte_size" bigint NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brand_fonts_format_check" CHECK ("brand_fonts"."format" in ('ttf', 'otf', 'woff2'))
);
--> statement-breakpoint
CREATE TABLE "brand_kits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"colors" jsonb NOT NULL,
	"heading_font" jsonb NOT NULL,
	"body_font" jsonb NOT NULL,
	"voice" text,
	"avoid_words" jsonb NOT NULL,
	"light_logo_key" text,
	"light_logo_width" integer,
	"light_logo_height" integer,
	"dark_logo_key" text,
	"dark_logo_width" integer,
	"dark_logo_height" integer,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "brand_fonts" ADD CONSTRAINT "brand_fonts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_fonts" ADD CONSTRAINT "brand_fonts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_kits" ADD CONSTRAINT "brand_kits_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_kits" ADD CONSTRAINT "brand_kits_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "brand_fonts_workspace_created_idx" ON "brand_fonts" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "brand_kits_one_default_unique" ON "brand_kits" USING btree ("workspace_id") WHERE "brand_kits"."is_default";--> statement-breakpoint
CREATE INDEX "brand_kits_workspace_created_idx" ON "brand_kits" USING btree ("workspace_id","created_at");