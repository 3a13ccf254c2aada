CREATE TABLE `pictures` (
	`name` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`bytes` blob NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL
);
