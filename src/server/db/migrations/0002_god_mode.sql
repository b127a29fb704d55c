CREATE INDEX "sessions_updated_at_idx" ON "sessions" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "waitlist_score_idx" ON "waitlist" USING btree ("score" DESC NULLS LAST,"created_at");--> statement-breakpoint
CREATE INDEX "credit_transactions_user_type_amount_idx" ON "credit_transactions" USING btree ("user_id","type","amount");--> statement-breakpoint
CREATE INDEX "generation_jobs_created_idx" ON "generation_jobs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "activity_log_type_created_idx" ON "activity_log" USING btree ("type","created_at" DESC NULLS LAST);