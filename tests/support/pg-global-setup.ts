import type { TestProject } from "vitest/node";
import { startPgCluster } from "./pg-cluster";

// The pg project's one PostgreSQL cluster (vite.config.ts): started once before its test files,
// its address handed to each of them (setup-pg.ts gives every file a database of its own on it),
// stopped with its folder when the run ends. Starting one per file would cost seconds each.

declare module "vitest" {
  export interface ProvidedContext {
    pgCluster: { url: string; port: number };
  }
}

export default async function setup(project: TestProject) {
  const cluster = await startPgCluster();
  project.provide("pgCluster", { url: cluster.url, port: cluster.port });
  return () => cluster.stop();
}
