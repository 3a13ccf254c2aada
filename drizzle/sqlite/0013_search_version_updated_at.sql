CREATE TABLE `search_version` (
	`id` integer PRIMARY KEY NOT NULL,
	`version` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `products` ADD `updated_at` integer;
--> statement-breakpoint
-- Any change to a product row stamps it, whoever writes (the sitemap's lastmod). The inner UPDATE
-- does not fire this trigger again (recursive_triggers is off).
CREATE TRIGGER `products_touch` AFTER UPDATE ON `products` WHEN new.updated_at IS old.updated_at BEGIN
  UPDATE products SET updated_at = unixepoch() WHERE rowid = new.rowid;
END;
