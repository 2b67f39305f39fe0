CREATE TABLE "board_item_comment" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "board_item_comment_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"board_item_id" bigint NOT NULL,
	"parent_id" bigint,
	"writer_id" bigint,
	"writer_name" text NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "export_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "export_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"board_code" text NOT NULL,
	"reason" text NOT NULL,
	"ip" text NOT NULL,
	"query" jsonb NOT NULL,
	"row_count" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upload_ticket" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"board_code" text,
	"file_name" text NOT NULL,
	"declared_type" text NOT NULL,
	"declared_size" bigint NOT NULL,
	"max_size" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "board" ADD COLUMN "max_image_size" integer DEFAULT 10485760 NOT NULL;--> statement-breakpoint
ALTER TABLE "board_item" ADD COLUMN "contact_email" text;--> statement-breakpoint
ALTER TABLE "board_item" ADD COLUMN "contact_phone" text;--> statement-breakpoint
ALTER TABLE "board_item" ADD COLUMN "agreed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "board_item" ADD COLUMN "answer" text;--> statement-breakpoint
ALTER TABLE "board_item" ADD COLUMN "answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "board_item" ADD COLUMN "answered_by" bigint;--> statement-breakpoint
ALTER TABLE "stored_file" ADD COLUMN "kind" text DEFAULT 'attachment' NOT NULL;--> statement-breakpoint
ALTER TABLE "board_item_comment" ADD CONSTRAINT "board_item_comment_board_item_id_board_item_id_fk" FOREIGN KEY ("board_item_id") REFERENCES "public"."board_item"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_item_comment" ADD CONSTRAINT "board_item_comment_writer_id_app_user_id_fk" FOREIGN KEY ("writer_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_log" ADD CONSTRAINT "export_log_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_ticket" ADD CONSTRAINT "upload_ticket_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_ticket" ADD CONSTRAINT "upload_ticket_board_code_board_board_code_fk" FOREIGN KEY ("board_code") REFERENCES "public"."board"("board_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "board_item_comment_thread_idx" ON "board_item_comment" USING btree ("board_item_id",coalesce(parent_id, id),"id");--> statement-breakpoint
CREATE INDEX "board_item_comment_parent_idx" ON "board_item_comment" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "export_log_created_idx" ON "export_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "export_log_user_idx" ON "export_log" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "upload_ticket_expires_idx" ON "upload_ticket" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "board_item" ADD CONSTRAINT "board_item_answered_by_app_user_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "board_item_writer_idx" ON "board_item" USING btree ("board_code","writer_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "stored_file_unattached_idx" ON "stored_file" USING btree ("created_by","created_at") WHERE board_item_id IS NULL;