-- Search: name or description contains the text, case-insensitively, as SQLite's FTS5 trigram
-- index answers it (drizzle/sqlite/0002). Here the query is `name ILIKE '%…%' OR description
-- ILIKE '%…%'`, and pg_trgm's GIN indexes serve each side (a BitmapOr) once the text has three
-- characters; shorter text scans, as its LIKE does on SQLite. No triggers: PostgreSQL keeps its
-- indexes itself. pg_trgm ships with PostgreSQL and is trusted (the database owner may create it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- fastupdate off: a new or edited product is in the index at once. With GIN's pending list
-- instead, every search reads that list until a VACUUM merges it, and the planner, costing it,
-- scans the table after a bulk load. Products are written seldom; searched on every shop page.
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin ("name" gin_trgm_ops) WITH (fastupdate = off);
--> statement-breakpoint
CREATE INDEX "products_description_trgm_idx" ON "products" USING gin ("description" gin_trgm_ops) WITH (fastupdate = off);
