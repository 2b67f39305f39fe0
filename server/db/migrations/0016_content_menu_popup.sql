CREATE TABLE "content_version" (
	"code" text NOT NULL,
	"version" integer NOT NULL,
	"title" text NOT NULL,
	"body" jsonb NOT NULL,
	"body_text" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"effective_from" timestamp with time zone,
	"restored_from" integer,
	"created_by" bigint,
	"created_by_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_version_code_version_pk" PRIMARY KEY("code","version")
);
--> statement-breakpoint
CREATE TABLE "popup" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "popup_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"image_file_id" text,
	"link_url" text,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"screen" text DEFAULT 'home' NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_menu" (
	"key" text PRIMARY KEY NOT NULL,
	"items" jsonb NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"modified_by" bigint,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "content_version" ADD CONSTRAINT "content_version_created_by_app_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "popup" ADD CONSTRAINT "popup_created_by_app_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_menu" ADD CONSTRAINT "site_menu_modified_by_app_user_id_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_version_published_idx" ON "content_version" USING btree ("code","effective_from" DESC NULLS LAST,"version" DESC NULLS LAST) WHERE effective_from IS NOT NULL;--> statement-breakpoint
CREATE INDEX "content_version_effective_idx" ON "content_version" USING btree ("effective_from") WHERE effective_from IS NOT NULL;--> statement-breakpoint
CREATE INDEX "popup_active_idx" ON "popup" USING btree ("ends_at","starts_at","id");--> statement-breakpoint
-- Issue 22: content, menu and pop-ups are guarded by CONTENT_Manage, given to the admin role by default
-- (on an existing site too; a role edited to drop it later keeps its choice, this runs once).
UPDATE "role" SET "permissions" = array_append("permissions", 'CONTENT_Manage') WHERE "role_code" = 'ADMIN' AND NOT ('CONTENT_Manage' = ANY("permissions"));
