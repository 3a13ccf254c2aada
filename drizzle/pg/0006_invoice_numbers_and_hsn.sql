CREATE TABLE "invoice_counters" (
	"fy" text PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "hsn" text DEFAULT '3406' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_number" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hsn" text DEFAULT '3406' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_invoice_number_unique" ON "orders" USING btree ("invoice_number");