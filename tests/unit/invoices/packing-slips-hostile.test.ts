import { describe, expect, it } from "vitest";
import { renderInvoice } from "~/models/invoices/invoice-pdf.server";
import { renderPackingSlips } from "~/models/invoices/packing-slips.server";
import { invoiceOrder } from "../../support/invoice-order";
import { pdfPageCount, pdfText } from "../../support/pdf-text";

// Issue #34, item 2: characters no font of ours draws (CJK, Hangul, private use) once each became a
// CID of the batch's one text font, and ~270 such orders passed 65,535: the whole PDF failed.

/** Code points none of our fonts has, each used once across the whole batch. */
const BLOCKS: [number, number][] = [
  [0x4e00, 0x9fff], // CJK Unified Ideographs
  [0xac00, 0xd7a3], // Hangul syllables
  [0xe000, 0xf8ff], // Private Use Area
  [0x20000, 0x2a6df], // CJK Extension B
  [0xf0000, 0xffffd], // Supplementary Private Use Area-A
];
const pool = BLOCKS.flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, i) => from + i));
let next = 0;
const hostile = (length: number) => String.fromCodePoint(...Array.from({ length }, () => pool[next++ % pool.length]!));
const FOREIGN = /[\u4e00-\u9fff\uac00-\ud7a3\ue000-\uf8ff\u{20000}-\u{2a6df}\u{f0000}-\u{ffffd}]/u;

const at = (i: number) => ({
  id: `665f1c2a9b3e4d5f6a7b${i.toString(16).padStart(4, "0")}`,
  createdAt: new Date("2026-11-20T20:30:00Z"),
  pin: "560038",
  contactPhone: "9876543210",
  items: [{ name: "Lavender Dream", qty: 1, price: 45000, hsn: "3406" }],
});
// The longest texts checkout takes: name 100, address 300, city and state 100 characters.
const hostileSlip = (i: number) => ({
  ...at(i),
  contactName: hostile(100),
  address: hostile(300),
  city: hostile(100),
  state: hostile(100),
});
const NORMAL = new Map([
  [
    0,
    {
      contactName: "Priya Sharma",
      address: "12, 4th Cross, MG Road, Indiranagar",
      city: "Bengaluru",
      state: "Karnataka",
    },
  ],
  [134, { contactName: "प्रिया शर्मा", address: "फ्लैट 4B, कमल अपार्टमेंट्स", city: "नई दिल्ली", state: "Delhi" }],
  [269, { contactName: "கார்த்திகேயன்", address: "கதவு எண் 7, கொடைக்கானல் சாலை", city: "மதுரை", state: "Tamil Nadu" }],
]);

describe("packing slips and invoices no order's text can break", () => {
  // 270 pages of shaping: about 30 s of a quiet core, 60 s and more on a loaded one. The limit is
  // for a hang (issue #51 item 7), not a judgement of speed, which is the bench's.
  it("prints 270 slips full of characters no font has: stand-ins on those, the others intact", async () => {
    const slips = Array.from({ length: 270 }, (_, i) => {
      const normal = NORMAL.get(i);
      return normal ? { ...at(i), ...normal } : hostileSlip(i);
    });
    const bytes = await renderPackingSlips(slips);
    expect(await pdfPageCount(bytes)).toBe(270);

    const pages = (await pdfText(bytes)).split("Packing slip\n").slice(1);
    expect(pages).toHaveLength(270);
    for (const [i, n] of NORMAL) {
      const lines = pages[i]!.split("\n");
      expect(lines).toContain(n.contactName);
      expect(lines).toContain(n.address);
      expect(lines).toContain(`${n.city}, ${n.state}`);
      expect(pages[i]).not.toContain("\uFFFD");
    }
    const page = pages[1]!;
    expect(page).toContain("\uFFFD".repeat(10)); // the name, as stand-ins
    expect(page).toContain("PIN 560038");
    expect(page).toContain("1 Lavender Dream");
    expect(pages.join("\n")).not.toMatch(FOREIGN);
  }, 300_000);

  it("renders an invoice whose name and address are such characters", async () => {
    const order = invoiceOrder({
      contact: { name: hostile(100), email: "x@example.com", phone: "9876543210" },
      shippingAddress: { address: hostile(300), city: hostile(100), state: hostile(100), pin: "560038" },
    });
    const text = await pdfText(await renderInvoice(order));
    expect(text).toContain("\uFFFD".repeat(10));
    expect(text).toContain("Grand total ₹3,397.00");
    expect(text).not.toMatch(FOREIGN);
  });
});
