CREATE TABLE "search_term_hidden" (
	"term" text PRIMARY KEY NOT NULL,
	"hidden_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_term_visit" (
	"day" date NOT NULL,
	"term" text NOT NULL,
	"visitor_key" text NOT NULL,
	CONSTRAINT "search_term_visit_day_term_visitor_key_pk" PRIMARY KEY("day","term","visitor_key")
);
--> statement-breakpoint
ALTER TABLE "search_term_hidden" ADD CONSTRAINT "search_term_hidden_hidden_by_app_user_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "board_item_site_search_idx" ON "board_item" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"board_code") WHERE deleted_at IS NULL AND NOT is_secret;--> statement-breakpoint
-- Issue 23: the site search finds posts by their attachments' file names. Each post's file-name
-- tokens (f:) are made here once, as fileNameTokens() makes them (each word's characters and
-- adjacent pairs, lower-cased); from now on the board's writes keep them.
UPDATE "board_item" AS i SET "search_tokens" = i."search_tokens" || ARRAY(
  SELECT DISTINCT 'f:' || g.gram
  FROM "stored_file" AS f,
       LATERAL regexp_split_to_table(lower(f."original_name"), '\s+') AS w(word),
       LATERAL (
         SELECT substr(w.word, n, 1) FROM generate_series(1, char_length(w.word)) AS n
         UNION SELECT substr(w.word, n, 2) FROM generate_series(1, char_length(w.word) - 1) AS n
       ) AS g(gram)
  WHERE f."board_item_id" = i."id" AND f."kind" = 'attachment' AND w.word <> ''
)
WHERE EXISTS (SELECT 1 FROM "stored_file" AS f WHERE f."board_item_id" = i."id" AND f."kind" = 'attachment');
