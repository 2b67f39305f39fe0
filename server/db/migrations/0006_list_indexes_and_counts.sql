CREATE TABLE "board_item_count" (
	"board_code" text NOT NULL,
	"is_notice" boolean NOT NULL,
	"show_item_to_main" boolean NOT NULL,
	"category" text NOT NULL,
	"item_count" bigint NOT NULL,
	CONSTRAINT "board_item_count_board_code_is_notice_show_item_to_main_category_pk" PRIMARY KEY("board_code","is_notice","show_item_to_main","category")
);
--> statement-breakpoint
DROP INDEX "board_item_created_idx";--> statement-breakpoint
DROP INDEX "board_item_view_idx";--> statement-breakpoint
DROP INDEX "board_item_title_idx";--> statement-breakpoint
DROP INDEX "stored_file_item_idx";--> statement-breakpoint
CREATE INDEX "board_item_list_no_idx" ON "board_item" USING btree ("board_code","item_no","id","is_notice","show_item_to_main","category") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "board_item_created_idx" ON "board_item" USING btree ("board_code","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"is_notice","show_item_to_main","category") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "board_item_view_idx" ON "board_item" USING btree ("board_code","view_count" DESC NULLS LAST,"id" DESC NULLS LAST,"is_notice","show_item_to_main","category") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "board_item_title_idx" ON "board_item" USING btree ("board_code","title","id","is_notice","show_item_to_main","category") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "stored_file_item_idx" ON "stored_file" USING btree ("board_item_id","sort_order","created_at");