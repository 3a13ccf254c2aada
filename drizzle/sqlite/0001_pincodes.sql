CREATE TABLE `pin_cache` (
	`pin` text PRIMARY KEY NOT NULL,
	`answer` text NOT NULL,
	`fetched_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `pincodes` (
	`pin` integer NOT NULL,
	`name` text NOT NULL,
	`block` text,
	`district` text NOT NULL,
	`state` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `pincodes_pin_idx` ON `pincodes` (`pin`);