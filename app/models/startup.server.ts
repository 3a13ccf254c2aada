import { seedDemoCatalogue } from "~/db/seed.server";
import { env } from "~/env.server";
import { ensurePincodes } from "./pincode.server";
import { deleteExpiredSessions } from "./session.server";
import { ensureAdmin } from "./user.server";

let done = false;

/** Runs once per process, after migrations (applied when the database opens). */
export async function startup(): Promise<void> {
  if (done) return;
  done = true;
  if (env.seedDemo && (await seedDemoCatalogue())) console.log("Seeded the demo catalogue.");
  await ensureAdmin(env.adminEmail, env.adminPassword);
  await deleteExpiredSessions();
  ensurePincodes();
}
