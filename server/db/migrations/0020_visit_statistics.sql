-- Issue 23: visitor statistics as totals by hour, day and value, and the day's visitor keys that count a visitor once (module visit).
CREATE TABLE "visit_count" (
	"kind" text NOT NULL,
	"day" date NOT NULL,
	"value" text NOT NULL,
	"views" integer NOT NULL,
	"visitors" integer NOT NULL,
	CONSTRAINT "visit_count_kind_day_value_pk" PRIMARY KEY("kind","day","value")
);
--> statement-breakpoint
CREATE TABLE "visit_hour" (
	"day" date NOT NULL,
	"hour" integer NOT NULL,
	"bot" boolean NOT NULL,
	"views" integer NOT NULL,
	"visitors" integer NOT NULL,
	"day_visitors" integer NOT NULL,
	CONSTRAINT "visit_hour_day_hour_bot_pk" PRIMARY KEY("day","hour","bot")
);
--> statement-breakpoint
CREATE TABLE "visit_visitor_day" (
	"day" date NOT NULL,
	"visitor_key" text NOT NULL,
	CONSTRAINT "visit_visitor_day_day_visitor_key_pk" PRIMARY KEY("day","visitor_key")
);
--> statement-breakpoint
CREATE TABLE "visit_visitor_hour" (
	"day" date NOT NULL,
	"hour" integer NOT NULL,
	"visitor_key" text NOT NULL,
	CONSTRAINT "visit_visitor_hour_day_hour_visitor_key_pk" PRIMARY KEY("day","hour","visitor_key")
);
