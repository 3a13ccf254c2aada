import { whileStartingUp } from "~/db/client.server";
import { seedDemoCatalogue } from "~/db/seed.server";
import { env } from "~/env.server";
import { deleteOldSentMails } from "~/models/mail-outbox.server";
import { ensurePincodes } from "~/models/pincode.server";
import { ensureAdmin } from "~/models/user.server";
import { deleteExpiredSessions } from "./session.server";

let done = false;

/** Runs once per process, after migrations (applied when the database opens). */
export async function startup(): Promise<void> {
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
