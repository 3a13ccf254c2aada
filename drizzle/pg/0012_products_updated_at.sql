ALTER TABLE "products" ADD COLUMN "updated_at" timestamp (3) with time zone;
--> statement-breakpoint
-- Any change to a product row stamps it, whoever writes (the sitemap's lastmod).
CREATE FUNCTION "products_touch"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."updated_at" IS NOT DISTINCT FROM OLD."updated_at" THEN
    NEW."updated_at" := now();
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "products_touch" BEFORE UPDATE ON "products" FOR EACH ROW EXECUTE FUNCTION "products_touch"();
