CREATE TYPE "public"."surgery_type_kind" AS ENUM('procedure', 'specialty');--> statement-breakpoint
CREATE TABLE "page_views" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"path" text NOT NULL,
	"user_id" text,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "surgery_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" "surgery_type_kind" NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "surgery_types_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE INDEX "page_views_viewed_at_idx" ON "page_views" USING btree ("viewed_at");--> statement-breakpoint
CREATE INDEX "page_views_path_idx" ON "page_views" USING btree ("path");