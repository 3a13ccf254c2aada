CREATE TABLE `coupon_uses` (
	`coupon_id` text NOT NULL,
	`user_id` text NOT NULL,
	`uses` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`coupon_id`, `user_id`),
	FOREIGN KEY (`coupon_id`) REFERENCES `coupons`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `coupons` (
	`id` text PRIMARY KEY NOT NULL,
	`code` text NOT NULL,
	`kind` text NOT NULL,
	`amount` integer NOT NULL,
	`free_shipping` integer DEFAULT false NOT NULL,
	`min_order` integer DEFAULT 0 NOT NULL,
	`starts_at` integer,
	`ends_at` integer,
	`max_uses` integer,
	`max_uses_per_customer` integer,
	`uses` integer DEFAULT 0 NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`updated_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `coupons_code_unique` ON `coupons` (`code`);--> statement-breakpoint
CREATE TABLE `stock_alerts` (
	`id` text PRIMARY KEY NOT NULL,
	`product_id` text NOT NULL,
	`size_key` text DEFAULT '' NOT NULL,
	`email` text NOT NULL,
	`user_id` text,
	`language` text DEFAULT 'en' NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`notified_at` integer,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `stock_alerts_unique` ON `stock_alerts` (`product_id`,`size_key`,`email`);--> statement-breakpoint
CREATE INDEX `stock_alerts_waiting_idx` ON `stock_alerts` (`product_id`,`size_key`) WHERE "stock_alerts"."notified_at" IS NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `coupon_id` text REFERENCES coupons(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `orders` ADD `coupon_code` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `coupon_discount` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `orders_coupon_idx` ON `orders` (`coupon_id`) WHERE "orders"."coupon_id" IS NOT NULL;