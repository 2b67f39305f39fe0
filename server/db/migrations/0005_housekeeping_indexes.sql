CREATE INDEX "outbox_created_idx" ON "outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "refresh_token_expires_idx" ON "refresh_token" USING btree ("expires_at");