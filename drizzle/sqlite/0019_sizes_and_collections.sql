CREATE TABLE `collections` (
	`id` text PRIMARY KEY NOT NULL,
	`slug` text NOT NULL,
	`name` text NOT NULL,
	`name_hi` text DEFAULT '' NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`description_hi` text DEFAULT '' NOT NULL,
	`image` text DEFAULT '' NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`updated_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `collections_slug_unique` ON `collections` (`slug`);--> statement-breakpoint
CREATE INDEX `collections_position_idx` ON `collections` (`position`);--> statement-breakpoint
CREATE TABLE `product_collections` (
	`collection_id` text NOT NULL,
	`product_id` text NOT NULL,
	PRIMARY KEY(`collection_id`, `product_id`),
	FOREIGN KEY (`collection_id`) REFERENCES `collections`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `product_collections_product_idx` ON `product_collections` (`product_id`);--> statement-breakpoint
CREATE TABLE `product_sizes` (
	`id` text PRIMARY KEY NOT NULL,
	`product_id` text NOT NULL,
	`label` text NOT NULL,
	`label_hi` text DEFAULT '' NOT NULL,
	`sku` text,
	`price` integer NOT NULL,
	`mrp` integer,
	`stock` integer DEFAULT 0 NOT NULL,
	`image` text DEFAULT '' NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`deleted_at` integer,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `product_sizes_product_idx` ON `product_sizes` (`product_id`,`position`);--> statement-breakpoint
CREATE INDEX `product_sizes_sku_idx` ON `product_sizes` (`sku`) WHERE "product_sizes"."deleted_at" IS NULL;--> statement-breakpoint
ALTER TABLE `order_items` ADD `size_id` text REFERENCES product_sizes(id);--> statement-breakpoint
ALTER TABLE `order_items` ADD `size_label` text DEFAULT '' NOT NULL;
--> statement-breakpoint
-- Sizes and collections are catalogue too: a change moves the catalogue version (0004), so cached
-- guest pages are rendered again.
CREATE TRIGGER `product_sizes_version_ai` AFTER INSERT ON `product_sizes` BEGIN
  UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `product_sizes_version_au` AFTER UPDATE ON `product_sizes` BEGIN
  UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `product_sizes_version_ad` AFTER DELETE ON `product_sizes` BEGIN
  UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `collections_version_ai` AFTER INSERT ON `collections` BEGIN
  UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `collections_version_au` AFTER UPDATE ON `collections` BEGIN
  UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `collections_version_ad` AFTER DELETE ON `collections` BEGIN
  UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `product_collections_version_ai` AFTER INSERT ON `product_collections` BEGIN
  UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `product_collections_version_au` AFTER UPDATE ON `product_collections` BEGIN
  UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `product_collections_version_ad` AFTER DELETE ON `product_collections` BEGIN
  UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
