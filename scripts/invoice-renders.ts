// npx tsx scripts/invoice-renders.ts [--out docs/invoices]
//
// Renders the invoice of a 3-line order for a Devanagari, a Tamil and a Malayalam customer to PDF
// and then to PNG (Poppler's pdftoppm, 100 dpi, first page), so a reader can see the shaping of
// conjuncts, reordered vowel signs, reph, split vowels and chillus without running the shop.

import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { gstStateByCode } from "../app/lib/gst-states";
import { gstinCheckChar } from "../app/lib/gstin";
import { percentOf } from "../app/lib/price-breakdown";
import { taxInvoiceFigures } from "../app/lib/tax-invoice";
import { type InvoiceOrder, renderInvoice } from "../app/models/invoices/invoice-pdf.server";
import { invoiceOrder } from "../tests/support/invoice-order";

const { values } = parseArgs({ options: { out: { type: "string", default: "docs/invoices" } } });
const out = resolve(values.out);

const customers: { file: string; name: string; address: string; city: string; state: string; pin: string }[] = [
  {
    file: "devanagari",
    name: "प्रिया शर्मा क्षत्रिय",
    address: "फ्लैट 4B, कमल अपार्टमेंट्स, ज्ञान मार्ग, श्रीनगर कॉलोनी, किदवई नगर",
    city: "कानपुर",
    state: "उत्तर प्रदेश",
    pin: "208011",
  },
  {
    file: "tamil",
    name: "கார்த்திகேயன் சுப்பிரமணியம்",
    address: "கதவு எண் 7, கொடைக்கானல் சாலை, கோவில் தெரு, பௌர்ணமி நகர்",
    city: "மதுரை",
    state: "தமிழ்நாடு",
    pin: "625001",
  },
  {
    file: "malayalam",
    name: "ശ്രീലക്ഷ്മി നായർ",
    address: "വീട് നമ്പർ 12, കൊച്ചി റോഡ്, ക്ഷേത്രം ജംഗ്ഷൻ, പൊന്നുരുന്നി",
    city: "എറണാകുളം",
    state: "കേരളം",
    pin: "682019",
  },
];

const order = (c: (typeof customers)[number]): InvoiceOrder =>
  invoiceOrder({
    items: [
      { name: "Lavender Dream", qty: 3, price: 45000 },
      { name: "मसाला चाय जार कैंडल", qty: 1, price: 129900 },
      { name: "மழை மண் டின் (Monsoon Mitti Tin)", qty: 2, price: 34950 },
    ],
    contact: { name: c.name, email: "customer@example.com", phone: "9876543210" },
    shippingAddress: { address: c.address, city: c.city, state: c.state, pin: c.pin },
  });

/** Page 1 of `pdf` as `<out>/<name>.png` (Poppler, 100 dpi). */
function toPng(pdf: string, name: string) {
  execFileSync("pdftoppm", ["-r", "100", "-png", "-singlefile", "-f", "1", "-l", "1", pdf, join(out, name)]);
  console.log(join(out, `${name}.png`));
}

mkdirSync(out, { recursive: true });
const tmp = mkdtempSync(join(tmpdir(), "invoice-renders-"));
try {
  for (const c of customers) {
    const pdf = join(tmp, `${c.file}.pdf`);
    writeFileSync(pdf, await renderInvoice(order(c)));
    toPng(pdf, `invoice-${c.file}`);
  }
  // A GST tax invoice: a shop registered in Karnataka selling within the state (CGST + SGST), to a
  // customer writing in Kannada.
  const gstin = `29AAACR5055K1Z`;
  const taxOrder = order({
    file: "tax",
    name: "ಅನನ್ಯಾ ಕೃಷ್ಣಮೂರ್ತಿ",
    address: "ಮನೆ ಸಂಖ್ಯೆ 21, 4ನೇ ಅಡ್ಡರಸ್ತೆ, ಇಂದಿರಾನಗರ",
    city: "Bengaluru",
    state: "Karnataka",
    pin: "560038",
  });
  const seller = {
    gstin: gstin + gstinCheckChar(gstin),
    legalName: "RK Candles Private Limited",
    address: "No. 14, 2nd Main Road, Jayanagar 4th Block, Bengaluru 560011",
    state: gstStateByCode("29")!,
    ratePercent: 12,
  };
  const taxPdf = join(tmp, "tax.pdf");
  writeFileSync(taxPdf, await renderInvoice(taxOrder, taxInvoiceFigures(taxOrder, seller)));
  toPng(taxPdf, "tax-invoice");
  // The same order paid by UPI with 5 % off (issue #38): each line's share of the discount under
  // its name, GST on what is left, and how it was paid.
  const prepaidDiscount = percentOf(taxOrder.subtotal, 5);
  const upiOrder: InvoiceOrder = {
    ...taxOrder,
    paymentMethod: "UPI",
    prepaidDiscount,
    grandTotal: taxOrder.grandTotal - prepaidDiscount,
    isPaid: true,
    utr: "412345678901",
    paidAt: new Date("2026-11-21T06:00:00Z"),
  };
  const upiPdf = join(tmp, "tax-upi.pdf");
  writeFileSync(upiPdf, await renderInvoice(upiOrder, taxInvoiceFigures(upiOrder, seller)));
  toPng(upiPdf, "tax-invoice-upi");
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
