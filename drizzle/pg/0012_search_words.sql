-- Search by words (issue #25, docs/decisions/0010-search.md), as SQLite's products_words does it
-- (drizzle/sqlite/0014): the words of name (weight A) and description (weight B) in a stored
-- tsvector under a GIN index. Anything but letters, digits and marks becomes a space first, so
-- the parser sees plain words, cut where app/lib/search-words.ts and SQLite cut them
-- ("hand-poured" is hand + poured, "2.5" is 2 + 5); the 'simple' configuration only lower-cases
-- (no stemming, no stop words, no accents removed). Needs a UTF-8 locale (C.UTF-8 in the tests)
-- for non-ASCII letters to count as letters. The pg_trgm indexes of 0001 served ILIKE, now unused.
DROP INDEX IF EXISTS "products_name_trgm_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "products_description_trgm_idx";
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_doc" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('simple'::regconfig, regexp_replace("name", '[^[:alnum:]]+', ' ', 'g')), 'A') ||
  setweight(to_tsvector('simple'::regconfig, regexp_replace("description", '[^[:alnum:]]+', ' ', 'g')), 'B')
) STORED;
--> statement-breakpoint
-- fastupdate off, as in 0001: a new or edited product is found at once.
CREATE INDEX "products_search_doc_idx" ON "products" USING gin ("search_doc") WITH (fastupdate = off);
--> statement-breakpoint
-- The search version's one row (0011): moved by the triggers below.
INSERT INTO "search_version" ("id", "version") VALUES (1, 0);
--> statement-breakpoint
-- Moved once per writing transaction, when it commits, as the catalogue version is (0002): taken
-- at once, its row lock would make two transactions adding products wait for each other until
-- the first commits. Named to fire after products_version, so every transaction takes the two
-- counters' locks in the same order (catalogue, then search) and two commits cannot deadlock.
CREATE FUNCTION "search_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('shop.search_version_bumped', true) IS DISTINCT FROM 'on' THEN
    UPDATE "search_version" SET "version" = "version" + 1 WHERE "id" = 1;
    PERFORM set_config('shop.search_version_bumped', 'on', true);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "products_version_search_insert_delete" AFTER INSERT OR DELETE ON "products"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "search_version_bump"();
--> statement-breakpoint
-- Only a change of the indexed words: stock and price changes (every order) leave it alone.
CREATE CONSTRAINT TRIGGER "products_version_search_update" AFTER UPDATE ON "products"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD."name" IS DISTINCT FROM NEW."name" OR OLD."description" IS DISTINCT FROM NEW."description"
    OR (OLD."deleted_at" IS NULL) IS DISTINCT FROM (NEW."deleted_at" IS NULL))
  EXECUTE FUNCTION "search_version_bump"();
--> statement-breakpoint
-- TRUNCATE (a test resetting its database) fires no row trigger; it moves the counter at once.
CREATE TRIGGER "products_version_search_truncate" AFTER TRUNCATE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION "search_version_bump"();
