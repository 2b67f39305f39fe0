CREATE TABLE "background_run" (
	"job" text PRIMARY KEY NOT NULL,
	"last_started_at" timestamp with time zone NOT NULL,
	"last_finished_at" timestamp with time zone,
	"last_result" jsonb,
	"runs" integer DEFAULT 0 NOT NULL
);
