-- The search catalogue holds each published video's segments (a result shows the one its text
-- matched best, with its start time), so a change to a segment is a change to its video in the
-- catalogue's log, also when its video's search document stays the same (a segment moved in time).
CREATE OR REPLACE FUNCTION ipsv_search_catalogue_segment() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF TG_OP <> 'INSERT' THEN
      INSERT INTO search_catalogue_changes (video_id) VALUES (OLD.video_id);
    END IF;
    IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.video_id <> OLD.video_id) THEN
      INSERT INTO search_catalogue_changes (video_id) VALUES (NEW.video_id);
    END IF;
    RETURN NULL;
  END
  $$;--> statement-breakpoint
CREATE TRIGGER video_segments_search_catalogue AFTER INSERT OR UPDATE OR DELETE
  ON video_segments FOR EACH ROW EXECUTE FUNCTION ipsv_search_catalogue_segment();
