CREATE TABLE "sign_in_failures" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_failure_at" timestamp with time zone DEFAULT now() NOT NULL,
	"wait_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "taken_down_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "taken_down_by" text;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "takedown_reason" text;--> statement-breakpoint
-- Every ended session (sign-out, sign out everywhere, password reset, expiry clean-up) is announced,
-- so every API process closes the WebSockets that were opened with it.
CREATE OR REPLACE FUNCTION notify_session_revoked() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('session_revoked', json_build_object('userId', OLD.user_id, 'sessionId', OLD.id)::text);
  RETURN OLD;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER sessions_revoked AFTER DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION notify_session_revoked();
