import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { pincodes } from "~/db/schema";
import { gstStateByCode, gstStateByName, type GstState } from "~/lib/gst-states";
import { PIN_RE } from "~/lib/pincode";

/**
 * The one state the PIN directory gives `pin`, or null: a PIN it lacks (it may be newer than the
 * directory) or one whose post offices lie in two states (Chandigarh and Punjab share some).
 * Only the directory in the database is read, never the postal service: placing an order does not
 * wait on it, and its answer would not be the same tomorrow.
 */
export async function pinState(pin: string): Promise<GstState | null> {
  if (!PIN_RE.test(pin)) return null;
  const rows = await db
    .selectDistinct({ state: pincodes.state })
    .from(pincodes)
    .where(eq(pincodes.pin, Number(pin)));
  const codes = new Set(rows.map((r) => gstStateByName(r.state)?.code ?? null));
  const [code] = codes;
  return codes.size === 1 && code ? gstStateByCode(code) : null;
}

/**
 * An order's place of supply (IGST Act s.10(1)(a): where the goods' movement ends) as a GST state
 * code: the PIN's state where the directory gives it one, else the state typed; null when neither
 * is recognised. Stored with the order when it is placed (orders.supply_state_code).
 */
export async function supplyStateCode(address: { pin: string; state: string }): Promise<string | null> {
  return (await pinState(address.pin))?.code ?? gstStateByName(address.state)?.code ?? null;
}
