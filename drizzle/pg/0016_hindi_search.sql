-- Search by Hindi names (issue #36), as SQLite's products_words_hi does it (drizzle/sqlite/0018):
-- the words of the Hindi name (A) and description (B) in a stored tsvector of their own, cut as
-- search_doc is (0012), under its own GIN index. Hindi pages search both; English pages and the
-- API search_doc alone, so their results do not change. The C.UTF-8 locale's [:alnum:] leaves out
-- the virama (U+094D) that joins the consonants of most Hindi words (बर्गमॉट, मिट्टी), which the
-- parser alone keeps, so Devanagari stays whole here but for its punctuation (। ॥ ॰), as SQLite
-- cuts it.
ALTER TABLE "products" ADD COLUMN "search_doc_hi" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('simple'::regconfig, regexp_replace("name_hi", '[^[:alnum:]\u0900-\u0963\u0966-\u096F\u0971-\u097F]+', ' ', 'g')), 'A') ||
  setweight(to_tsvector('simple'::regconfig, regexp_replace("description_hi", '[^[:alnum:]\u0900-\u0963\u0966-\u096F\u0971-\u097F]+', ' ', 'g')), 'B')
) STORED;
--> statement-breakpoint
CREATE INDEX "products_search_doc_hi_idx" ON "products" USING gin ("search_doc_hi") WITH (fastupdate = off);
--> statement-breakpoint
-- A change of the Hindi words moves the search version too (0012's trigger, its condition widened).
DROP TRIGGER "products_version_search_update" ON "products";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "products_version_search_update" AFTER UPDATE ON "products"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD."name" IS DISTINCT FROM NEW."name" OR OLD."description" IS DISTINCT FROM NEW."description"
    OR OLD."name_hi" IS DISTINCT FROM NEW."name_hi" OR OLD."description_hi" IS DISTINCT FROM NEW."description_hi"
    OR (OLD."deleted_at" IS NULL) IS DISTINCT FROM (NEW."deleted_at" IS NULL))
  EXECUTE FUNCTION "search_version_bump"();
