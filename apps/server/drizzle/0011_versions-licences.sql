CREATE TYPE "public"."licence" AS ENUM('cc_by_nc_nd', 'cc_by_nc_sa', 'institution_education', 'on_request');--> statement-breakpoint
CREATE TYPE "public"."licence_request_status" AS ENUM('pending', 'accepted', 'declined');--> statement-breakpoint
CREATE TABLE "licence_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"video_id" text NOT NULL,
	"requester_id" text NOT NULL,
	"licence" "licence" NOT NULL,
	"institution" text NOT NULL,
	"purpose" text NOT NULL,
	"duration" text NOT NULL,
	"status" "licence_request_status" DEFAULT 'pending' NOT NULL,
	"terms" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text
);
--> statement-breakpoint
CREATE TABLE "video_versions" (
	"video_id" text NOT NULL,
	"version" integer NOT NULL,
	"ranges" jsonb NOT NULL,
	"confirmed_by" text NOT NULL,
	"confirmed_at" timestamp with time zone NOT NULL,
	"rendition" jsonb NOT NULL,
	"size_bytes" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" text,
	CONSTRAINT "video_versions_video_id_version_pk" PRIMARY KEY("video_id","version")
);
--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "licence" "licence" DEFAULT 'on_request' NOT NULL;--> statement-breakpoint
ALTER TABLE "licence_requests" ADD CONSTRAINT "licence_requests_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licence_requests" ADD CONSTRAINT "licence_requests_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_versions" ADD CONSTRAINT "video_versions_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "licence_requests_video_idx" ON "licence_requests" USING btree ("video_id","status");--> statement-breakpoint
CREATE INDEX "licence_requests_requester_idx" ON "licence_requests" USING btree ("requester_id");--> statement-breakpoint
-- The version each published video has today becomes its first recorded version (earlier ones' files were removed on republish before this migration).
INSERT INTO "video_versions" ("video_id", "version", "ranges", "confirmed_by", "confirmed_at", "rendition")
SELECT v.id, (v.rendition ->> 'version')::integer,
  coalesce(pc.ranges, v.confirmed_ranges, '[]'::jsonb), coalesce(pc.confirmed_by, v.confirmed_by, 'auto'), coalesce(pc.confirmed_at, v.confirmed_at, v.published_at, now()), v.rendition
FROM "videos" v
LEFT JOIN LATERAL (SELECT * FROM "privacy_confirmations" p WHERE p.video_id = v.id AND p.version = (v.rendition ->> 'version')::integer ORDER BY p.id DESC LIMIT 1) pc ON true
WHERE v.rendition IS NOT NULL
ON CONFLICT DO NOTHING;
