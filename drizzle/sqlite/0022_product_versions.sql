CREATE TABLE `product_versions` (
	`product_id` text PRIMARY KEY NOT NULL,
	`version` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `product_versions_version_idx` ON `product_versions` (`version`);
--> statement-breakpoint
-- Issue #52: what a kept page shows moves only its own version. A product's own pages (its page,
-- in each language) follow product_versions, moved on any change to the product, its stock
-- included, or to its pictures, sizes or reviews; its `version` comes from one sequence over all
-- products (the greatest so far, plus one), so a reader can ask what changed since it last looked.
-- The lists (catalogue_version, 0004) no longer move when only a stock level changes and stays on
-- the same side of zero: a card shows "Sold out" and nothing else of the stock. updated_at is the
-- sitemap's, stamped by products_touch (0013) on every update.
DROP TRIGGER `products_version_au`;
--> statement-breakpoint
CREATE TRIGGER `products_version_au` AFTER UPDATE ON `products`
  WHEN old.`id` IS NOT new.`id` OR old.`name` IS NOT new.`name` OR old.`description` IS NOT new.`description`
  OR old.`name_hi` IS NOT new.`name_hi` OR old.`description_hi` IS NOT new.`description_hi` OR old.`price` IS NOT new.`price`
  OR old.`mrp` IS NOT new.`mrp` OR old.`image` IS NOT new.`image` OR old.`rating` IS NOT new.`rating`
  OR old.`num_reviews` IS NOT new.`num_reviews` OR old.`hsn` IS NOT new.`hsn` OR old.`created_at` IS NOT new.`created_at`
  OR old.`deleted_at` IS NOT new.`deleted_at`
  OR (old.`stock` > 0) IS NOT (new.`stock` > 0)
BEGIN
  UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
DROP TRIGGER `product_sizes_version_au`;
--> statement-breakpoint
CREATE TRIGGER `product_sizes_version_au` AFTER UPDATE ON `product_sizes`
  WHEN old.`id` IS NOT new.`id` OR old.`product_id` IS NOT new.`product_id` OR old.`label` IS NOT new.`label`
  OR old.`label_hi` IS NOT new.`label_hi` OR old.`sku` IS NOT new.`sku` OR old.`price` IS NOT new.`price`
  OR old.`mrp` IS NOT new.`mrp` OR old.`image` IS NOT new.`image` OR old.`position` IS NOT new.`position`
  OR old.`deleted_at` IS NOT new.`deleted_at`
  OR (old.`stock` > 0) IS NOT (new.`stock` > 0)
BEGIN
  UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `products_own_version_ai` AFTER INSERT ON `products` BEGIN
  INSERT INTO `product_versions` (`product_id`, `version`)
    VALUES (new.`id`, coalesce((SELECT max(`version`) FROM `product_versions`), 0) + 1)
    ON CONFLICT (`product_id`) DO UPDATE SET `version` = excluded.`version`;
END;
--> statement-breakpoint
CREATE TRIGGER `products_own_version_au` AFTER UPDATE ON `products`
  WHEN old.`id` IS NOT new.`id` OR old.`name` IS NOT new.`name` OR old.`description` IS NOT new.`description`
  OR old.`name_hi` IS NOT new.`name_hi` OR old.`description_hi` IS NOT new.`description_hi` OR old.`price` IS NOT new.`price`
  OR old.`mrp` IS NOT new.`mrp` OR old.`image` IS NOT new.`image` OR old.`rating` IS NOT new.`rating`
  OR old.`num_reviews` IS NOT new.`num_reviews` OR old.`hsn` IS NOT new.`hsn` OR old.`created_at` IS NOT new.`created_at`
  OR old.`deleted_at` IS NOT new.`deleted_at` OR old.`stock` IS NOT new.`stock`
BEGIN
  INSERT INTO `product_versions` (`product_id`, `version`)
    VALUES (new.`id`, coalesce((SELECT max(`version`) FROM `product_versions`), 0) + 1)
    ON CONFLICT (`product_id`) DO UPDATE SET `version` = excluded.`version`;
END;
--> statement-breakpoint
CREATE TRIGGER `products_own_version_ad` AFTER DELETE ON `products` BEGIN
  INSERT INTO `product_versions` (`product_id`, `version`)
    VALUES (old.`id`, coalesce((SELECT max(`version`) FROM `product_versions`), 0) + 1)
    ON CONFLICT (`product_id`) DO UPDATE SET `version` = excluded.`version`;
END;
--> statement-breakpoint
CREATE TRIGGER `product_images_own_version_ai` AFTER INSERT ON `product_images` BEGIN
  INSERT INTO `product_versions` (`product_id`, `version`)
    VALUES (new.`product_id`, coalesce((SELECT max(`version`) FROM `product_versions`), 0) + 1)
    ON CONFLICT (`product_id`) DO UPDATE SET `version` = excluded.`version`;
END;
--> statement-breakpoint
CREATE TRIGGER `product_images_own_version_au` AFTER UPDATE ON `product_images` BEGIN
  INSERT INTO `product_versions` (`product_id`, `version`)
    VALUES (new.`product_id`, coalesce((SELECT max(`version`) FROM `product_versions`), 0) + 1)
    ON CONFLICT (`product_id`) DO UPDATE SET `version` = excluded.`version`;
END;
--> statement-breakpoint
CREATE TRIGGER `product_images_own_version_ad` AFTER DELETE ON `product_images` BEGIN
  INSERT INTO `product_versions` (`product_id`, `version`)
    VALUES (old.`product_id`, coalesce((SELECT max(`version`) FROM `product_versions`), 0) + 1)
    ON CONFLICT (`product_id`) DO UPDATE SET `version` = excluded.`version`;
END;
--> statement-breakpoint
CREATE TRIGGER `product_sizes_own_version_ai` AFTER INSERT ON `product_sizes` BEGIN
  INSERT INTO `product_versions` (`product_id`, `version`)
    VALUES (new.`product_id`, coalesce((SELECT max(`version`) FROM `product_versions`), 0) + 1)
    ON CONFLICT (`product_id`) DO UPDATE SET `version` = excluded.`version`;
END;
--> statement-breakpoint
CREATE TRIGGER `product_sizes_own_version_au` AFTER UPDATE ON `product_sizes` BEGIN
  INSERT INTO `product_versions` (`product_id`, `version`)
    VALUES (new.`product_id`, coalesce((SELECT max(`version`) FROM `product_versions`), 0) + 1)
    ON CONFLICT (`product_id`) DO UPDATE SET `version` = excluded.`version`;
END;
--> statement-breakpoint
CREATE TRIGGER `product_sizes_own_version_ad` AFTER DELETE ON `product_sizes` BEGIN
  INSERT INTO `product_versions` (`product_id`, `version`)
    VALUES (old.`product_id`, coalesce((SELECT max(`version`) FROM `product_versions`), 0) + 1)
    ON CONFLICT (`product_id`) DO UPDATE SET `version` = excluded.`version`;
END;
--> statement-breakpoint
CREATE TRIGGER `reviews_own_version_ai` AFTER INSERT ON `reviews` BEGIN
  INSERT INTO `product_versions` (`product_id`, `version`)
    VALUES (new.`product_id`, coalesce((SELECT max(`version`) FROM `product_versions`), 0) + 1)
    ON CONFLICT (`product_id`) DO UPDATE SET `version` = excluded.`version`;
END;
--> statement-breakpoint
CREATE TRIGGER `reviews_own_version_au` AFTER UPDATE ON `reviews` BEGIN
  INSERT INTO `product_versions` (`product_id`, `version`)
    VALUES (new.`product_id`, coalesce((SELECT max(`version`) FROM `product_versions`), 0) + 1)
    ON CONFLICT (`product_id`) DO UPDATE SET `version` = excluded.`version`;
END;
--> statement-breakpoint
CREATE TRIGGER `reviews_own_version_ad` AFTER DELETE ON `reviews` BEGIN
  INSERT INTO `product_versions` (`product_id`, `version`)
    VALUES (old.`product_id`, coalesce((SELECT max(`version`) FROM `product_versions`), 0) + 1)
    ON CONFLICT (`product_id`) DO UPDATE SET `version` = excluded.`version`;
END;
