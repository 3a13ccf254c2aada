-- Issue #52 (drizzle/sqlite/0023 says why): a stock change moves a product's own version only when
-- least(stock, 6) moves; any other change to the product or its sizes moves it as before.
DROP TRIGGER "products_own_version_update" ON "products";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "products_own_version_update" AFTER UPDATE ON "products"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'updated_at' - 'stock') IS DISTINCT FROM (to_jsonb(NEW) - 'updated_at' - 'stock')
    OR least(OLD."stock", 6) IS DISTINCT FROM least(NEW."stock", 6))
  EXECUTE FUNCTION "product_version_bump"('id');
--> statement-breakpoint
DROP TRIGGER "product_sizes_own_version" ON "product_sizes";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "product_sizes_own_version" AFTER INSERT OR DELETE ON "product_sizes"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "product_version_bump"('product_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "product_sizes_own_version_update" AFTER UPDATE ON "product_sizes"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'stock') IS DISTINCT FROM (to_jsonb(NEW) - 'stock')
    OR least(OLD."stock", 6) IS DISTINCT FROM least(NEW."stock", 6))
  EXECUTE FUNCTION "product_version_bump"('product_id');
