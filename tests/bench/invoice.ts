// The invoice PDF in numbers (issue #22): CPU per render after the fonts are parsed, and the size,
// for a 3-line order with a Devanagari name and a Tamil address. In-process: renderInvoice is pure.

import { cpuUsage } from "node:process";
import { type InvoiceOrder, renderInvoice } from "../../app/models/invoices/invoice-pdf.server";
import { invoiceOrder } from "../support/invoice-order";

export type InvoiceBench = { renders: number; firstMs: number; cpuMedianMs: number; cpuP90Ms: number; bytes: number };

export const benchOrder = (n: number): InvoiceOrder =>
  invoiceOrder({
    id: `665f1c2a9b3e4d5f6a7b${String(n % 10000).padStart(4, "0")}`,
    // a different name and address each time, so their shaping is never a cache hit
    contact: { name: `प्रिया शर्मा ${n}`, email: "priya@example.com", phone: "9876543210" },
    shippingAddress: {
      address: `கதவு எண் ${n}, கொடைக்கானல் சாலை, அண்ணா நகர்`,
      city: "Chennai",
      state: "Tamil Nadu",
      pin: "600040",
    },
  });

const cpuMs = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1000;

/** `renders` timed renders after a first one (which parses the fonts) and 5 of warm-up. */
export async function benchInvoice(renders: number): Promise<InvoiceBench> {
  const t0 = performance.now();
  const first = await renderInvoice(benchOrder(0));
  const firstMs = performance.now() - t0;
  for (let i = 1; i <= 5; i++) await renderInvoice(benchOrder(i));
  const samples: number[] = [];
  for (let i = 0; i < renders; i++) {
    const before = cpuUsage();
    await renderInvoice(benchOrder(100 + i)); // a new id each time: no cache of whole invoices
    samples.push(cpuMs(cpuUsage(before)));
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!;
  return { renders, firstMs, cpuMedianMs: at(0.5), cpuP90Ms: at(0.9), bytes: first.byteLength };
}
