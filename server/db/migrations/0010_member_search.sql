CREATE INDEX "app_user_name_prefix_idx" ON "app_user" USING btree ("name" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "app_user_key_prefix_idx" ON "app_user" USING btree ("user_key_code" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "app_user_role_idx" ON "app_user" USING btree ("role_code","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "app_user_status_idx" ON "app_user" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);