CREATE TYPE "public"."video_status" AS ENUM('uploading', 'uploaded', 'validating', 'rejected', 'awaiting_details', 'analysing', 'review', 'rendering', 'published', 'failed');--> statement-breakpoint
CREATE TYPE "public"."visibility" AS ENUM('private', 'whitelist', 'signed_in');--> statement-breakpoint
CREATE TABLE "job_heartbeats" (
	"job_id" text PRIMARY KEY NOT NULL,
	"queue" text NOT NULL,
	"beat_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "privacy_confirmations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"video_id" text NOT NULL,
	"version" integer NOT NULL,
	"ranges" jsonb NOT NULL,
	"confirmed_by" text NOT NULL,
	"confirmed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_segments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"video_id" text NOT NULL,
	"start_time" double precision NOT NULL,
	"end_time" double precision NOT NULL,
	"title" text NOT NULL,
	"category" text,
	"description" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "videos" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"status" "video_status" DEFAULT 'uploading' NOT NULL,
	"percent" real,
	"privacy_answer" text,
	"title" text DEFAULT '' NOT NULL,
	"surgery_type_id" integer,
	"patient_gender" text,
	"surgery_event" text DEFAULT '' NOT NULL,
	"description" jsonb,
	"description_text" text DEFAULT '' NOT NULL,
	"surgery_date" text,
	"surgery_year" integer,
	"pgs_grade" integer,
	"thumbnail" jsonb,
	"video_link" text DEFAULT '' NOT NULL,
	"file_name" text NOT NULL,
	"is_downloadable" boolean DEFAULT false NOT NULL,
	"visibility" "visibility" DEFAULT 'private' NOT NULL,
	"whitelist" text[] DEFAULT '{}' NOT NULL,
	"auto_confirm" boolean DEFAULT false NOT NULL,
	"details_saved_at" timestamp with time zone,
	"file_type" text,
	"category" text,
	"original_key" text NOT NULL,
	"original_deleted_at" timestamp with time zone,
	"size_bytes" bigint,
	"probe" jsonb,
	"quality" text,
	"violations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"thumbnail_times" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"filmstrip" jsonb,
	"review_proxy_key" text,
	"failure_reason" text,
	"analysis" jsonb,
	"confirmed_ranges" jsonb,
	"confirmed_by" text,
	"confirmed_at" timestamp with time zone,
	"rendering_version" integer,
	"published_version" integer DEFAULT 0 NOT NULL,
	"rendition" jsonb,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "privacy_confirmations" ADD CONSTRAINT "privacy_confirmations_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_segments" ADD CONSTRAINT "video_segments_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_surgery_type_id_surgery_types_id_fk" FOREIGN KEY ("surgery_type_id") REFERENCES "public"."surgery_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "privacy_confirmations_video_idx" ON "privacy_confirmations" USING btree ("video_id");--> statement-breakpoint
CREATE INDEX "video_segments_video_idx" ON "video_segments" USING btree ("video_id","start_time");--> statement-breakpoint
CREATE INDEX "videos_owner_idx" ON "videos" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "videos_status_idx" ON "videos" USING btree ("status");