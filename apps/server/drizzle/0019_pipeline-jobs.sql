ALTER TABLE "videos" ADD COLUMN "job_name" text;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "job_id" text;