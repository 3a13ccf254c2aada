DROP INDEX `products_created_idx`;--> statement-breakpoint
DROP INDEX `products_price_idx`;--> statement-breakpoint
DROP INDEX `products_rating_idx`;--> statement-breakpoint
CREATE INDEX `products_live_created_idx` ON `products` (`created_at`,`id`) WHERE "products"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX `products_live_price_idx` ON `products` (`price`,`id`) WHERE "products"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX `products_live_rating_idx` ON `products` (`rating`,`id`) WHERE "products"."deleted_at" IS NULL;