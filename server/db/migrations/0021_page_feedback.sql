-- Issue 23: page satisfaction (만족도 조사), one answer per screen, visitor key and Korean day.
CREATE TABLE "page_feedback" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "page_feedback_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"path" text NOT NULL,
	"day" date NOT NULL,
	"visitor_key" text NOT NULL,
	"score" integer NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "page_feedback_score_check" CHECK (score BETWEEN 1 AND 5)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "page_feedback_once_idx" ON "page_feedback" USING btree ("path","day","visitor_key");--> statement-breakpoint
CREATE INDEX "page_feedback_day_idx" ON "page_feedback" USING btree ("day","path","score");--> statement-breakpoint
CREATE INDEX "page_feedback_comment_idx" ON "page_feedback" USING btree ("day","id") WHERE comment IS NOT NULL;--> statement-breakpoint
CREATE INDEX "page_feedback_screen_comment_idx" ON "page_feedback" USING btree ("path","day","id") WHERE comment IS NOT NULL;