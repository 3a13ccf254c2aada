ALTER TABLE "orders" ADD COLUMN "prepaid_discount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_fee" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "utr" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "utr_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "expires_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "confirm_token_hash" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "confirmed_at" timestamp (3) with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_utr_unique" ON "orders" USING btree ("utr") WHERE "orders"."utr" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_confirm_token_unique" ON "orders" USING btree ("confirm_token_hash") WHERE "orders"."confirm_token_hash" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_expires_idx" ON "orders" USING btree ("expires_at") WHERE "orders"."expires_at" IS NOT NULL;