CREATE TABLE "access_record" (
	"id" bigint PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_id" bigint,
	"actor_key" text NOT NULL,
	"address" text NOT NULL,
	"action" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"reason" text,
	"row_count" integer,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alumni" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alumni_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"organization" text DEFAULT '' NOT NULL,
	"department" text DEFAULT '' NOT NULL,
	"position" text DEFAULT '' NOT NULL,
	"email" text,
	"phone" text DEFAULT '' NOT NULL,
	"memo" text DEFAULT '' NOT NULL,
	"search_tokens" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signin_failure" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "signin_failure_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone NOT NULL,
	"user_id" bigint,
	"user_key_code" text NOT NULL,
	"address" text NOT NULL,
	"locked" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app_user" ADD COLUMN "sessions_revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "board_item" ADD COLUMN "inquiry_status" text DEFAULT 'RECEIVED' NOT NULL;--> statement-breakpoint
ALTER TABLE "upload_ticket" ADD COLUMN "purpose" text DEFAULT 'attachment' NOT NULL;--> statement-breakpoint
ALTER TABLE "access_record" ADD CONSTRAINT "access_record_actor_id_app_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signin_failure" ADD CONSTRAINT "signin_failure_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_record_at_idx" ON "access_record" USING btree ("at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "access_record_actor_idx" ON "access_record" USING btree ("actor_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "access_record_action_idx" ON "access_record" USING btree ("action","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "alumni_email_uq" ON "alumni" USING btree ("email");--> statement-breakpoint
CREATE INDEX "alumni_created_idx" ON "alumni" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "alumni_name_idx" ON "alumni" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "alumni_search_idx" ON "alumni" USING gin ("search_tokens");--> statement-breakpoint
CREATE INDEX "signin_failure_at_idx" ON "signin_failure" USING btree ("at");--> statement-breakpoint
CREATE INDEX "app_user_created_idx" ON "app_user" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "board_item_inquiry_status_idx" ON "board_item" USING btree ("board_code","inquiry_status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted_at IS NULL;--> statement-breakpoint
-- Inquiries answered before the queue existed are done.
UPDATE "board_item" SET "inquiry_status" = 'DONE' WHERE "answer" IS NOT NULL AND "inquiry_status" <> 'DONE';
--> statement-breakpoint
-- Access records (issue 9, PIPA safeguards) are a hash chain: each row carries the SHA-256 of its
-- own fields and of the previous row's hash, so a changed or removed row breaks the chain, and
-- `npm run verify-access-records` names the first bad row. The chain is made here, whoever inserts
-- (the app, a restore, a migration): one insert at a time under an advisory lock, which also
-- hands out the id, so ids follow the chain even when transactions commit out of order.
CREATE SEQUENCE "access_record_id_seq" OWNED BY "access_record"."id";
--> statement-breakpoint
-- The text a row's hash is taken over. jsonb's text form is canonical (fixed key order and
-- spacing) and keeps NULL apart from ''; the time is written in UTC whatever the session's zone.
CREATE FUNCTION access_record_canonical(r access_record) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_array(
    r.id, to_char(r.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), r.actor_id, r.actor_key,
    r.address, r.action, r.subject_type, r.subject, r.detail, r.reason, r.row_count, r.prev_hash
  )::text
$$;
--> statement-breakpoint
CREATE FUNCTION access_record_chain() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  last_hash text;
BEGIN
  -- Held to the end of the inserting transaction: the next writer reads this row's hash.
  PERFORM pg_advisory_xact_lock(hashtext('access_record_chain'));
  NEW.id := nextval('access_record_id_seq');
  SELECT hash INTO last_hash FROM access_record ORDER BY id DESC LIMIT 1;
  NEW.prev_hash := coalesce(last_hash, repeat('0', 64));
  NEW.hash := encode(sha256(convert_to(access_record_canonical(NEW), 'UTF8')), 'hex');
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER access_record_chain BEFORE INSERT ON access_record FOR EACH ROW EXECUTE FUNCTION access_record_chain();
--> statement-breakpoint
-- Records are kept (at least two years, the law's minimum; the app never deletes them) and never
-- changed: UPDATE, DELETE and TRUNCATE are refused to everyone until the table owner disables
-- these triggers, and then the chain check shows what was touched.
CREATE FUNCTION access_record_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'access records cannot be changed or deleted' USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER access_record_no_change BEFORE UPDATE OR DELETE ON access_record FOR EACH ROW EXECUTE FUNCTION access_record_refuse_change();
--> statement-breakpoint
CREATE TRIGGER access_record_no_truncate BEFORE TRUNCATE ON access_record FOR EACH STATEMENT EXECUTE FUNCTION access_record_refuse_change();
