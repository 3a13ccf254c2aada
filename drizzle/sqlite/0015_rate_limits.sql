-- rate-limiter-flexible's table (app/utils/rate-limit.server.ts), made by the migrations as on
-- PostgreSQL (drizzle/pg/0013). IF NOT EXISTS: files that ran the shop before have the table, as
-- the library made it (the same columns).
CREATE TABLE IF NOT EXISTS `rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`points` integer DEFAULT 0 NOT NULL,
	`expire` integer
);
