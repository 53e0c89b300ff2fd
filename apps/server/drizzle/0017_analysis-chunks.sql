CREATE TABLE "video_analysis_chunks" (
	"id" text PRIMARY KEY NOT NULL,
	"video_id" text NOT NULL,
	"index" integer NOT NULL,
	"start_seconds" double precision NOT NULL,
	"end_seconds" double precision NOT NULL,
	"percent" integer DEFAULT 0 NOT NULL,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "video_analysis_chunks" ADD CONSTRAINT "video_analysis_chunks_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "video_analysis_chunks_video_index" ON "video_analysis_chunks" USING btree ("video_id","index");