CREATE TABLE "used_totp_codes" (
	"user_id" text NOT NULL,
	"code" text NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "used_totp_codes_user_id_code_pk" PRIMARY KEY("user_id","code")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "used_totp_codes" ADD CONSTRAINT "used_totp_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A change of role is announced, so every API process closes the user's WebSockets: they connect
-- again and hear only what the new role may (issue 48, L8). Disabling an account deletes its
-- sessions, which the sessions trigger already announces.
CREATE OR REPLACE FUNCTION notify_user_access_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('user_access_changed', json_build_object('userId', NEW.id)::text);
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER users_access_changed AFTER UPDATE OF "role" ON "users" FOR EACH ROW
  WHEN (OLD.role IS DISTINCT FROM NEW.role)
  EXECUTE FUNCTION notify_user_access_changed();
