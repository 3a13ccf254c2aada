-- rate-limiter-flexible's table (app/utils/rate-limit.server.ts), made here under the migration
-- lock. The library used to create it at start-up, one CREATE per limiter and per app server at
-- once, and PostgreSQL does not make concurrent CREATE TABLE IF NOT EXISTS safe: on a new database
-- one of them could fail with 'relation "rate_limits" already exists'. IF NOT EXISTS: databases
-- that ran the shop before have the table, as the library made it (the same columns).
CREATE TABLE IF NOT EXISTS "rate_limits" (
	"key" varchar(255) PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"expire" bigint
);
