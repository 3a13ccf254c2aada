ALTER TABLE `orders` ADD `prepaid_discount` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `cod_fee` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `utr` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `utr_at` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `paid_at` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `expires_at` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `confirm_token_hash` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `confirmed_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `orders_utr_unique` ON `orders` (`utr`) WHERE "orders"."utr" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `orders_confirm_token_unique` ON `orders` (`confirm_token_hash`) WHERE "orders"."confirm_token_hash" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `orders_expires_idx` ON `orders` (`expires_at`) WHERE "orders"."expires_at" IS NOT NULL;