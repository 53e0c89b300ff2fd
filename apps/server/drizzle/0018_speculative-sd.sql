CREATE TYPE "public"."speculative_sd_state" AS ENUM('queued', 'rendering', 'ready', 'drawing', 'failed');--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "speculative_sd" "speculative_sd_state";--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "speculative_sd_at" timestamp with time zone;