ALTER TABLE "outbox" ADD COLUMN "attempts" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "retriable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "outbox_unsent_idx" ON "outbox" USING btree ("created_at") WHERE sent_at IS NULL AND retriable;