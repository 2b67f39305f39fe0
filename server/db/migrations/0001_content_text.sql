ALTER TABLE "board_item" ADD COLUMN "content_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Backfill posts written before this column existed (block tags become spaces, inline tags vanish,
-- the common entities are decoded); new and edited posts get it from htmlToText in the server.
UPDATE "board_item" SET "content_text" = btrim(regexp_replace(
  replace(replace(replace(replace(replace(
    regexp_replace(regexp_replace("content", '</?(p|div|br|li|ul|ol|h[1-6]|tr|td|th|table|blockquote|pre|hr)\b[^>]*>', ' ', 'gi'), '<[^>]*>', '', 'g'),
  '&nbsp;', ' '), '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&amp;', '&'),
  '\s+', ' ', 'g'));
