CREATE TABLE "search_catalogue_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"video_id" text,
	"txid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_catalogue_changes_txid_idx" ON "search_catalogue_changes" USING btree ("txid");--> statement-breakpoint
CREATE INDEX "search_catalogue_changes_at_idx" ON "search_catalogue_changes" USING btree ("at");--> statement-breakpoint
-- What the search catalogue reads of a video changed: its row (added, removed or edited in a
-- column the catalogue or the text match reads).
CREATE OR REPLACE FUNCTION ipsv_search_catalogue_video() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    INSERT INTO search_catalogue_changes (video_id) VALUES (CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END);
    RETURN NULL;
  END
  $$;--> statement-breakpoint
CREATE TRIGGER videos_search_catalogue_insert AFTER INSERT OR DELETE
  ON videos FOR EACH ROW EXECUTE FUNCTION ipsv_search_catalogue_video();--> statement-breakpoint
CREATE TRIGGER videos_search_catalogue_update AFTER UPDATE OF
    owner_id, title, surgery_type_id, patient_gender, description, description_text, surgery_event, surgery_year, pgs_grade,
    visibility, whitelist, list_entries, access_grants, probe, rendition, published_version, published_at, taken_down_at,
    created_at, search_document
  ON videos FOR EACH ROW
  WHEN ((OLD.owner_id, OLD.title, OLD.surgery_type_id, OLD.patient_gender, OLD.description, OLD.description_text, OLD.surgery_event,
         OLD.surgery_year, OLD.pgs_grade, OLD.visibility, OLD.whitelist, OLD.list_entries, OLD.access_grants, OLD.probe, OLD.rendition,
         OLD.published_version, OLD.published_at, OLD.taken_down_at, OLD.created_at, OLD.search_document)
        IS DISTINCT FROM
        (NEW.owner_id, NEW.title, NEW.surgery_type_id, NEW.patient_gender, NEW.description, NEW.description_text, NEW.surgery_event,
         NEW.surgery_year, NEW.pgs_grade, NEW.visibility, NEW.whitelist, NEW.list_entries, NEW.access_grants, NEW.probe, NEW.rendition,
         NEW.published_version, NEW.published_at, NEW.taken_down_at, NEW.created_at, NEW.search_document))
  EXECUTE FUNCTION ipsv_search_catalogue_video();--> statement-breakpoint
CREATE OR REPLACE FUNCTION ipsv_search_catalogue_everything() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    INSERT INTO search_catalogue_changes (video_id) VALUES (NULL);
    RETURN NULL;
  END
  $$;--> statement-breakpoint
CREATE TRIGGER videos_search_catalogue_truncate AFTER TRUNCATE
  ON videos FOR EACH STATEMENT EXECUTE FUNCTION ipsv_search_catalogue_everything();--> statement-breakpoint
-- The popularity recount (every ten minutes) logs the videos whose views it changed.
CREATE OR REPLACE FUNCTION ipsv_search_catalogue_popularity() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    INSERT INTO search_catalogue_changes (video_id) SELECT video_id FROM changed;
    RETURN NULL;
  END
  $$;--> statement-breakpoint
CREATE TRIGGER video_popularity_search_catalogue AFTER UPDATE ON video_popularity
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION ipsv_search_catalogue_popularity();--> statement-breakpoint
-- An owner's name and picture are on the cards of their published videos.
CREATE OR REPLACE FUNCTION ipsv_search_catalogue_owner() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    INSERT INTO search_catalogue_changes (video_id) SELECT id FROM videos WHERE owner_id = NEW.id AND published_version >= 1;
    RETURN NULL;
  END
  $$;--> statement-breakpoint
CREATE TRIGGER users_search_catalogue AFTER UPDATE OF first_name, last_name, picture_key
  ON users FOR EACH ROW
  WHEN ((OLD.first_name, OLD.last_name, OLD.picture_key) IS DISTINCT FROM (NEW.first_name, NEW.last_name, NEW.picture_key))
  EXECUTE FUNCTION ipsv_search_catalogue_owner();
