-- The counter of catalogue changes (catalogueVersion in app/db/schema.ts, drizzle/sqlite/0004):
-- every insert, update or delete of products, product_images or reviews moves it, from any
-- writer. Its one row:
INSERT INTO "catalogue_version" ("id", "version") VALUES (1, 0);
--> statement-breakpoint
-- Moved once per writing transaction, when it commits: the triggers below are deferred, so the
-- row lock on catalogue_version is the last lock a transaction takes. Taken after each statement
-- instead, two orders taking stock of the same products in a different order could deadlock
-- (one holds a product and waits for the counter, the other the reverse). The transaction-local
-- setting keeps a bulk write to one UPDATE. Readers see the new version with the new rows.
CREATE FUNCTION "catalogue_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('shop.catalogue_version_bumped', true) IS DISTINCT FROM 'on' THEN
    UPDATE "catalogue_version" SET "version" = "version" + 1 WHERE "id" = 1;
    PERFORM set_config('shop.catalogue_version_bumped', 'on', true);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "products_version" AFTER INSERT OR UPDATE OR DELETE ON "products"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "catalogue_version_bump"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "product_images_version" AFTER INSERT OR UPDATE OR DELETE ON "product_images"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "catalogue_version_bump"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "reviews_version" AFTER INSERT OR UPDATE OR DELETE ON "reviews"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "catalogue_version_bump"();
--> statement-breakpoint
-- TRUNCATE (a test resetting its database) fires no row trigger; it moves the counter at once.
CREATE TRIGGER "products_version_truncate" AFTER TRUNCATE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "product_images_version_truncate" AFTER TRUNCATE ON "product_images"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "reviews_version_truncate" AFTER TRUNCATE ON "reviews"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_version_bump"();
