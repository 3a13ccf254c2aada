ALTER TABLE "order_items" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Lines written before this column were listed by their physical place (ctid), as they were written.
UPDATE "order_items" SET "position" = "numbered"."n"
FROM (SELECT "id", row_number() OVER (PARTITION BY "order_id" ORDER BY ctid) - 1 AS "n" FROM "order_items") AS "numbered"
WHERE "order_items"."id" = "numbered"."id";
