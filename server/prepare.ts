// Runs once before any worker serves: migrations (applied as the database opens), the admin from
// ADMIN_EMAIL, the demo catalogue into an empty database, the PIN directory.
import { closeDatabase } from "~/db/client.server";
import { startup } from "~/utils/startup.server";

export { startup as prepare };

/** The start-up step as a process of its own (production): prepare, close the file, exit. */
export async function prepareAndExit(): Promise<never> {
  await startup();
  // Awaited: on PostgreSQL the pool's connections end cleanly instead of being cut by the exit.
  await closeDatabase();
  process.exit(0);
}
