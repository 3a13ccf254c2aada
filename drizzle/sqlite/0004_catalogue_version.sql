-- A counter of catalogue changes (see catalogueVersion in app/db/schema.ts), kept by triggers so
-- that every writer, this server or a script, moves it.
CREATE TABLE `catalogue_version` (
	`id` integer PRIMARY KEY NOT NULL,
	`version` integer NOT NULL
);
--> statement-breakpoint
INSERT INTO `catalogue_version` (`id`, `version`) VALUES (1, 0);
--> statement-breakpoint
CREATE TRIGGER `products_version_ai` AFTER INSERT ON `products` BEGIN
  UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `products_version_au` AFTER UPDATE ON `products` BEGIN
  UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `products_version_ad` AFTER DELETE ON `products` BEGIN
  UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `product_images_version_ai` AFTER INSERT ON `product_images` BEGIN
  UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `product_images_version_au` AFTER UPDATE ON `product_images` BEGIN
  UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `product_images_version_ad` AFTER DELETE ON `product_images` BEGIN
  UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `reviews_version_ai` AFTER INSERT ON `reviews` BEGIN
  UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `reviews_version_au` AFTER UPDATE ON `reviews` BEGIN
  UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `reviews_version_ad` AFTER DELETE ON `reviews` BEGIN
  UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
