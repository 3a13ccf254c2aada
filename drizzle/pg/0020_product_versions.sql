CREATE TABLE "product_versions" (
	"product_id" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "product_versions_version_idx" ON "product_versions" USING btree ("version");
--> statement-breakpoint
-- Issue #52 (drizzle/sqlite/0022 says what moves what): a product's own pages follow
-- product_versions, the lists (catalogue_version) no longer move when only a stock level changes
-- and stays on the same side of zero. Versions come from a sequence, which takes no lock, and
-- each is told to every app server with NOTIFY as the transaction commits (app/db/pg.server.ts).
CREATE SEQUENCE "product_version_seq";
--> statement-breakpoint
-- TG_ARGV[0]: the column that names the product ("id" on products, "product_id" on the others).
CREATE FUNCTION "product_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pid text;
  v bigint;
BEGIN
  pid := (CASE WHEN TG_OP = 'DELETE' THEN to_jsonb(OLD) ELSE to_jsonb(NEW) END) ->> TG_ARGV[0];
  v := nextval('product_version_seq');
  INSERT INTO "product_versions" ("product_id", "version") VALUES (pid, v)
    ON CONFLICT ("product_id") DO UPDATE SET "version" = EXCLUDED."version";
  PERFORM pg_notify('product_version', pid || ' ' || v);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- TRUNCATE (a test resetting its database) fires no row trigger: every server forgets every version.
CREATE FUNCTION "product_version_reset"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('product_version', '*');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER "products_version" ON "products";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "products_version" AFTER INSERT OR DELETE ON "products"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "catalogue_version_bump"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "products_version_update" AFTER UPDATE ON "products"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'stock' - 'updated_at') IS DISTINCT FROM (to_jsonb(NEW) - 'stock' - 'updated_at')
    OR (OLD."stock" > 0) IS DISTINCT FROM (NEW."stock" > 0))
  EXECUTE FUNCTION "catalogue_version_bump"();
--> statement-breakpoint
DROP TRIGGER "product_sizes_version" ON "product_sizes";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "product_sizes_version" AFTER INSERT OR DELETE ON "product_sizes"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "catalogue_version_bump"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "product_sizes_version_update" AFTER UPDATE ON "product_sizes"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'stock') IS DISTINCT FROM (to_jsonb(NEW) - 'stock')
    OR (OLD."stock" > 0) IS DISTINCT FROM (NEW."stock" > 0))
  EXECUTE FUNCTION "catalogue_version_bump"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "products_own_version" AFTER INSERT OR DELETE ON "products"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "product_version_bump"('id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "products_own_version_update" AFTER UPDATE ON "products"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'updated_at') IS DISTINCT FROM (to_jsonb(NEW) - 'updated_at'))
  EXECUTE FUNCTION "product_version_bump"('id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "product_images_own_version" AFTER INSERT OR UPDATE OR DELETE ON "product_images"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "product_version_bump"('product_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "product_sizes_own_version" AFTER INSERT OR UPDATE OR DELETE ON "product_sizes"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "product_version_bump"('product_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "reviews_own_version" AFTER INSERT OR UPDATE OR DELETE ON "reviews"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "product_version_bump"('product_id');
--> statement-breakpoint
CREATE TRIGGER "products_own_version_truncate" AFTER TRUNCATE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION "product_version_reset"();
--> statement-breakpoint
CREATE TRIGGER "product_images_own_version_truncate" AFTER TRUNCATE ON "product_images"
  FOR EACH STATEMENT EXECUTE FUNCTION "product_version_reset"();
--> statement-breakpoint
CREATE TRIGGER "product_sizes_own_version_truncate" AFTER TRUNCATE ON "product_sizes"
  FOR EACH STATEMENT EXECUTE FUNCTION "product_version_reset"();
--> statement-breakpoint
CREATE TRIGGER "reviews_own_version_truncate" AFTER TRUNCATE ON "reviews"
  FOR EACH STATEMENT EXECUTE FUNCTION "product_version_reset"();
