DROP INDEX "board_item_site_search_idx";--> statement-breakpoint
-- The statistics reads index-only on any server, including one left at random_page_cost = 4, where
-- a range of the key that must visit the heap loses to a bitmap scan and a sort. Drizzle cannot
-- declare INCLUDE, so these live here only (server/db/schema.ts says so beside each table).
ALTER TABLE "visit_hour" DROP CONSTRAINT "visit_hour_day_hour_bot_pk", ADD CONSTRAINT "visit_hour_day_hour_bot_pk" PRIMARY KEY ("day", "hour", "bot") INCLUDE ("views", "visitors", "day_visitors");--> statement-breakpoint
ALTER TABLE "visit_count" DROP CONSTRAINT "visit_count_kind_day_value_pk", ADD CONSTRAINT "visit_count_kind_day_value_pk" PRIMARY KEY ("kind", "day", "value") INCLUDE ("views", "visitors");--> statement-breakpoint
CREATE INDEX "visit_count_value_idx" ON "visit_count" ("kind", "value", "day") INCLUDE ("views", "visitors");
