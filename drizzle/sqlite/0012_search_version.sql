CREATE TABLE `search_version` (
	`id` integer PRIMARY KEY NOT NULL,
	`version` integer NOT NULL
);
