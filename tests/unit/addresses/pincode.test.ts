import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { dialect } from "~/db/client.server";
import * as app from "~/db/client.server";
import { env } from "~/env.server";
import {
  PIN_BAD_RESPONSE,
  PIN_INVALID,
  PIN_NOT_FOUND,
  PIN_UNAVAILABLE,
  cityStateFromAnswer,
  errorAnswer,
  postalAnswerSchema,
  type PostalAnswer,
} from "~/lib/pincode";
import {
  PinServiceError,
  UPSTREAM_TIMEOUT_MS,
  ensurePincodes,
  lookupPin,
  titleCase,
  currentState,
} from "~/models/addresses/pincodes.server";
import { loader } from "~/routes/api.pincode.$pin";
import { testDb } from "../../support/db";

const raw = testDb(app); // the app's own connections (tests/support/db.ts)

// A PIN that is not in the 2015 directory (the 999xxx range is unused).
const UNKNOWN = "899999"; // 1-8 as a civilian PIN is, and not in the directory

const remoteAnswer: PostalAnswer = [
  {
    Message: "Number of pincode(s) found:1",
    Status: "Success",
    PostOffice: [
      {
        Name: "Newtown",
        BranchType: "Sub Post Office",
        District: "Somewhere",
        Block: "NA",
        State: "Telangana",
        Country: "India",
        Pincode: UNKNOWN,
      },
    ],
  },
];

// A fake postal service on a random local port; `reply` decides what each request gets.
let server: Server;
let base: string;
let hits: string[] = [];
let reply: (res: import("node:http").ServerResponse) => void = (res) => res.end("[]");

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(req.url ?? "");
    reply(res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/pincode/`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

afterEach(async () => {
  env.pincodeApiUrl = undefined;
  hits = [];
  await raw.run("DELETE FROM pin_cache");
});

const allStates = async () =>
  (await raw.all<{ state: string }>("SELECT DISTINCT state FROM pincodes")).map((r) => r.state);
const cachedAnswers = () => raw.value("SELECT cast(count(*) AS integer) FROM pin_cache");

const pinError = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PinServiceError);
  return (error as Error).message;
};

/**
 * Makes the loader fail at the first row of `pin`, as a crash or a full disk would, until the
 * returned function is called. A temporary trigger of either database.
 */
async function refusing(pin: number): Promise<() => Promise<unknown>> {
  if (dialect === "pg") {
    await raw.run(
      "CREATE FUNCTION refuse_pin() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$",
    );
    await raw.run(
      `CREATE TRIGGER refuse_pin BEFORE INSERT ON pincodes FOR EACH ROW WHEN (NEW.pin = ${pin}) EXECUTE FUNCTION refuse_pin()`,
    );
    return () => raw.run("DROP FUNCTION refuse_pin() CASCADE");
  }
  // TEMP: on the writing connection only, which is the one the loader writes through.
  await raw.run(
    `CREATE TEMP TRIGGER refuse_pin BEFORE INSERT ON pincodes WHEN NEW.pin = ${pin} BEGIN SELECT RAISE(ABORT, 'refused'); END`,
  );
  return () => raw.run("DROP TRIGGER refuse_pin");
}

describe("loading the PIN directory", () => {
  // The table is only loaded while it is empty, so a load cut short must leave nothing behind, or
  // the directory would stay incomplete for good: one transaction, all rows or none.
  it("a load that fails halfway leaves nothing, and the next one loads every post office, once", async () => {
    const stop = await refusing(431803); // first listed at row 77,420 of 154,823
    const error = await ensurePincodes().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(String((error as Error | undefined)?.cause ?? error)).toMatch(/refused/); // drizzle wraps PostgreSQL's
    await stop();
    expect(await raw.value("SELECT cast(count(*) AS integer) FROM pincodes")).toBe(0);

    const started = performance.now();
    expect(await ensurePincodes()).toBe(154_823);
    console.log(`ensurePincodes loaded 154,823 rows in ${Math.round(performance.now() - started)} ms (${dialect})`);
    expect(await ensurePincodes()).toBe(0);
    const counts = await raw.all(
      "SELECT cast(count(*) AS integer) AS rows, cast(count(DISTINCT pin) AS integer) AS pins FROM pincodes",
    );
    expect(counts).toEqual([{ rows: 154_823, pins: 19_097 }]);
  });

  it("title-cases states and stores the 'NA' taluk as null", async () => {
    expect(titleCase("ANDHRA PRADESH")).toBe("Andhra Pradesh");
    expect(titleCase("JAMMU & KASHMIR")).toBe("Jammu & Kashmir");
    const states = await allStates();
    expect(states).toContain("Andaman & Nicobar Islands");
    expect(states).toContain("Tamil Nadu");
    for (const s of states.filter((s) => !s.includes(" and "))) expect(s).toBe(titleCase(s));
    expect(await raw.value("SELECT cast(count(*) AS integer) FROM pincodes WHERE block = 'NA'")).toBe(0);
    expect(await raw.value("SELECT cast(count(*) AS integer) FROM pincodes WHERE block IS NULL")).toBeGreaterThan(0);
  });
});

describe("states as they are today", () => {
  beforeAll(async () => {
    await ensurePincodes();
  });
  const stateOf = async (pin: number) =>
    (await raw.all<{ state: string }>("SELECT DISTINCT state FROM pincodes WHERE pin = ?", pin)).map((r) => r.state);

  it("moves Telangana and Ladakh districts and uses current names", async () => {
    expect(await stateOf(500001)).toEqual(["Telangana"]); // Hyderabad
    expect(await stateOf(194101)).toEqual(["Ladakh"]); // Leh
    expect(await stateOf(530001)).toEqual(["Andhra Pradesh"]); // Visakhapatnam stays
    expect(await stateOf(190001)).toEqual(["Jammu & Kashmir"]); // Srinagar stays
    expect(await stateOf(605001)).toEqual(["Puducherry"]);
    const states = await allStates();
    expect(states).not.toContain("Chattisgarh");
    expect(states).toContain("Chhattisgarh");
    expect(currentState("Daman & Diu", "Daman")).toBe("Dadra and Nagar Haveli and Daman and Diu");
  });
});

describe("lookupPin from the local directory", () => {
  beforeAll(async () => {
    await ensurePincodes();
  });

  it("answers 110001 as Central Delhi, Delhi in the postal service's shape", async () => {
    const answer = await lookupPin("110001");
    expect(postalAnswerSchema.parse(answer)).toEqual(answer);
    const [first] = answer;
    expect(first.Status).toBe("Success");
    const offices = first.PostOffice ?? [];
    expect(first.Message).toBe(`Number of pincode(s) found:${offices.length}`);
    expect(offices.length).toBeGreaterThan(1);
    // Its post offices lie in two districts (Central Delhi and New Delhi); the first one counts.
    for (const o of offices) expect(o).toMatchObject({ State: "Delhi", Country: "India", Pincode: "110001" });
    // "Election Commission S.O" is shown as the service does: name plus branch type.
    expect(offices[0]).toMatchObject({
      Name: "Election Commission",
      BranchType: "Sub Post Office",
      Block: "New Delhi",
    });
    expect(cityStateFromAnswer(answer)).toEqual({ city: "Central Delhi", state: "Delhi" });
  });

  it("answers 560001 as Bangalore, Karnataka, with 'NA' for a missing block", async () => {
    const answer = await lookupPin("560001");
    expect(cityStateFromAnswer(answer)).toEqual({ city: "Bangalore", state: "Karnataka" });
    expect(answer[0].PostOffice?.some((o) => o.Block === "NA")).toBe(true);
  });

  it("rejects anything but 6 digits starting 1-8 (a civilian PIN) without looking anything up", async () => {
    env.pincodeApiUrl = base;
    for (const pin of ["12345", "abcdef", "1100011", "", " 110001", "11000a", "000000", "999999", "012345", "912345"]) {
      expect(await lookupPin(pin)).toEqual([{ Message: PIN_INVALID, Status: "Error", PostOffice: null }]);
    }
    expect(hits).toEqual([]);
  });

  it("answers 'No records found' for an unknown PIN when no service is configured", async () => {
    const answer = await lookupPin(UNKNOWN);
    expect(answer).toEqual([{ Message: "No records found", Status: "Error", PostOffice: null }]);
    expect(cityStateFromAnswer(answer)).toEqual({ error: "No records found" });
  });

  it("does not ask the service for a PIN it has locally", async () => {
    env.pincodeApiUrl = base;
    expect((await lookupPin("560001"))[0].Status).toBe("Success");
    expect(hits).toEqual([]);
  });
});

describe("lookupPin from the postal service", () => {
  it("asks the service once for an unknown PIN and caches its answer", async () => {
    env.pincodeApiUrl = base;
    reply = (res) => res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(remoteAnswer));
    expect(await lookupPin(UNKNOWN)).toEqual(remoteAnswer);
    expect(await lookupPin(UNKNOWN)).toEqual(remoteAnswer);
    expect(hits).toEqual([`/pincode/${UNKNOWN}`]);
    expect(cityStateFromAnswer(remoteAnswer)).toEqual({ city: "Somewhere", state: "Telangana" });
  });

  it("caches the service's Error answers too, dropping fields it does not know", async () => {
    env.pincodeApiUrl = base;
    reply = (res) =>
      res.end(JSON.stringify([{ Message: "No records found", Status: "Error", PostOffice: null, Extra: 1 }]));
    expect(await lookupPin(UNKNOWN)).toEqual(errorAnswer("No records found"));
    expect(await lookupPin(UNKNOWN)).toEqual(errorAnswer("No records found"));
    expect(hits).toHaveLength(1);
  });

  it("says 'PIN service unavailable' on a timeout, and caches nothing", async () => {
    env.pincodeApiUrl = base;
    reply = () => {}; // never answers
    expect(UPSTREAM_TIMEOUT_MS).toBe(3000);
    expect(await pinError(lookupPin(UNKNOWN, { timeoutMs: 200 }))).toBe(PIN_UNAVAILABLE);
    expect(await cachedAnswers()).toBe(0);
  });

  it("says 'PIN service unavailable' when the connection is refused or the service errs", async () => {
    const refused = createServer();
    await new Promise<void>((resolve) => refused.listen(0, "127.0.0.1", resolve));
    const port = (refused.address() as AddressInfo).port;
    await new Promise((resolve) => refused.close(resolve));
    env.pincodeApiUrl = `http://127.0.0.1:${port}/pincode/`;
    expect(await pinError(lookupPin(UNKNOWN))).toBe(PIN_UNAVAILABLE);

    env.pincodeApiUrl = base;
    reply = (res) => res.writeHead(503).end("down for maintenance");
    expect(await pinError(lookupPin(UNKNOWN))).toBe(PIN_UNAVAILABLE);
    expect(await cachedAnswers()).toBe(0);
  });

  it("says 'Invalid response' for a body that is not the service's answer, and caches nothing", async () => {
    env.pincodeApiUrl = base;
    const bodies = [
      "<html>oops</html>",
      "{}",
      "[]",
      JSON.stringify([{ Message: "x", Status: "Success", PostOffice: [] }]),
      JSON.stringify([{ Message: "x", Status: "Success", PostOffice: [{ Name: "A" }] }]),
      JSON.stringify([{ Message: "x", Status: "404", PostOffice: null }]),
    ];
    for (const body of bodies) {
      reply = (res) => res.end(body);
      expect(await pinError(lookupPin(UNKNOWN))).toBe(PIN_BAD_RESPONSE);
    }
    expect(hits).toHaveLength(bodies.length);
    expect(await cachedAnswers()).toBe(0);
  });
});

describe("GET /api/pincode/:pin", () => {
  const get = (pin: string) =>
    loader({ params: { pin }, request: new Request(`http://localhost/api/pincode/${pin}`), context: {} } as Parameters<
      typeof loader
    >[0]);

  it("answers 200 with the postal answer, cacheable when it comes from the directory", async () => {
    await ensurePincodes();
    const res = await get("110001");
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=86400");
    expect(cityStateFromAnswer(postalAnswerSchema.parse(await res.json()))).toEqual({
      city: "Central Delhi",
      state: "Delhi",
    });

    const bad = await get("1234");
    expect(bad.status).toBe(200);
    expect(bad.headers.get("Cache-Control")).toBeNull();
    expect(await bad.json()).toEqual(errorAnswer(PIN_INVALID));
  });

  it("answers 502 { message } when the service cannot be asked", async () => {
    env.pincodeApiUrl = base;
    reply = (res) => res.end("garbage");
    const res = await get(UNKNOWN);
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ message: PIN_BAD_RESPONSE });
  });
});

describe("cityStateFromAnswer", () => {
  it("takes District as city and State from the first post office", () => {
    expect(cityStateFromAnswer(remoteAnswer)).toEqual({ city: "Somewhere", state: "Telangana" });
  });

  it("gives the service's message for an Error answer, else 'Invalid PIN'", () => {
    expect(cityStateFromAnswer(errorAnswer("No records found"))).toEqual({ error: "No records found" });
    expect(cityStateFromAnswer(errorAnswer(""))).toEqual({ error: PIN_NOT_FOUND });
    expect(cityStateFromAnswer([{ Message: "", Status: "Success", PostOffice: [] }])).toEqual({ error: PIN_NOT_FOUND });
  });
});
