CREATE TABLE "collections" (
	"id" text PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"name_hi" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"description_hi" text DEFAULT '' NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "product_collections" (
	"collection_id" text NOT NULL,
	"product_id" text NOT NULL,
	CONSTRAINT "product_collections_collection_id_product_id_pk" PRIMARY KEY("collection_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "product_sizes" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"label" text NOT NULL,
	"label_hi" text DEFAULT '' NOT NULL,
	"sku" text,
	"price" integer NOT NULL,
	"mrp" integer,
	"stock" integer DEFAULT 0 NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"deleted_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "size_id" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "size_label" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_collections" ADD CONSTRAINT "product_collections_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_collections" ADD CONSTRAINT "product_collections_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_sizes" ADD CONSTRAINT "product_sizes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "collections_slug_unique" ON "collections" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "collections_position_idx" ON "collections" USING btree ("position");--> statement-breakpoint
CREATE INDEX "product_collections_product_idx" ON "product_collections" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "product_sizes_product_idx" ON "product_sizes" USING btree ("product_id","position");--> statement-breakpoint
CREATE INDEX "product_sizes_sku_idx" ON "product_sizes" USING btree ("sku") WHERE "product_sizes"."deleted_at" IS NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_size_id_product_sizes_id_fk" FOREIGN KEY ("size_id") REFERENCES "public"."product_sizes"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- Sizes and collections are catalogue too: a change moves the catalogue version (0002, 0003).
CREATE CONSTRAINT TRIGGER "product_sizes_version" AFTER INSERT OR UPDATE OR DELETE ON "product_sizes"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "catalogue_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "product_sizes_version_truncate" AFTER TRUNCATE ON "product_sizes"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_version_bump"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "collections_version" AFTER INSERT OR UPDATE OR DELETE ON "collections"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "catalogue_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "collections_version_truncate" AFTER TRUNCATE ON "collections"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_version_bump"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "product_collections_version" AFTER INSERT OR UPDATE OR DELETE ON "product_collections"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "catalogue_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "product_collections_version_truncate" AFTER TRUNCATE ON "product_collections"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_version_bump"();
