CREATE TABLE `invoice_counters` (
	`fy` text PRIMARY KEY NOT NULL,
	`last` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `order_items` ADD `hsn` text DEFAULT '3406' NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `invoice_number` text;--> statement-breakpoint
CREATE UNIQUE INDEX `orders_invoice_number_unique` ON `orders` (`invoice_number`);--> statement-breakpoint
ALTER TABLE `products` ADD `hsn` text DEFAULT '3406' NOT NULL;