DROP INDEX `order_items_order_idx`;--> statement-breakpoint
CREATE INDEX `order_items_order_idx` ON `order_items` (`order_id`,`product_id`,`qty`);--> statement-breakpoint
DROP INDEX `orders_created_idx`;--> statement-breakpoint
CREATE INDEX `orders_status_created_idx` ON `orders` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `orders_created_idx` ON `orders` (`created_at`,`status`,`is_paid`,`grand_total`,`id`);--> statement-breakpoint
CREATE INDEX `products_live_stock_idx` ON `products` (`stock`,`id`) WHERE "products"."deleted_at" IS NULL;