// The start-up step: runs once before any worker serves. Migrations are applied as the database
// opens; then the demo catalogue into an empty database, the admin from ADMIN_EMAIL, the
// housekeeping of expired sessions and old sent mails, and the PIN directory.
import { closeDatabase, whileStartingUp } from "~/db/client.server";
import { seedDemoCatalogue } from "~/demo/seed.server";
import { env } from "~/env.server";
import { ensureAdmin } from "~/models/accounts/users.server";
import { ensurePincodes } from "~/models/addresses/pincodes.server";
import { deleteOldSentMails } from "~/models/mail/outbox.server";
import { deleteExpiredSessions } from "~/utils/session.server";

let done = false;

/** Runs once per process. */
export async function prepare(): Promise<void> {
  if (done) return;
  done = true;
  // Several app servers may start together on one PostgreSQL database: one at a time does this.
  await whileStartingUp(steps);
}

async function steps() {
  if (env.seedDemo && (await seedDemoCatalogue())) console.log("Seeded the demo catalogue.");
  await ensureAdmin(env.adminEmail, env.adminPassword);
  await deleteExpiredSessions();
  await deleteOldSentMails();
  await ensurePincodes();
}

/** The start-up step as a process of its own (production): prepare, close the file, exit. */
export async function prepareAndExit(): Promise<never> {
  await prepare();
  // Awaited: on PostgreSQL the pool's connections end cleanly instead of being cut by the exit.
  await closeDatabase();
  process.exit(0);
}
