import { db } from "~/db/client.server";
import { seedDemoCatalogue } from "~/db/seed.server";
import { env } from "~/env.server";
import { ensurePincodes } from "./pincode.server";
import { deleteExpiredSessions } from "./session.server";
import { ensureAdmin } from "./user.server";

let done = false;

/** Runs once per process, after migrations (applied when the database opens). */
export function startup(): void {
  if (done) return;
  done = true;
  if (env.seedDemo && seedDemoCatalogue(db)) console.log("Seeded the demo catalogue.");
  ensureAdmin(env.adminEmail, env.adminPassword);
  deleteExpiredSessions();
  ensurePincodes();
}
