-- Decision 0045: a foreign key's check locks the referenced row, and that lock writes the post's
-- heap page (its whole page into the WAL after a checkpoint) for every view a flush stores. The
-- flush stores only views of posts it finds (board/repo.ts storeViews) and posts are never
-- deleted, only marked so; a tally of a post that went would fold into nothing.
ALTER TABLE "board_item_view" DROP CONSTRAINT "board_item_view_board_item_id_board_item_id_fk";
--> statement-breakpoint
ALTER TABLE "board_item_view_tally" DROP CONSTRAINT "board_item_view_tally_board_item_id_board_item_id_fk";
