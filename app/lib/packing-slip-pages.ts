/**
 * The most slips one PDF holds, oldest orders first; more waiting orders print in further PDFs
 * (?page=2…). Each slip gets its share of the PDF's text font (app/models/invoices/pdf/
 * text.server.ts): at 200 that is over 300 new characters a slip, twice what a long address in
 * Tamil or Hindi takes, so only an order of hundreds of distinct characters prints stand-ins.
 */
export const SLIPS_PER_PDF = 200;

export const PAGE_INVALID = "The page must be a whole number, 1 or more.";

/** ?page= of the packing-slips PDF: 1 when absent, null when it is not a page number. (No zod:
 *  the overview shows the links, and a page without a form loads none.) */
export function parseSlipsPage(params: URLSearchParams): number | null {
  const page = params.get("page");
  if (page === null) return 1;
  return /^[1-9]\d{0,5}$/.test(page) ? Number(page) : null;
}

/** The PDFs `total` waiting orders print in: a link and the orders it holds ("201–400"). */
export function slipsPdfs(total: number): { href: string; label: string }[] {
  return Array.from({ length: Math.ceil(total / SLIPS_PER_PDF) }, (_, i) => {
    const [first, last] = [i * SLIPS_PER_PDF + 1, Math.min(total, (i + 1) * SLIPS_PER_PDF)];
    return {
      href: i === 0 ? "/admin/orders/packing-slips" : `/admin/orders/packing-slips?page=${i + 1}`,
      label: first === last ? String(first) : `${first}–${last}`,
    };
  });
}
