import { parentPort } from "node:worker_threads";
import type { Language } from "~/lib/i18n/languages";
import type { TaxInvoiceFigures } from "~/lib/tax-invoice";
import { type InvoiceOrder, renderInvoice } from "./invoice-pdf.server";
import { renderPackingSlips, type Slip } from "./packing-slips.server";

// The body of the PDF thread (pdf-thread.server.ts starts it): shaping, subsetting and writing a
// PDF take from ~50 ms (an invoice) to seconds (a batch of packing slips), all synchronous, so
// they run here, off the thread that answers requests. One job at a time; the bytes go back
// transferred, not copied.

export type PdfJob =
  | { kind: "packing-slips"; slips: Slip[] }
  | { kind: "invoice"; order: InvoiceOrder; tax: TaxInvoiceFigures | null; language: Language };

export type PdfAnswer = { id: number; pdf: Uint8Array } | { id: number; error: string };

const render = (job: PdfJob) =>
  job.kind === "packing-slips" ? renderPackingSlips(job.slips) : renderInvoice(job.order, job.tax, job.language);

async function answer(id: number, job: PdfJob) {
  try {
    const pdf = await render(job);
    parentPort!.postMessage({ id, pdf } satisfies PdfAnswer, [pdf.buffer as ArrayBuffer]);
  } catch (error) {
    parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies PdfAnswer);
  }
}

parentPort?.on("message", ({ id, job }: { id: number; job: PdfJob }) => void answer(id, job));
