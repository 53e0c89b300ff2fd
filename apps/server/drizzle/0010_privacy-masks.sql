ALTER TABLE "privacy_confirmations" ADD COLUMN "masks" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "confirmed_masks" jsonb;