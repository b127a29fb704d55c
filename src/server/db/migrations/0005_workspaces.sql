CREATE TABLE "workspace_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" text,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" text,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspace_invitations_token_unique" UNIQUE("token_hash"),
	CONSTRAINT "workspace_invitations_role_check" CHECK ("workspace_invitations"."role" in ('admin', 'member'))
);
--> statement-breakpoint
CREATE TABLE "workspace_members" (
	"workspace_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"selected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspace_members_workspace_id_user_id_pk" PRIMARY KEY("workspace_id","user_id"),
	CONSTRAINT "workspace_members_role_check" CHECK ("workspace_members"."role" in ('owner', 'admin', 'member'))
);
--> statement-breakpoint
CREATE TABLE "workspaces" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"avatar_key" text,
	"personal_of" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspaces_kind_check" CHECK ("workspaces"."kind" in ('personal', 'team')),
	CONSTRAINT "workspaces_personal_check" CHECK (("workspaces"."kind" = 'personal') = ("workspaces"."personal_of" is not null))
);
--> statement-breakpoint
DROP INDEX "klips_user_type_created_idx";--> statement-breakpoint
DROP INDEX "credit_transactions_user_created_idx";--> statement-breakpoint
DROP INDEX "uploads_user_created_idx";--> statement-breakpoint
DROP INDEX "batches_user_created_idx";--> statement-breakpoint
ALTER TABLE "klips" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
ALTER TABLE "credit_transactions" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
ALTER TABLE "trained_models" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
ALTER TABLE "generation_jobs" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
ALTER TABLE "billing_checkouts" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
ALTER TABLE "billing_invoices" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
ALTER TABLE "batches" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
ALTER TABLE "workspace_invitations" ADD CONSTRAINT "workspace_invitations_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_invitations" ADD CONSTRAINT "workspace_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_invitations" ADD CONSTRAINT "workspace_invitations_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspaces" ADD CONSTRAINT "workspaces_personal_of_users_id_fk" FOREIGN KEY ("personal_of") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspaces" ADD CONSTRAINT "workspaces_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Every existing account gets its personal workspace, and everything it owns moves there.
INSERT INTO "workspaces" ("kind", "name", "personal_of", "created_by", "created_at", "updated_at") SELECT 'personal', "name", "id", "id", "created_at", "created_at" FROM "users";--> statement-breakpoint
INSERT INTO "workspace_members" ("workspace_id", "user_id", "role", "selected_at", "created_at") SELECT "id", "personal_of", 'owner', "created_at", "created_at" FROM "workspaces" WHERE "kind" = 'personal';--> statement-breakpoint
UPDATE "klips" SET "workspace_id" = "workspaces"."id" FROM "workspaces" WHERE "workspaces"."personal_of" = "klips"."user_id";--> statement-breakpoint
UPDATE "credit_transactions" SET "workspace_id" = "workspaces"."id" FROM "workspaces" WHERE "workspaces"."personal_of" = "credit_transactions"."user_id";--> statement-breakpoint
UPDATE "generation_jobs" SET "workspace_id" = "workspaces"."id" FROM "workspaces" WHERE "workspaces"."personal_of" = "generation_jobs"."user_id";--> statement-breakpoint
UPDATE "uploads" SET "workspace_id" = "workspaces"."id" FROM "workspaces" WHERE "workspaces"."personal_of" = "uploads"."user_id";--> statement-breakpoint
UPDATE "billing_checkouts" SET "workspace_id" = "workspaces"."id" FROM "workspaces" WHERE "workspaces"."personal_of" = "billing_checkouts"."user_id";--> statement-breakpoint
UPDATE "billing_invoices" SET "workspace_id" = "workspaces"."id" FROM "workspaces" WHERE "workspaces"."personal_of" = "billing_invoices"."user_id";--> statement-breakpoint
UPDATE "subscriptions" SET "workspace_id" = "workspaces"."id" FROM "workspaces" WHERE "workspaces"."personal_of" = "subscriptions"."user_id";--> statement-breakpoint
UPDATE "batches" SET "workspace_id" = "workspaces"."id" FROM "workspaces" WHERE "workspaces"."personal_of" = "batches"."user_id";--> statement-breakpoint
UPDATE "trained_models" SET "workspace_id" = "workspaces"."id" FROM "workspaces" WHERE "workspaces"."personal_of" = "trained_models"."owner_id";--> statement-breakpoint
ALTER TABLE "klips" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_transactions" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "generation_jobs" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_checkouts" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_invoices" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "batches" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
-- Every account made from now on gets its personal workspace in the same transaction, whoever inserts it.
CREATE FUNCTION "klipt_create_personal_workspace"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE personal uuid;
BEGIN
  INSERT INTO "workspaces" ("kind", "name", "personal_of", "created_by") VALUES ('personal', NEW."name", NEW."id", NEW."id") RETURNING "id" INTO personal;
  INSERT INTO "workspace_members" ("workspace_id", "user_id", "role") VALUES (personal, NEW."id", 'owner');
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_personal_workspace" AFTER INSERT ON "users" FOR EACH ROW EXECUTE FUNCTION "klipt_create_personal_workspace"();--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_invitations_open_unique" ON "workspace_invitations" USING btree ("workspace_id","email") WHERE "workspace_invitations"."accepted_at" is null and "workspace_invitations"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "workspace_invitations_workspace_created_idx" ON "workspace_invitations" USING btree ("workspace_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_members_one_owner_unique" ON "workspace_members" USING btree ("workspace_id") WHERE "workspace_members"."role" = 'owner';--> statement-breakpoint
CREATE INDEX "workspace_members_user_selected_idx" ON "workspace_members" USING btree ("user_id","selected_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "workspaces_personal_of_unique" ON "workspaces" USING btree ("personal_of");--> statement-breakpoint
CREATE INDEX "workspaces_created_idx" ON "workspaces" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "klips" ADD CONSTRAINT "klips_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_transactions" ADD CONSTRAINT "credit_transactions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trained_models" ADD CONSTRAINT "trained_models_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generation_jobs" ADD CONSTRAINT "generation_jobs_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_checkouts" ADD CONSTRAINT "billing_checkouts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_invoices" ADD CONSTRAINT "billing_invoices_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "klips_workspace_created_idx" ON "klips" USING btree ("workspace_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "klips_workspace_type_created_idx" ON "klips" USING btree ("workspace_id","klip_type","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "credit_transactions_workspace_created_idx" ON "credit_transactions" USING btree ("workspace_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "credit_transactions_workspace_type_amount_idx" ON "credit_transactions" USING btree ("workspace_id","type","amount");--> statement-breakpoint
CREATE INDEX "trained_models_workspace_idx" ON "trained_models" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "generation_jobs_workspace_created_idx" ON "generation_jobs" USING btree ("workspace_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "uploads_workspace_created_idx" ON "uploads" USING btree ("workspace_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "uploads_user_idx" ON "uploads" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "billing_invoices_workspace_created_idx" ON "billing_invoices" USING btree ("workspace_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "subscriptions_workspace_created_idx" ON "subscriptions" USING btree ("workspace_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "batches_workspace_created_idx" ON "batches" USING btree ("workspace_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "batches_user_idx" ON "batches" USING btree ("user_id");