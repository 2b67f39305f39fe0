CREATE TABLE "board_item_view_tally" (
	"board_item_id" bigint PRIMARY KEY NOT NULL,
	"views" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "board_item_view_tally" ADD CONSTRAINT "board_item_view_tally_board_item_id_board_item_id_fk" FOREIGN KEY ("board_item_id") REFERENCES "public"."board_item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Room on each page for a row's next version, so a flush's update stays on its page (HOT). Drizzle
-- cannot declare a table's storage parameters (server/db/schema.ts says so beside the table).
ALTER TABLE "board_item_view_tally" SET (fillfactor = 70);
