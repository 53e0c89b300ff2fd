-- Discovery: accent folding and trigram typo tolerance (both ship with PostgreSQL's contrib and
-- are trusted extensions, so the database owner may create them).
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA public;--> statement-breakpoint
-- unaccent() is STABLE (its dictionary could change); indexes and generated values need an
-- IMMUTABLE function, and the dictionary is fixed for this product.
CREATE OR REPLACE FUNCTION ipsv_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;--> statement-breakpoint
CREATE TABLE "collection_videos" (
	"collection_id" bigint NOT NULL,
	"video_id" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "collection_videos_collection_id_video_id_pk" PRIMARY KEY("collection_id","video_id")
);
--> statement-breakpoint
CREATE TABLE "collections" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "monthly_highlights" (
	"month" text PRIMARY KEY NOT NULL,
	"video_id" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"chosen_by" text,
	"chosen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_popularity" (
	"video_id" text PRIMARY KEY NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "middle_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "nickname" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "preferred_username" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "website" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "profile_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "specialty" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "biography" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "height" integer GENERATED ALWAYS AS (((probe ->> 'height'))::integer) STORED;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "duration_seconds" double precision GENERATED ALWAYS AS (COALESCE(((rendition ->> 'durationSeconds'))::double precision, ((probe ->> 'durationSeconds'))::double precision)) STORED;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "fps" double precision GENERATED ALWAYS AS (((probe ->> 'fps'))::double precision) STORED;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "weight_class" text GENERATED ALWAYS AS ((description ->> 'weightClass')) STORED;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "search_document" "tsvector";--> statement-breakpoint
ALTER TABLE "collection_videos" ADD CONSTRAINT "collection_videos_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_videos" ADD CONSTRAINT "collection_videos_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monthly_highlights" ADD CONSTRAINT "monthly_highlights_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monthly_highlights" ADD CONSTRAINT "monthly_highlights_chosen_by_users_id_fk" FOREIGN KEY ("chosen_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_popularity" ADD CONSTRAINT "video_popularity_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collection_videos_video_idx" ON "collection_videos" USING btree ("video_id");--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "video_popularity_rank_idx" ON "video_popularity" USING btree ("views" DESC NULLS LAST,"published_at" DESC NULLS LAST,"video_id");--> statement-breakpoint
CREATE INDEX "videos_search_document_idx" ON "videos" USING gin ("search_document");--> statement-breakpoint
CREATE INDEX "videos_published_idx" ON "videos" USING btree ("published_at") WHERE published_version >= 1;--> statement-breakpoint
CREATE INDEX "videos_created_published_idx" ON "videos" USING btree ("created_at") WHERE published_version >= 1;--> statement-breakpoint
-- The weighted document of one video: title (A); procedure, technique, surgery type (B); the
-- pipe-separated description, owner name, segment titles (C); surgery event, segment descriptions (D).
CREATE OR REPLACE FUNCTION ipsv_video_document(v videos) RETURNS tsvector
  LANGUAGE sql STABLE
  AS $$
    SELECT
      setweight(to_tsvector('english', ipsv_unaccent(coalesce(v.title, ''))), 'A') ||
      setweight(to_tsvector('english', ipsv_unaccent(
        coalesce(v.description ->> 'procedure', '') || ' ' || coalesce(v.description ->> 'technique', '') || ' ' ||
        coalesce((SELECT t.name FROM surgery_types t WHERE t.id = v.surgery_type_id), ''))), 'B') ||
      setweight(to_tsvector('english', ipsv_unaccent(
        replace(coalesce(v.description_text, ''), '|', ' ') || ' ' ||
        coalesce((SELECT u.first_name || ' ' || u.last_name FROM users u WHERE u.id = v.owner_id), '') || ' ' ||
        coalesce((SELECT string_agg(s.title, ' ') FROM video_segments s WHERE s.video_id = v.id), ''))), 'C') ||
      setweight(to_tsvector('english', ipsv_unaccent(
        coalesce(v.surgery_event, '') || ' ' ||
        coalesce((SELECT string_agg(s.description, ' ') FROM video_segments s WHERE s.video_id = v.id), ''))), 'D')
  $$;--> statement-breakpoint
-- Words of indexed texts for the typo lookup (sorted, so concurrent writers take locks in one order).
CREATE OR REPLACE FUNCTION ipsv_remember_words(doc text) RETURNS void
  LANGUAGE sql VOLATILE
  AS $$
    INSERT INTO search_words (word)
    SELECT DISTINCT w FROM regexp_split_to_table(lower(ipsv_unaccent(coalesce(doc, ''))), '[^[:alnum:]]+') AS w
    WHERE length(w) BETWEEN 3 AND 40
    ORDER BY w
    ON CONFLICT DO NOTHING
  $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION ipsv_videos_search_trigger() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    NEW.search_document := ipsv_video_document(NEW);
    IF TG_OP = 'INSERT' OR NEW.title IS DISTINCT FROM OLD.title OR NEW.description_text IS DISTINCT FROM OLD.description_text
       OR NEW.surgery_event IS DISTINCT FROM OLD.surgery_event THEN
      PERFORM ipsv_remember_words(NEW.title || ' ' || replace(NEW.description_text, '|', ' ') || ' ' || NEW.surgery_event);
    END IF;
    RETURN NEW;
  END
  $$;--> statement-breakpoint
CREATE TRIGGER videos_search_document BEFORE INSERT OR UPDATE OF title, description, description_text, surgery_event, surgery_type_id, owner_id
  ON videos FOR EACH ROW EXECUTE FUNCTION ipsv_videos_search_trigger();--> statement-breakpoint
-- Segments are part of their video's document: any change rebuilds it.
CREATE OR REPLACE FUNCTION ipsv_segments_search_trigger() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF TG_OP <> 'INSERT' THEN
      UPDATE videos SET search_document = ipsv_video_document(videos) WHERE id = OLD.video_id;
    END IF;
    IF TG_OP <> 'DELETE' THEN
      PERFORM ipsv_remember_words(NEW.title || ' ' || NEW.description);
      IF TG_OP = 'INSERT' OR NEW.video_id <> OLD.video_id THEN
        UPDATE videos SET search_document = ipsv_video_document(videos) WHERE id = NEW.video_id;
      END IF;
    END IF;
    RETURN NULL;
  END
  $$;--> statement-breakpoint
CREATE TRIGGER video_segments_search_document AFTER INSERT OR UPDATE OR DELETE
  ON video_segments FOR EACH ROW EXECUTE FUNCTION ipsv_segments_search_trigger();--> statement-breakpoint
-- The owner's name is part of every document of theirs.
CREATE OR REPLACE FUNCTION ipsv_users_search_trigger() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    PERFORM ipsv_remember_words(NEW.first_name || ' ' || NEW.last_name);
    IF TG_OP = 'UPDATE' THEN
      UPDATE videos SET search_document = ipsv_video_document(videos) WHERE owner_id = NEW.id;
    END IF;
    RETURN NULL;
  END
  $$;--> statement-breakpoint
CREATE TRIGGER users_search_document AFTER INSERT OR UPDATE OF first_name, last_name
  ON users FOR EACH ROW
  WHEN (pg_trigger_depth() = 0)
  EXECUTE FUNCTION ipsv_users_search_trigger();--> statement-breakpoint
-- Every published video has a popularity row (views counted by the refresh job), so the popular
-- grid reads one index in order.
CREATE OR REPLACE FUNCTION ipsv_videos_popularity_trigger() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF NEW.published_version >= 1 THEN
      INSERT INTO video_popularity (video_id, views, published_at) VALUES (NEW.id, 0, NEW.published_at)
      ON CONFLICT (video_id) DO UPDATE SET published_at = EXCLUDED.published_at
      WHERE video_popularity.published_at IS DISTINCT FROM EXCLUDED.published_at;
    END IF;
    RETURN NULL;
  END
  $$;--> statement-breakpoint
CREATE TRIGGER videos_popularity AFTER INSERT OR UPDATE OF published_version, published_at
  ON videos FOR EACH ROW EXECUTE FUNCTION ipsv_videos_popularity_trigger();--> statement-breakpoint
SELECT ipsv_remember_words(name) FROM surgery_types;--> statement-breakpoint
SELECT ipsv_remember_words(first_name || ' ' || last_name) FROM users;--> statement-breakpoint
SELECT ipsv_remember_words(title || ' ' || description) FROM video_segments;--> statement-breakpoint
SELECT ipsv_remember_words(title || ' ' || replace(description_text, '|', ' ') || ' ' || surgery_event) FROM videos;--> statement-breakpoint
UPDATE videos SET search_document = ipsv_video_document(videos);--> statement-breakpoint
INSERT INTO video_popularity (video_id, views, published_at)
  SELECT id, 0, published_at FROM videos WHERE published_version >= 1 ON CONFLICT DO NOTHING;
