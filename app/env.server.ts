import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import proxyAddr from "proxy-addr";
import { z } from "zod";
import { gstStateByName } from "~/lib/gst-states";
import { gstinProblem } from "~/lib/gstin";
import { LANGUAGES, type Language } from "~/lib/i18n/languages";
import { INVOICE_PREFIX_FORMAT } from "~/lib/invoice-number";
import { SHOP_MAIL_FROM, SHOP_NAME } from "~/lib/shop";
import type { GstSettings } from "~/lib/tax-invoice";

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

// Every setting the shop reads from the environment, parsed and checked here once at start-up.
// A bad value stops the start with a message that names it. No other app module reads
// process.env. Outside the app: server/index.ts defaults NODE_ENV and reads SHOP_ROLE, which the
// primary sets for its start-up step (server/primary.ts); the command-line scripts (scripts/)
// read DATABASE_PATH and UPLOAD_DIR with the same defaults, as they run without the app's start-up
// check (importing this module would also make a session secret). .env.example lists them all.
const flag = (fallback: "true" | "false") =>
  z
    .enum(["true", "false", "1", "0"], { error: "must be true or false" })
    .default(fallback)
    .transform((v) => v === "true" || v === "1");
const int = (fallback: number, min: number, max: number) =>
  z.coerce
    .number({ error: "must be a whole number" })
    .int("must be a whole number")
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`)
    .default(fallback);

/** smtp://[user:pass@]host[:port] or smtps://…, as nodemailer takes it. */
function isSmtpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "smtp:" || url.protocol === "smtps:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/** "name@host" or "Name <name@host>", on one line. */
function isMailbox(value: string): boolean {
  if (/[\r\n]/.test(value)) return false;
  const match = /^(?:[^<>]*<([^<>\s]+)>|([^<>\s]+))$/.exec(value);
  const address = match?.[1] ?? match?.[2];
  return address !== undefined && z.email().safeParse(address).success;
}

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: int(3000, 0, 65535),
  HOST: z.string().min(1).default("0.0.0.0"),
  WEB_CONCURRENCY: int(availableParallelism(), 1, 256),
  DATABASE_PATH: z
    .string()
    .min(1)
    .default(join(projectRoot, "data", "shop.db")),
  // PostgreSQL instead of the SQLite file, for several app servers sharing one database.
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/\S+$/, "must be a postgres:// URL")
    .optional(),
  // Connections each worker process keeps open to PostgreSQL.
  DATABASE_POOL_SIZE: int(5, 1, 100),
  UPLOAD_DIR: z
    .string()
    .min(1)
    .default(join(projectRoot, "data", "uploads")),
  SESSION_SECRET: z.string().min(16, "must be at least 16 characters").optional(),
  ADMIN_EMAIL: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  // Secure cookies need HTTPS; set COOKIE_SECURE=false to serve production over plain HTTP.
  COOKIE_SECURE: z.enum(["true", "false"], { error: "must be true or false" }).optional(),
  SEED_DEMO: flag("true"),
  TRUST_PROXY: z.string().default("false"),
  ALLOWED_ORIGINS: z
    .string()
    .default("")
    .transform((v) =>
      v
        .split(",")
        .map((o) => o.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z
          .string()
          .regex(/^https?:\/\/[^/\s]+$/i, "must be a comma-separated list of origins like https://app.example.com"),
      ),
    ),
  LOG_REQUESTS: flag("true"),
  PAGE_CACHE: flag("true"),
  // Issue #40: when a page's scripts start; "load" is the shop as specified (app/utils/hydrate-after-load.server.ts).
  HYDRATE_ON: z.enum(["load", "interaction"], { error: "must be load or interaction" }).default("load"),
  // Issue #39: "Tell me when it's back" on sold-out pages. Off, a sold-out page says "Sold out" only (the spec).
  STOCK_ALERTS: flag("false"),
  RATE_LIMIT_FACTOR: z.coerce.number({ error: "must be a number" }).positive("must be more than 0").default(1),
  PINCODE_API_URL: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
  // Seconds a client has to send a request's headers, and its whole request (headers and body).
  HEADERS_TIMEOUT: int(20, 1, 600),
  REQUEST_TIMEOUT: int(120, 1, 3600),
  // Invoice numbers are PREFIX/YY-YY/NNNNNN: 3 characters at most keeps them within GST's 16.
  // The overview's stock warning and the Products tab's badge: a live product with this many or
  // fewer left is low on stock (0 is sold out).
  LOW_STOCK_THRESHOLD: int(5, 0, 1_000_000),
  INVOICE_PREFIX: z
    .string()
    .regex(
      INVOICE_PREFIX_FORMAT,
      "must be 1 to 3 capital letters or digits (invoice numbers stay within 16 characters)",
    )
    .default("RK"),
});

// The shop's languages (issue #36): English always, Hindi under /hi/… when listed.
const languagesSchema = z
  .string()
  .default("en")
  .transform((v) => [...new Set(v.split(",").map((l) => l.trim().toLowerCase()))].filter(Boolean))
  .pipe(
    z
      .array(z.enum(LANGUAGES, { error: `must be a comma-separated list of ${LANGUAGES.join(", ")}` }))
      .refine((l) => l.includes("en"), "must include en (English stays the shop's first language)"),
  );

/** LANGUAGES as the shop's languages in a fixed order, English first; throws naming a bad value. */
export function parseLanguages(value: string | undefined): Language[] {
  const parsed = languagesSchema.safeParse(value);
  if (!parsed.success) throw invalid(parsed.error.issues.map((i) => ({ ...i, path: ["LANGUAGES"] })));
  return LANGUAGES.filter((l) => parsed.data.includes(l));
}

/** Who may set X-Forwarded-For, -Host and -Proto: Express's `trust proxy` function, or false. */
export type ProxyTrust = false | ((address: string, hop: number) => boolean);

const TRUST_PROXY_VALUES =
  "must be false, a number of proxies in front (1, 2…), loopback, or a comma-separated list of the proxies' addresses or CIDR ranges";

/**
 * TRUST_PROXY, compiled once for Express and every reader of X-Forwarded-* (server/middleware.ts):
 * a hop count trusts that many proxies, so the client is the right-most X-Forwarded-For entry they
 * did not add; an address list trusts only peers in it (proxy-addr, which Express uses, compiles
 * it and knows `loopback`, `linklocal` and `uniquelocal`). `true` was Express's "trust every hop",
 * which takes the left-most entry, one the client writes: it is kept as an alias for one hop.
 */
export function parseTrustProxy(value = "false"): { trust: ProxyTrust; warning?: string } {
  const v = value.trim().toLowerCase();
  if (v === "false" || v === "0") return { trust: false };
  if (v === "true")
    return {
      trust: (_address, hop) => hop < 1,
      warning:
        "TRUST_PROXY=true is read as TRUST_PROXY=1 (one proxy in front); set 1, or the proxy's address (e.g. loopback), instead",
    };
  if (/^[0-9]+$/.test(v)) {
    const hops = Number(v);
    if (hops > 10) throw new Error(`Invalid environment: TRUST_PROXY must be at most 10 proxies`);
    return { trust: (_address, hop) => hop < hops };
  }
  try {
    return { trust: proxyAddr.compile(v.split(",").map((a) => a.trim())) };
  } catch (error) {
    throw new Error(`Invalid environment: TRUST_PROXY ${TRUST_PROXY_VALUES} (${(error as Error).message})`);
  }
}

const invalid = (issues: { path: PropertyKey[]; message: string }[]) =>
  new Error(`Invalid environment: ${issues.map((i) => `${String(i.path[0])} ${i.message}`).join("; ")}`);

const parsed = schema.safeParse(process.env);
if (!parsed.success) throw invalid(parsed.error.issues);
const raw = parsed.data;

// GST tax invoices (issue #22): off without SHOP_GSTIN; with it, the registration's other facts
// are required too, and each is checked (the GSTIN's check character, its state code against
// SHOP_STATE), so that no invoice goes out with a mistyped registration.
const text = (max: number) =>
  z.string().trim().min(1, "must not be empty").max(max, `must be at most ${max} characters`);
const gstSchema = z
  .object({
    SHOP_GSTIN: z
      .string()
      .trim()
      .transform((v) => v.toUpperCase())
      .superRefine((v, ctx) => {
        const problem = gstinProblem(v);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      })
      .optional(),
    SHOP_LEGAL_NAME: text(200).optional(),
    SHOP_ADDRESS: text(500).optional(),
    SHOP_STATE: z
      .string()
      .transform((v, ctx) => {
        const state = gstStateByName(v);
        if (!state)
          ctx.addIssue({ code: "custom", message: "must be an Indian state or union territory, e.g. Karnataka" });
        return state ?? z.NEVER;
      })
      .optional(),
    GST_RATE_PERCENT: z.coerce
      .number({ error: "must be a number, e.g. 18" })
      .gt(0, "must be more than 0")
      .max(28, "must be at most 28")
      .refine((n) => Number.isInteger(Math.round(n * 100)) && Math.abs(n * 100 - Math.round(n * 100)) < 1e-9, {
        error: "must have at most 2 decimals",
      })
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.SHOP_GSTIN) return;
    for (const name of ["SHOP_LEGAL_NAME", "SHOP_ADDRESS", "SHOP_STATE", "GST_RATE_PERCENT"] as const)
      if (v[name] === undefined)
        ctx.addIssue({ code: "custom", path: [name], message: "must be set when SHOP_GSTIN is" });
    const code = v.SHOP_GSTIN.slice(0, 2);
    if (v.SHOP_STATE && v.SHOP_STATE.code !== code)
      ctx.addIssue({
        code: "custom",
        path: ["SHOP_GSTIN"],
        message: `starts with ${code}, but SHOP_STATE ${v.SHOP_STATE.name} is ${v.SHOP_STATE.code}`,
      });
  });

/** The shop's GST registration from `vars`, null without SHOP_GSTIN; throws naming a bad setting. */
export function parseGstSettings(vars: Record<string, string | undefined>): GstSettings | null {
  const gst = gstSchema.safeParse(vars);
  if (!gst.success) throw invalid(gst.error.issues);
  const v = gst.data;
  if (!v.SHOP_GSTIN) return null;
  return {
    gstin: v.SHOP_GSTIN,
    legalName: v.SHOP_LEGAL_NAME!,
    address: v.SHOP_ADDRESS!,
    state: v.SHOP_STATE!,
    ratePercent: v.GST_RATE_PERCENT!,
  };
}
const gst = parseGstSettings(process.env);

const mailSchema = z.object({
  // Mail (issue #23). Without SMTP_URL mails are written as .eml files into MAIL_DIR.
  SMTP_URL: z
    .string()
    .refine(isSmtpUrl, "must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example.com:587")
    .optional(),
  MAIL_FROM: z
    .string()
    .trim()
    .refine(isMailbox, `must be an address, or a name and an address: "${SHOP_NAME} <orders@example.in>"`)
    .default(SHOP_MAIL_FROM),
  SHOP_OWNER_EMAIL: z.email({ error: "must be an email address" }).optional(),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: "must be an http(s) URL, e.g. https://shop.example.in" })
    .default("http://localhost:3000")
    .transform((v) => v.replace(/\/+$/, "")),
  MAIL_DIR: z.string().min(1).optional(),
});

export type MailSettings = {
  /** smtp(s):// URL of the mail server; undefined: mails are written as .eml files into `dir`. */
  smtpUrl: string | undefined;
  from: string;
  shopOwnerEmail: string | undefined;
  /** The shop's public address for links in mails, without a trailing slash. */
  publicUrl: string;
  dir: string;
};

/**
 * The mail settings from `vars`; throws naming a bad setting. MAIL_DIR defaults to `mail` in the
 * folder of the SQLite file (data/mail), as the session secret does.
 */
export function parseMailSettings(
  vars: Record<string, string | undefined>,
  dataDir = join(projectRoot, "data"),
): MailSettings {
  const mail = mailSchema.safeParse(vars);
  if (!mail.success) throw invalid(mail.error.issues);
  const v = mail.data;
  return {
    smtpUrl: v.SMTP_URL,
    from: v.MAIL_FROM,
    shopOwnerEmail: v.SHOP_OWNER_EMAIL?.toLowerCase(),
    publicUrl: v.PUBLIC_URL,
    dir: resolve(v.MAIL_DIR ?? join(dataDir, "mail")),
  };
}

// Payments (issue #38; docs/payments.md): UPI paid from the shopper's own app, with no gateway,
// and the money rules around it. Every one is off unless set: then an order is the
// specification's cash-on-delivery order.
const decimals2 = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-9;
const hours = (max: number) =>
  z.coerce
    .number({ error: "must be a number of hours, e.g. 24" })
    .gt(0, "must be more than 0")
    .max(max, `must be at most ${max}`);
const paymentSchema = z
  .object({
    // A UPI ID (VPA): name@bank, as NPCI allows it.
    SHOP_UPI_ID: z
      .string()
      .trim()
      .regex(/^[a-zA-Z0-9][a-zA-Z0-9._-]{1,255}@[a-zA-Z][a-zA-Z0-9.-]{1,63}$/, "must be a UPI ID like shopname@okaxis")
      .optional(),
    SHOP_UPI_NAME: z
      .string()
      .trim()
      .min(1, "must not be empty")
      .max(50, "must be at most 50 characters")
      .refine((v) => !/\p{Cc}/u.test(v), "must be one line of plain text")
      .default(SHOP_NAME),
    UPI_HOLD_HOURS: hours(720).default(24),
    PREPAID_DISCOUNT_PERCENT: z.coerce
      .number({ error: "must be a number, e.g. 5" })
      .gt(0, "must be more than 0")
      .max(50, "must be at most 50")
      .refine(decimals2, "must have at most 2 decimals")
      .optional(),
    COD_MAX_RUPEES: z.coerce
      .number({ error: "must be a whole number of rupees" })
      .int("must be a whole number of rupees")
      .min(1, "must be at least 1")
      .max(10_000_000, "must be at most 10000000")
      .optional(),
    COD_FEE_RUPEES: z.coerce
      .number({ error: "must be a number of rupees, e.g. 30" })
      .min(0, "must be 0 or more")
      .max(10_000, "must be at most 10000")
      .refine(decimals2, "must have at most 2 decimals (paise)")
      .default(0),
    COD_CONFIRM: flag("false"),
    COD_CONFIRM_HOURS: hours(720).optional(),
    // The shop's WhatsApp number: 10 digits (India) or 91 and 10 digits; spaces, dashes and + are ignored.
    SHOP_WHATSAPP: z
      .string()
      .transform((v) => v.replace(/[\s()+-]/g, ""))
      .pipe(z.string().regex(/^(?:91)?[6-9][0-9]{9}$/, "must be an Indian mobile number, e.g. +91 98765 43210"))
      .transform((v) => (v.length === 10 ? `91${v}` : v))
      .optional(),
  })
  .superRefine((v, ctx) => {
    for (const name of ["PREPAID_DISCOUNT_PERCENT", "COD_MAX_RUPEES"] as const)
      if (v[name] !== undefined && !v.SHOP_UPI_ID)
        ctx.addIssue({ code: "custom", path: [name], message: "needs SHOP_UPI_ID (it offers UPI instead of cash)" });
    if (v.COD_CONFIRM_HOURS !== undefined && !v.COD_CONFIRM)
      ctx.addIssue({ code: "custom", path: ["COD_CONFIRM_HOURS"], message: "needs COD_CONFIRM=true" });
  });

export type PaymentSettings = {
  /** Pay by UPI: the shop's UPI ID and payee name; null: cash on delivery only. */
  upi: { id: string; name: string } | null;
  /** How long a UPI order waits for its UTR before the clock cancels it. */
  upiHoldMs: number;
  /** Off the goods of a UPI order, in percent (0: none). */
  prepaidDiscountPercent: number;
  /** Above this total (paise), cash on delivery is refused; null: no limit. */
  codMaxPaise: number | null;
  /** Added to a cash-on-delivery order (paise), taxed like shipping; 0: none. */
  codFeePaise: number;
  /** COD orders are confirmed by the customer from a link in their mail (or My Orders). */
  codConfirm: boolean;
  /** Unconfirmed COD orders are cancelled after this long; null: never. */
  codConfirmMs: number | null;
  /** The shop's WhatsApp number as wa.me takes it (91 and 10 digits); null: the identity module's. */
  whatsapp: string | null;
};

const HOUR_MS = 3_600_000;

/** The payment settings from `vars`; throws naming a bad setting. */
export function parsePaymentSettings(vars: Record<string, string | undefined>): PaymentSettings {
  const payment = paymentSchema.safeParse(vars);
  if (!payment.success) throw invalid(payment.error.issues);
  const v = payment.data;
  return {
    upi: v.SHOP_UPI_ID ? { id: v.SHOP_UPI_ID, name: v.SHOP_UPI_NAME } : null,
    upiHoldMs: Math.round(v.UPI_HOLD_HOURS * HOUR_MS),
    prepaidDiscountPercent: v.PREPAID_DISCOUNT_PERCENT ?? 0,
    codMaxPaise: v.COD_MAX_RUPEES === undefined ? null : v.COD_MAX_RUPEES * 100,
    codFeePaise: Math.round(v.COD_FEE_RUPEES * 100),
    codConfirm: v.COD_CONFIRM,
    codConfirmMs: v.COD_CONFIRM_HOURS === undefined ? null : Math.round(v.COD_CONFIRM_HOURS * HOUR_MS),
    whatsapp: v.SHOP_WHATSAPP ?? null,
  };
}

const proxy = parseTrustProxy(raw.TRUST_PROXY);
const databasePath = resolve(raw.DATABASE_PATH);
const mail = parseMailSettings(process.env, dirname(databasePath));
// Sessions signed on one app server must open on every other: no per-machine generated secret.
if (raw.DATABASE_URL && !raw.SESSION_SECRET) {
  throw new Error(
    "Invalid environment: SESSION_SECRET must be set when DATABASE_URL is (every app server signs sessions with it)",
  );
}

// Node refuses to start a server whose headers may take longer than its whole request.
if (raw.HEADERS_TIMEOUT > raw.REQUEST_TIMEOUT) {
  throw new Error("Invalid environment: HEADERS_TIMEOUT must be at most REQUEST_TIMEOUT");
}

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
  databaseUrl: raw.DATABASE_URL,
  databasePoolSize: raw.DATABASE_POOL_SIZE,
  uploadDir: resolve(raw.UPLOAD_DIR),
  sessionSecret: sessionSecret(),
  adminEmail: raw.ADMIN_EMAIL?.trim().toLowerCase() || undefined,
  adminPassword: raw.ADMIN_PASSWORD || undefined,
  cookieSecure: raw.COOKIE_SECURE ? raw.COOKIE_SECURE === "true" : raw.NODE_ENV === "production",
  seedDemo: raw.SEED_DEMO,
  port: raw.PORT,
  host: raw.HOST,
  workers: raw.WEB_CONCURRENCY,
  /** Express's `trust proxy`; false: X-Forwarded-* are nobody's to set. */
  trustProxy: proxy.trust,
  allowedOrigins: raw.ALLOWED_ORIGINS.map((o) => o.toLowerCase()),
  logRequests: raw.LOG_REQUESTS,
  pageCache: raw.PAGE_CACHE,
  /** When a page hydrates: after its first paint ("load") or at the shopper's first use ("interaction"). */
  hydrateOn: raw.HYDRATE_ON,
  rateLimitFactor: raw.RATE_LIMIT_FACTOR,
  pincodeApiUrl: raw.PINCODE_API_URL,
  headersTimeoutMs: raw.HEADERS_TIMEOUT * 1000,
  requestTimeoutMs: raw.REQUEST_TIMEOUT * 1000,
  invoicePrefix: raw.INVOICE_PREFIX,
  lowStockThreshold: raw.LOW_STOCK_THRESHOLD,
  /** Sold-out pages offer a back-in-stock mail (issue #39); false: they only say "Sold out". */
  stockAlerts: raw.STOCK_ALERTS,
  /** The shop's languages, English first; ["en"] unless LANGUAGES lists more (issue #36). */
  languages: parseLanguages(process.env.LANGUAGES),
  /** The shop's GST registration: invoices are tax invoices when set (null: plain invoices). */
  gst,
  /** Outgoing mail: the SMTP server (or .eml files), the sender, the owner, links (issue #23). */
  mail,
  /** UPI, the money rules around it, COD confirmation and WhatsApp (issue #38); all off unset. */
  payments: parsePaymentSettings(process.env),
  /**
   * The shop's public address when PUBLIC_URL is set, for absolute links in pages (canonical,
   * Open Graph, sitemap); unset, they use the request's own origin (X-Forwarded-* behind TRUST_PROXY).
   */
  siteUrl: process.env.PUBLIC_URL?.trim() ? mail.publicUrl : undefined,
  /** One line each, for the primary (or the dev server) to print once at start. */
  startWarnings: [
    ...(proxy.warning ? [proxy.warning] : []),
    ...(raw.NODE_ENV === "production" && !process.env.PUBLIC_URL?.trim()
      ? [
          `PUBLIC_URL is not set: links in mails (password reset, orders) name ${mail.publicUrl}, and sitemaps and link previews the request's host`,
        ]
      : []),
  ],
};
