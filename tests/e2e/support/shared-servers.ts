// Servers with settings that several spec files share (issue #51, item 4): the runner starts each
// once per run, before any worker (tests/e2e/support/global-setup.ts), so the browser and the
// request projects' specs of one setting meet the same server instead of starting one each. A spec
// whose tests change what another reads (the demo product hindi-catalogue renames) or that needs
// settings of its own (hindi-mail's PUBLIC_URL) keeps a server of its own.
import { gstinCheckChar } from "../../../app/lib/gstin";
import { startServer, type TestServer } from "./server";

/** A registered Karnataka shop with 12 % GST: its invoices are tax invoices (docs/gst.md). */
export const GSTIN = `29AAACR5055K1Z${gstinCheckChar("29AAACR5055K1Z")}`;
export const GST_SETTINGS = {
  SHOP_GSTIN: GSTIN,
  SHOP_LEGAL_NAME: "RK Candles Private Limited",
  SHOP_ADDRESS: "No. 14, 2nd Main Road, Jayanagar, Bengaluru 560011",
  SHOP_STATE: "Karnataka",
  GST_RATE_PERCENT: "12",
} as const;

/** LANGUAGES=en,hi (issue #36): the Hindi pages, one web worker. */
export const HINDI_SETTINGS = { LANGUAGES: "en,hi", WEB_CONCURRENCY: "1" } as const;

const SHARED = { hindi: HINDI_SETTINGS, gst: GST_SETTINGS };
type Name = keyof typeof SHARED;
/** What a spec may use of a shared server: it neither stops nor restarts it. */
export type SharedServer = Pick<TestServer, "url" | "port" | "database" | "uploadDir">;

// Workers inherit the runner's environment: each server's address travels in a variable.
const variable = (name: Name) => `E2E_SHARED_${name.toUpperCase()}`;

/** Starts every shared server (side by side); resolves to a function that stops them all. */
export async function startSharedServers(): Promise<() => Promise<void>> {
  const servers = await Promise.all(
    (Object.keys(SHARED) as Name[]).map(async (name) => {
      const server = await startServer({ env: { ...SHARED[name] } });
      const { url, port, database, uploadDir } = server;
      process.env[variable(name)] = JSON.stringify({ url, port, database, uploadDir } satisfies SharedServer);
      return server;
    }),
  );
  return async () => {
    await Promise.all(servers.map((s) => s.stop()));
  };
}

/**
 * The shared server with `name`'s settings, as the runner started it. Read when a test uses it, not
 * when the spec loads: `playwright test --list` (npm run test:titles) loads every spec without
 * running globalSetup.
 */
export function sharedServer(name: Name): SharedServer {
  const read = (): SharedServer => {
    const raw = process.env[variable(name)];
    if (!raw)
      throw new Error(`${variable(name)} is not set: the shared servers start in tests/e2e/support/global-setup.ts`);
    return JSON.parse(raw) as SharedServer;
  };
  return {
    get url() {
      return read().url;
    },
    get port() {
      return read().port;
    },
    get database() {
      return read().database;
    },
    get uploadDir() {
      return read().uploadDir;
    },
  };
}
