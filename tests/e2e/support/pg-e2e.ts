// The Playwright suite on PostgreSQL (E2E_DATABASE=pg): one throwaway cluster for the run, started
// by playwright.config.ts in the runner's process, and a database of its own for every server
// the suite starts. Workers find the cluster through E2E_PG_CLUSTER, inherited from the runner.
import { randomBytes } from "node:crypto";
import pg from "pg";

/** Whether this run is the PostgreSQL one. */
export const onPostgres = process.env.E2E_DATABASE === "pg";

/** The cluster's maintenance database, from which databases are created. */
function clusterUrl(): string {
  const url = process.env.E2E_PG_CLUSTER;
  if (!url)
    throw new Error("E2E_PG_CLUSTER is not set: run the suite with E2E_DATABASE=pg through tests/playwright.config.ts");
  return url;
}

async function onCluster<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: clusterUrl() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const urlOf = (name: string) => clusterUrl().replace(/\/postgres$/, `/${name}`);

/** A new empty database, or a copy of `template`; returns its URL. */
export function createDatabase(options: { template?: string; name?: string } = {}): Promise<string> {
  const name = options.name ?? `shop_${randomBytes(6).toString("hex")}`;
  return onCluster(async (client) => {
    await client.query(`CREATE DATABASE ${name}${options.template ? ` TEMPLATE ${options.template}` : ""}`);
    return urlOf(name);
  });
}

/**
 * Makes database `name` the template, once nothing is connected to it (a copy needs that): the
 * connections of a killed server may still be closing on the cluster's side, so they are ended.
 */
export function renameToTemplate(url: string, template: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  return onCluster(async (client) => {
    await client.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1", [name]);
    await client.query(`ALTER DATABASE ${name} RENAME TO ${template}`);
  });
}

/** Whether database `name` exists. */
export function databaseExists(name: string): Promise<boolean> {
  return onCluster(
    async (client) => (await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name])).rowCount === 1,
  );
}
