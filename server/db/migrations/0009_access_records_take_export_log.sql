-- Board exports are access records now (issue 9): the old export log moves into the chain in its
-- own order, then goes.
INSERT INTO "access_record" ("id", "at", "actor_id", "actor_key", "address", "action", "subject_type", "subject", "detail", "reason", "row_count", "prev_hash", "hash")
SELECT 0, e."created_at", e."user_id", u."user_key_code", e."ip", 'BOARD_EXPORT', 'board', e."board_code",
       jsonb_build_object('query', e."query"), e."reason", e."row_count", '', ''
FROM "export_log" e JOIN "app_user" u ON u."id" = e."user_id"
ORDER BY e."id";
--> statement-breakpoint
DROP TABLE "export_log" CASCADE;
