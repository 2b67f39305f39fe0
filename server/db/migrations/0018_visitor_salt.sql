-- Issue 23: the day's random salt of visitor keys (page satisfaction, visitor statistics), kept only for its day.
CREATE TABLE "daily_salt" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL
);
