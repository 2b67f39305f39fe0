-- Keeps board_item_count exact (docs/decisions/0011-counts-and-deep-pages.md): every statement
-- that inserts, deletes or updates posts adds its net change per counter key in the same
-- transaction, whoever sends it (the API, the seed, bulk loads, an admin console, a restore).
--
-- Statement-level triggers with transition tables: a bulk load of a million posts touches each
-- counter row once, not once per post. Keys are upserted in a fixed order, so two transactions
-- that move posts between the same boards in opposite directions cannot deadlock.

CREATE FUNCTION board_item_count_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO board_item_count AS c (board_code, is_notice, show_item_to_main, category, item_count)
    SELECT board_code, is_notice, show_item_to_main, coalesce(category, ''), count(*)
    FROM new_items WHERE deleted_at IS NULL
    GROUP BY 1, 2, 3, 4
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (board_code, is_notice, show_item_to_main, category)
      DO UPDATE SET item_count = c.item_count + excluded.item_count;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO board_item_count AS c (board_code, is_notice, show_item_to_main, category, item_count)
    SELECT board_code, is_notice, show_item_to_main, coalesce(category, ''), -count(*)
    FROM old_items WHERE deleted_at IS NULL
    GROUP BY 1, 2, 3, 4
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (board_code, is_notice, show_item_to_main, category)
      DO UPDATE SET item_count = c.item_count + excluded.item_count;
  ELSE
    -- An update leaves most keys as they were (view counts, edits): only net changes are written.
    INSERT INTO board_item_count AS c (board_code, is_notice, show_item_to_main, category, item_count)
    SELECT board_code, is_notice, show_item_to_main, category, sum(delta)
    FROM (
      SELECT board_code, is_notice, show_item_to_main, coalesce(category, '') AS category, -1 AS delta
      FROM old_items WHERE deleted_at IS NULL
      UNION ALL
      SELECT board_code, is_notice, show_item_to_main, coalesce(category, ''), 1
      FROM new_items WHERE deleted_at IS NULL
    ) AS change
    GROUP BY 1, 2, 3, 4
    HAVING sum(delta) <> 0
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (board_code, is_notice, show_item_to_main, category)
      DO UPDATE SET item_count = c.item_count + excluded.item_count;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION board_item_count_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM board_item_count;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER board_item_count_insert AFTER INSERT ON board_item
  REFERENCING NEW TABLE AS new_items
  FOR EACH STATEMENT EXECUTE FUNCTION board_item_count_apply();
--> statement-breakpoint
CREATE TRIGGER board_item_count_delete AFTER DELETE ON board_item
  REFERENCING OLD TABLE AS old_items
  FOR EACH STATEMENT EXECUTE FUNCTION board_item_count_apply();
--> statement-breakpoint
CREATE TRIGGER board_item_count_update AFTER UPDATE ON board_item
  REFERENCING OLD TABLE AS old_items NEW TABLE AS new_items
  FOR EACH STATEMENT EXECUTE FUNCTION board_item_count_apply();
--> statement-breakpoint
CREATE TRIGGER board_item_count_truncate AFTER TRUNCATE ON board_item
  FOR EACH STATEMENT EXECUTE FUNCTION board_item_count_clear();
--> statement-breakpoint
-- The posts already there. The triggers above hold a lock that keeps writers out until this
-- migration commits, so no write falls between this count and the triggers.
INSERT INTO board_item_count (board_code, is_notice, show_item_to_main, category, item_count)
SELECT board_code, is_notice, show_item_to_main, coalesce(category, ''), count(*)
FROM board_item WHERE deleted_at IS NULL
GROUP BY 1, 2, 3, 4;
