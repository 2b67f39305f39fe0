CREATE TABLE "app_user" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "app_user_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_key_code" text NOT NULL,
	"user_type" text DEFAULT 'Member' NOT NULL,
	"role_code" text NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"mobile" text,
	"password_hash" text NOT NULL,
	"profile" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "board" (
	"board_code" text PRIMARY KEY NOT NULL,
	"area" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"list_style" text DEFAULT 'list' NOT NULL,
	"permissions" jsonb NOT NULL,
	"allow_attachments" boolean DEFAULT true NOT NULL,
	"use_comments" boolean DEFAULT false NOT NULL,
	"page_size" integer DEFAULT 10 NOT NULL,
	"max_files" integer DEFAULT 5 NOT NULL,
	"max_file_size" integer DEFAULT 20971520 NOT NULL,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"last_item_no" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "board_item" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "board_item_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"board_code" text NOT NULL,
	"item_no" integer NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"category" text,
	"writer_id" bigint,
	"writer_name" text NOT NULL,
	"is_notice" boolean DEFAULT false NOT NULL,
	"show_item_to_main" boolean DEFAULT true NOT NULL,
	"is_secret" boolean DEFAULT false NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"comment_count" integer DEFAULT 0 NOT NULL,
	"file_count" integer DEFAULT 0 NOT NULL,
	"thumbnail_file_id" text,
	"search_tokens" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "board_item_view" (
	"board_item_id" bigint NOT NULL,
	"visitor_key" text NOT NULL,
	"view_date" date NOT NULL,
	CONSTRAINT "board_item_view_board_item_id_visitor_key_view_date_pk" PRIMARY KEY("board_item_id","visitor_key","view_date")
);
--> statement-breakpoint
CREATE TABLE "role" (
	"role_code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"permissions" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "server_secret" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_setting" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stored_file" (
	"id" text PRIMARY KEY NOT NULL,
	"board_item_id" bigint,
	"original_name" text NOT NULL,
	"stored_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"thumbnail_name" text,
	"width" integer,
	"height" integer,
	"download_count" integer DEFAULT 0 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app_user" ADD CONSTRAINT "app_user_role_code_role_role_code_fk" FOREIGN KEY ("role_code") REFERENCES "public"."role"("role_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_item" ADD CONSTRAINT "board_item_board_code_board_board_code_fk" FOREIGN KEY ("board_code") REFERENCES "public"."board"("board_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_item" ADD CONSTRAINT "board_item_writer_id_app_user_id_fk" FOREIGN KEY ("writer_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_item_view" ADD CONSTRAINT "board_item_view_board_item_id_board_item_id_fk" FOREIGN KEY ("board_item_id") REFERENCES "public"."board_item"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_file" ADD CONSTRAINT "stored_file_board_item_id_board_item_id_fk" FOREIGN KEY ("board_item_id") REFERENCES "public"."board_item"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_file" ADD CONSTRAINT "stored_file_created_by_app_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "app_user_key_uq" ON "app_user" USING btree ("user_key_code");--> statement-breakpoint
CREATE UNIQUE INDEX "board_item_no_uq" ON "board_item" USING btree ("board_code","item_no");--> statement-breakpoint
CREATE INDEX "board_item_created_idx" ON "board_item" USING btree ("board_code","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "board_item_view_idx" ON "board_item" USING btree ("board_code","view_count" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "board_item_title_idx" ON "board_item" USING btree ("board_code","title","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "board_item_notice_idx" ON "board_item" USING btree ("board_code","created_at" DESC NULLS LAST) WHERE deleted_at IS NULL AND is_notice;--> statement-breakpoint
CREATE INDEX "board_item_main_idx" ON "board_item" USING btree ("board_code","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted_at IS NULL AND show_item_to_main;--> statement-breakpoint
CREATE INDEX "board_item_search_idx" ON "board_item" USING gin ("search_tokens");--> statement-breakpoint
CREATE INDEX "board_item_view_date_idx" ON "board_item_view" USING btree ("view_date");--> statement-breakpoint
CREATE INDEX "stored_file_item_idx" ON "stored_file" USING btree ("board_item_id","sort_order");