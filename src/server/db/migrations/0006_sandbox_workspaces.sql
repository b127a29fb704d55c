ALTER TABLE "sandbox_subscriptions" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
UPDATE "sandbox_subscriptions" SET "workspace_id" = "workspaces"."id" FROM "workspaces" WHERE "workspaces"."personal_of" = "sandbox_subscriptions"."user_id";--> statement-breakpoint
ALTER TABLE "sandbox_subscriptions" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_subscriptions" ADD CONSTRAINT "sandbox_subscriptions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandbox_subscriptions_workspace_created_idx" ON "sandbox_subscriptions" USING btree ("workspace_id","created_at" DESC NULLS LAST);
