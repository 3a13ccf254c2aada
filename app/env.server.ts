import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";

// The project root is found from this file, not the working directory, so the built server
// (build/server/index.js), the dev server and vitest all find drizzle/ and data/.
function findRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, "package.json"))) {
    const up = dirname(dir);
    if (up === dir) return process.cwd();
    dir = up;
  }
  return dir;
}

export const projectRoot = findRoot();

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_PATH: z.string().min(1).default(join(projectRoot, "data", "shop.db")),
  UPLOAD_DIR: z.string().min(1).default(join(projectRoot, "data", "uploads")),
  SESSION_SECRET: z.string().min(16, "SESSION_SECRET must be at least 16 characters").optional(),
  ADMIN_EMAIL: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  // Secure cookies need HTTPS; set COOKIE_SECURE=false to serve production over plain HTTP.
  COOKIE_SECURE: z.enum(["true", "false"]).optional(),
  SEED_DEMO: z.enum(["true", "false"]).default("true"),
});

const parsed = schema.safeParse(process.env);
if (!parsed.success) {
  throw new Error(`Invalid environment: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
}
const raw = parsed.data;

const databasePath = resolve(raw.DATABASE_PATH);

// Without SESSION_SECRET a random one is generated once and kept beside the database,
// so sessions survive restarts and no secret ships in the repository.
function sessionSecret(): string {
  if (raw.SESSION_SECRET) return raw.SESSION_SECRET;
  const file = join(dirname(databasePath), "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dirname(file), { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  if (raw.NODE_ENV === "production") {
    console.warn(`SESSION_SECRET is not set; generated one in ${file}`);
  }
  return secret;
}

export const env = {
  isProduction: raw.NODE_ENV === "production",
  databasePath,
  uploadDir: resolve(raw.UPLOAD_DIR),
  sessionSecret: sessionSecret(),
  adminEmail: raw.ADMIN_EMAIL?.trim().toLowerCase() || undefined,
  adminPassword: raw.ADMIN_PASSWORD || undefined,
  cookieSecure: raw.COOKIE_SECURE ? raw.COOKIE_SECURE === "true" : raw.NODE_ENV === "production",
  seedDemo: raw.SEED_DEMO === "true",
};
