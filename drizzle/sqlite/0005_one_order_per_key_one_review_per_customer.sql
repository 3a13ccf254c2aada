-- Double submission (issue #11). An order remembers the key it was placed with (the checkout
-- form's one-time token or the API's Idempotency-Key): one order per customer and key.
ALTER TABLE `orders` ADD `idempotency_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `orders_user_idempotency_key_unique` ON `orders` (`user_id`,`idempotency_key`) WHERE "orders"."idempotency_key" IS NOT NULL;--> statement-breakpoint
-- One review per customer per product. Before the unique index: of a customer's reviews of one
-- product only the newest stays (latest created_at, then the row written last), and the products
-- that lost reviews get their rating and count again, computed as ratingFromTotals does
-- (app/lib/rating.ts: the mean rounded half up to one decimal). Reviews without a user (the
-- demo seed's, deleted accounts') are left alone: NULLs never collide in a unique index.
CREATE TEMP TABLE `reviews_dedup_products` AS
  SELECT DISTINCT `r`.`product_id` AS `id` FROM `reviews` AS `r`
  WHERE `r`.`user_id` IS NOT NULL
    AND EXISTS (SELECT 1 FROM `reviews` AS `o` WHERE `o`.`user_id` = `r`.`user_id` AND `o`.`product_id` = `r`.`product_id` AND `o`.rowid <> `r`.rowid);--> statement-breakpoint
DELETE FROM `reviews`
WHERE `user_id` IS NOT NULL
  AND EXISTS (
    SELECT 1 FROM `reviews` AS `newer`
    WHERE `newer`.`user_id` = `reviews`.`user_id`
      AND `newer`.`product_id` = `reviews`.`product_id`
      AND (`newer`.`created_at` > `reviews`.`created_at` OR (`newer`.`created_at` = `reviews`.`created_at` AND `newer`.rowid > `reviews`.rowid))
  );--> statement-breakpoint
UPDATE `products`
SET (`num_reviews`, `rating`) = (
  SELECT count(*), CASE WHEN count(*) = 0 THEN 0 ELSE CAST((CAST(sum(`rating`) AS REAL) / count(*)) * 10 + 0.5 AS INTEGER) / 10.0 END
  FROM `reviews` WHERE `reviews`.`product_id` = `products`.`id`
)
WHERE `id` IN (SELECT `id` FROM `reviews_dedup_products`);--> statement-breakpoint
DROP TABLE `reviews_dedup_products`;--> statement-breakpoint
CREATE UNIQUE INDEX `reviews_user_product_unique` ON `reviews` (`user_id`,`product_id`);
