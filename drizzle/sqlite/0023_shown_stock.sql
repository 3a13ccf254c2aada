-- Issue #52: a product's page shows its stock as "Sold out", "Only N left" (N up to 5: FEW_LEFT of
-- app/lib/stock-shown.ts) or "In stock", so a stock change moves its product_versions row (0022)
-- only when min(stock, 6) moves: an order that leaves more than five keeps the page's kept copies.
-- Any other change to the product or its sizes moves it as before.
DROP TRIGGER `products_own_version_au`;
--> statement-breakpoint
CREATE TRIGGER `products_own_version_au` AFTER UPDATE ON `products`
  WHEN old.`id` IS NOT new.`id` OR old.`name` IS NOT new.`name` OR old.`description` IS NOT new.`description`
  OR old.`name_hi` IS NOT new.`name_hi` OR old.`description_hi` IS NOT new.`description_hi` OR old.`price` IS NOT new.`price`
  OR old.`mrp` IS NOT new.`mrp` OR old.`image` IS NOT new.`image` OR old.`rating` IS NOT new.`rating`
  OR old.`num_reviews` IS NOT new.`num_reviews` OR old.`hsn` IS NOT new.`hsn` OR old.`created_at` IS NOT new.`created_at`
  OR old.`deleted_at` IS NOT new.`deleted_at` OR min(old.`stock`, 6) IS NOT min(new.`stock`, 6)
BEGIN
  INSERT INTO `product_versions` (`product_id`, `version`)
    VALUES (new.`id`, coalesce((SELECT max(`version`) FROM `product_versions`), 0) + 1)
    ON CONFLICT (`product_id`) DO UPDATE SET `version` = excluded.`version`;
END;
--> statement-breakpoint
DROP TRIGGER `product_sizes_own_version_au`;
--> statement-breakpoint
CREATE TRIGGER `product_sizes_own_version_au` AFTER UPDATE ON `product_sizes`
  WHEN old.`id` IS NOT new.`id` OR old.`product_id` IS NOT new.`product_id` OR old.`label` IS NOT new.`label`
  OR old.`label_hi` IS NOT new.`label_hi` OR old.`sku` IS NOT new.`sku` OR old.`price` IS NOT new.`price`
  OR old.`mrp` IS NOT new.`mrp` OR old.`image` IS NOT new.`image` OR old.`position` IS NOT new.`position`
  OR old.`deleted_at` IS NOT new.`deleted_at` OR min(old.`stock`, 6) IS NOT min(new.`stock`, 6)
BEGIN
  INSERT INTO `product_versions` (`product_id`, `version`)
    VALUES (new.`product_id`, coalesce((SELECT max(`version`) FROM `product_versions`), 0) + 1)
    ON CONFLICT (`product_id`) DO UPDATE SET `version` = excluded.`version`;
END;
