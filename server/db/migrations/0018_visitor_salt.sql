-- Issue 23: the day's random salt of visitor keys (page satisfaction, visitor statistics), kept only for its day.
CREATE TABLE "daily_salt" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL
);
--> statement-breakpoint
-- Issue 23: visitor statistics and page-satisfaction answers are read with STATS_View, given to the admin role by default
-- (the system admin always holds it).
UPDATE "role" SET "permissions" = array_append("permissions", 'STATS_View') WHERE "role_code" = 'ADMIN' AND NOT ('STATS_View' = ANY("permissions"));
