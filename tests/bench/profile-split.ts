// npx tsx tests/bench/profile-split.ts FILE.cpuprofile [--top N]
//
// Where a worker's CPU went, from a V8 CPU profile (`npm run bench -- --personal --profile` writes
// one per process into .bench/profiles): each sample is charged to the nearest frame, walking up
// its stack, that belongs to a known part (React, React Router, Express and its middleware, the
// database drivers, our build), so Node's own internals count for whoever called them. Prints the
// parts' shares and our build's heaviest functions (self time plus the internals they called).
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";

type Frame = { functionName: string; url: string; lineNumber: number };
type Node = { id: number; callFrame: Frame; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    top: { type: "string", default: "25" },
    parts: { type: "boolean", default: false },
    // Comma-separated function names: the CPU spent in each, inclusive of all it called.
    inclusive: { type: "string" },
    // The split of docs/performance.md: each sample to the innermost of the markers below on its stack.
    split: { type: "boolean", default: false },
  },
});

/** The part a frame belongs to, or null for Node's internals and anonymous frames (charged upward). */
export function partOf(url: string): string | null {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1];
  if (pkg) {
    if (pkg === "react-dom" || pkg === "react") return "React (render)";
    if (pkg === "react-router" || pkg.startsWith("@react-router/")) return "React Router";
    if (pkg === "better-sqlite3" || pkg === "drizzle-orm" || pkg === "pg" || pkg === "postgres")
      return "database driver";
    if (
      [
        "express",
        "router",
        "compression",
        "helmet",
        "body-parser",
        "send",
        "sirv",
        "morgan",
        "finalhandler",
        "cookie",
        "on-headers",
        "accepts",
        "negotiator",
        "qs",
        "type-is",
        "content-type",
        "mime-types",
      ].includes(pkg)
    )
      return "Express and middleware";
    if (pkg === "bcryptjs") return "bcrypt";
    return `package ${pkg}`;
  }
  if (/\/build\/server\//.test(url)) return "our build (app, server)";
  return null;
}

/**
 * The parts of a page request, by the function names that mark them (in the build's bundle, route
 * loaders are `loader`, `loader$T`…). A sample goes to the innermost marker on its stack, so the
 * root loader's session read counts as "session and cookies", not as a loader.
 */
const MARKERS: [string, RegExp][] = [
  [
    "session and cookies (root loader: user, toasts, cart)",
    /^(getUser|readUser|userOfCookie|takeToasts|readCart|readCartCookie)$/,
  ],
  ["our loaders and their queries", /^(loader(\$\w+)?|callLoaderOrAction|loadRouteData)$/],
  [
    "rendering: React and the components (ours and React Router's)",
    /^(performWork|flushCompletedQueues|renderToPipeableStream)$/,
  ],
  ["around: inline styles, hydrate-after-load rewrite", /^(withPageStyles|hydrateAfterLoad)$/],
  ["around: CSP nonce and security headers", /^(securityHeaders|newNonce|helmet\w*|contentSecurityPolicy\w*)$/],
  [
    "around: our middleware (database check, no-store, page cache)",
    /^(databaseUnavailable|noStoreForPersonalPages|pageCache|servePageCache)$/,
  ],
  [
    "sending: web stream to socket, compression",
    /^(writeReadableStreamToWritable|sendRemixResponse|onResponseHeaders|processChunk|writev|compression)$/,
  ],
  [
    "React Router's request handling (adapter, matching, data)",
    /^(createRemixRequest|requestHandler|handleDocumentRequest|runServerMiddlewarePipeline)$/,
  ],
];

function split(profile: Profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const parts = new Map<string, number>();
  const ours = new Map<string, number>();
  const byPart = new Map<string, Map<string, number>>();
  let total = 0;
  const wanted = new Set((values.inclusive ?? "").split(",").filter(Boolean));
  const inclusive = new Map<string, number>();
  const marked = new Map<string, number>();
  for (let i = 0; i < profile.samples.length; i++) {
    const dt = profile.timeDeltas[i] ?? 0;
    let id: number | undefined = profile.samples[i]!;
    const leaf = byId.get(id)!.callFrame.functionName;
    if (leaf === "(idle)") continue;
    total += dt;
    if (values.split) {
      let label = byId.get(id)!.callFrame.functionName === "(garbage collector)" ? "garbage collector" : "other";
      search: for (let up: number | undefined = id; up !== undefined; up = parent.get(up)) {
        const fn = byId.get(up)!.callFrame.functionName;
        for (const [name, re] of MARKERS)
          if (re.test(fn)) {
            label = name;
            break search;
          }
      }
      if (label === "other") {
        // Charged by the part of its nearest known frame: async continuations have no outer markers.
        let part: string | null = null;
        for (let up: number | undefined = id; up !== undefined && !part; up = parent.get(up))
          part = partOf(byId.get(up)!.callFrame.url);
        label = `other: ${part ?? "Node internals"}`;
      }
      marked.set(label, (marked.get(label) ?? 0) + dt);
    }
    if (wanted.size) {
      const seen = new Set<string>();
      for (let up: number | undefined = id; up !== undefined; up = parent.get(up)) {
        const fn = byId.get(up)!.callFrame.functionName;
        if (wanted.has(fn)) seen.add(fn);
      }
      for (const fn of seen) inclusive.set(fn, (inclusive.get(fn) ?? 0) + dt);
    }
    let part: string | null = null;
    let frame: Frame | undefined;
    for (; id !== undefined; id = parent.get(id)) {
      frame = byId.get(id)!.callFrame;
      part = partOf(frame.url);
      if (part) break;
    }
    const name = part ?? (leaf === "(garbage collector)" ? "garbage collector" : "Node internals (no caller of ours)");
    if (!part) {
      const l = byId.get(profile.samples[i]!)!.callFrame;
      const fns = byPart.get(name) ?? byPart.set(name, new Map()).get(name)!;
      const key = `${l.functionName || "(anonymous)"} ${l.url}:${l.lineNumber + 1}`;
      fns.set(key, (fns.get(key) ?? 0) + dt);
    }
    parts.set(name, (parts.get(name) ?? 0) + dt);
    if (part && frame) {
      const fns = byPart.get(part) ?? byPart.set(part, new Map()).get(part)!;
      const file = frame.url.replace(/.*node_modules\//, "").replace(/.*\/build\//, "build/");
      const key = `${frame.functionName || "(anonymous)"} ${file}:${frame.lineNumber + 1}`;
      fns.set(key, (fns.get(key) ?? 0) + dt);
    }
    if (part === "our build (app, server)" && frame) {
      const key = `${frame.functionName || "(anonymous)"} :${frame.lineNumber + 1}`;
      ours.set(key, (ours.get(key) ?? 0) + dt);
    }
  }
  return { parts, ours, byPart, inclusive, marked, total };
}

if (process.argv[1]?.endsWith("profile-split.ts")) {
  for (const file of positionals) {
    const { parts, ours, byPart, inclusive, marked, total } = split(JSON.parse(readFileSync(file, "utf8")) as Profile);
    const pct = (us: number) => `${((100 * us) / total).toFixed(1).padStart(5)} %`;
    console.log(`\n${file}: ${(total / 1000).toFixed(0)} ms of CPU (idle left out)`);
    for (const [name, us] of [...parts].sort((a, b) => b[1] - a[1])) console.log(`  ${pct(us)}  ${name}`);
    if (values.split) {
      console.log("\n  split (innermost marker on the stack):");
      for (const [name, us] of [...marked].sort((a, b) => b[1] - a[1])) console.log(`  ${pct(us)}  ${name}`);
    }
    for (const [fn, us] of [...inclusive].sort((a, b) => b[1] - a[1])) console.log(`  ${pct(us)}  inclusive: ${fn}`);
    if (values.parts)
      for (const [part, fns] of byPart) {
        console.log(`\n  ${part}: heaviest frames`);
        for (const [name, us] of [...fns].sort((a, b) => b[1] - a[1]).slice(0, 12))
          console.log(`  ${pct(us)}  ${name}`);
      }
    console.log(`\n  our build's heaviest functions (self + Node internals they called):`);
    for (const [name, us] of [...ours].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top)))
      console.log(`  ${pct(us)}  ${name}`);
  }
}
