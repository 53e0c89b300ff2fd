-- Each segment's words as the search matches them, stored: a search result shows the segment its
-- text matched best, and building every segment's tsvector of the page's videos at each search was
-- most of a new text's database time (bench/search-load.mjs). The same expression the query used.
ALTER TABLE "video_segments" ADD COLUMN "document" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', ipsv_unaccent(title || ' ' || description))) STORED;