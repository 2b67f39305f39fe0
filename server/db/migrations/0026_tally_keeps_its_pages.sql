-- Decision 0046. Every read of a post adds its tally, a probe of this table's key. PostgreSQL costs
-- a table of no pages as nothing to scan, so on an empty, cut-down file it plans that probe as a
-- sequential scan, and each connection keeps the plan (the reads are prepared by name) while the
-- flushes refill the table, until autoanalyze has the plans made again: a bench run after a fold
-- scanned 24 million tally rows for 6,346 post reads, one on a new database 191 million for 19,301.
--
-- VACUUM keeps the pages a fold emptied (it would cut the empty file down to nothing)...
ALTER TABLE "board_item_view_tally" SET (vacuum_truncate = false);
--> statement-breakpoint
-- ...and the file starts with 32 of them (256 KB), so that a new database's is never empty either:
-- rows of ids no post has, written and deleted (autovacuum clears them; the pages stay). A seq scan
-- of 32 pages costs more than the probe on any page costs (16 already did at random_page_cost 4).
INSERT INTO "board_item_view_tally" ("board_item_id", "views") SELECT -g, 0 FROM generate_series(1, 4000) AS g;
--> statement-breakpoint
DELETE FROM "board_item_view_tally" WHERE "board_item_id" < 0;
