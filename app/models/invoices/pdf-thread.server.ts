import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { projectRoot } from "~/env.server";
import type { Language } from "~/lib/i18n/languages";
import { lineName } from "~/lib/line-name";
import type { TaxInvoiceFigures } from "~/lib/tax-invoice";
import type { InvoiceOrder } from "./invoice-pdf.server";
import type { Slip } from "./packing-slips.server";
import type { PdfAnswer, PdfJob } from "./pdf-worker.server";

/**
 * Invoices and packing slips are drawn on a thread of their own (pdf-worker.server.ts), so a batch
 * of slips never stalls the requests of this process (issue #34). One thread per process, started
 * on first use and kept; jobs wait their turn here, one at a time in the thread. A job that runs
 * past JOB_TIMEOUT_MS ends the thread (the next job starts another) and fails.
 *
 * The built server is the thread's program too (server/index.ts: the "pdf" role), so production
 * needs no file beside build/server/index.js; from source (vitest, the dev server) tsx loads the
 * TypeScript body.
 */

const JOB_TIMEOUT_MS = 120_000;

type Pending = { id: number; job: PdfJob; resolve: (pdf: Uint8Array) => void; reject: (error: Error) => void };

const fromSource = import.meta.url.endsWith(".ts");
let thread: Worker | undefined;
let running: (Pending & { timer: NodeJS.Timeout }) | undefined;
const queue: Pending[] = [];
let lastId = 0;

function start(): Worker {
  const worker = fromSource
    ? new Worker(tsxBootstrap(new URL("./pdf-worker.server.ts", import.meta.url).href), { eval: true })
    : new Worker(join(projectRoot, "build", "server", "index.js"), { workerData: { role: "pdf" } });
  worker.on("message", (answer: PdfAnswer) => {
    if (!running || answer.id !== running.id) return;
    const done = running;
    finish();
    if ("pdf" in answer) done.resolve(answer.pdf);
    else done.reject(new Error(`PDF thread: ${answer.error}`));
  });
  const fail = (error: Error) => {
    if (thread !== worker) return;
    thread = undefined;
    const lost = running;
    finish();
    lost?.reject(error);
  };
  worker.on("error", fail);
  worker.on("exit", (code) => fail(new Error(`PDF thread exited (${code})`)));
  // An idle thread keeps no process alive (a script, a test, a stopping server); a job does. After
  // the listeners: adding one refs the thread's port again.
  worker.unref();
  return worker;
}

/** A thread program importing `file` through tsx (Node 20 ignores `--import tsx` in a worker's
 *  execArgv for its first module). */
function tsxBootstrap(file: string): string {
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve("tsx/package.json"));
  const api = new URL("./dist/esm/api/index.mjs", tsx).href;
  return `import(${JSON.stringify(api)}).then((tsx) => tsx.tsImport(${JSON.stringify(file)}, ${JSON.stringify(file)}))`;
}

function finish() {
  if (running) clearTimeout(running.timer);
  running = undefined;
  next();
  if (!running) thread?.unref();
}

function next() {
  if (running) return;
  const job = queue.shift();
  if (!job) return;
  thread ??= start();
  const worker = thread;
  const timer = setTimeout(() => {
    void worker.terminate();
    if (thread === worker) thread = undefined;
    running = undefined;
    job.reject(new Error(`PDF thread: no answer in ${JOB_TIMEOUT_MS / 1000} s`));
    next();
  }, JOB_TIMEOUT_MS);
  running = { ...job, timer };
  worker.ref();
  worker.postMessage({ id: job.id, job: job.job });
}

function inThread(job: PdfJob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    queue.push({ id: ++lastId, job, resolve, reject });
    next();
  });
}

/** renderPackingSlips, on the PDF thread (sent only what a slip prints). */
export const packingSlipsPdf = (slips: Slip[]) =>
  inThread({
    kind: "packing-slips",
    slips: slips.map((s) => ({
      id: s.id,
      createdAt: s.createdAt,
      contactName: s.contactName,
      contactPhone: s.contactPhone,
      address: s.address,
      city: s.city,
      state: s.state,
      pin: s.pin,
      // A line's size is printed with its name (issue #37): "Lavender Fields — 200 g jar".
      items: s.items.map(({ name, qty, sizeLabel }) => ({ name: lineName(name, sizeLabel), qty })),
    })),
  });

/** renderInvoice, on the PDF thread. */
export const invoicePdf = (order: InvoiceOrder, tax: TaxInvoiceFigures | null, language: Language = "en") =>
  inThread({ kind: "invoice", order, tax, language });
