import { describe, expect, it } from "vitest";
import { type InvoiceOrder, renderInvoice } from "~/models/invoices/invoice-pdf.server";
import * as fonts from "~/models/invoices/pdf/fonts.server";
import { textWidth } from "~/models/invoices/pdf/shaping.server";
import { invoiceOrder } from "../../support/invoice-order";
import { pdfText, popplerText } from "../../support/pdf-text";

// Issue #22: names and addresses in every Indian script the shop has a font for, read back with
// pdf.js (pdfjs-dist, ToUnicode) and, where poppler-utils is installed, Poppler (/ActualText).

const SAMPLES: { script: string; name: string; address: string; city: string }[] = [
  { script: "Devanagari (Hindi)", name: "प्रिया शर्मा", address: "फ्लैट 4B, कमल अपार्टमेंट्स", city: "नई दिल्ली" },
  { script: "Devanagari (conjuncts)", name: "क्षितिज त्रिपाठी", address: "ज्ञान मार्ग 7, श्रीनगर", city: "कानपुर" },
  { script: "Bengali", name: "সৌমিত্র চট্টোপাধ্যায়", address: "বাড়ি 23, রবীন্দ্র সরণি", city: "কলকাতা" },
  { script: "Tamil", name: "கார்த்திகேயன் சுப்பிரமணியம்", address: "கதவு எண் 7, கொடைக்கானல் சாலை", city: "மதுரை" },
  { script: "Telugu", name: "శ్రీనివాస్ రెడ్డి", address: "ఇంటి నం. 5-9/2, బంజారా హిల్స్", city: "హైదరాబాద్" },
  { script: "Kannada", name: "ಪ್ರಕಾಶ್ ಹೆಗ್ಡೆ", address: "ಮನೆ 18, ಜಯನಗರ 4ನೇ ಬ್ಲಾಕ್", city: "ಬೆಂಗಳೂರು" },
  { script: "Malayalam", name: "ശ്രീലക്ഷ്മി നായർ", address: "വീട് നമ്പർ 12, എം.ജി. റോഡ്", city: "കൊച്ചി" },
  { script: "Gujarati", name: "હાર્દિક પટેલ", address: "બ્લોક C-304, સ્વસ્તિક સોસાયટી", city: "અમદાવાદ" },
  { script: "Gurmukhi", name: "ਗੁਰਪ੍ਰੀਤ ਸਿੰਘ", address: "ਮਕਾਨ ਨੰ. 45, ਮਾਡਲ ਟਾਊਨ", city: "ਲੁਧਿਆਣਾ" },
  { script: "Odia", name: "ସୌମ୍ୟ ପଟ୍ଟନାୟକ", address: "ଘର ନଂ 9, ଶହୀଦ ନଗର", city: "ଭୁବନେଶ୍ୱର" },
];

const order = (contactName: string, address: string, city = "Bengaluru"): InvoiceOrder =>
  invoiceOrder({
    contact: { name: contactName, email: "customer@example.com", phone: "9876543210" },
    shippingAddress: { address, city, state: "Karnataka", pin: "560038" },
  });

const inCI = process.env.CI === "true";

describe("invoice text in Indian scripts", () => {
  it.each(SAMPLES)("$script: the name and address read back as typed", async ({ name, address, city }) => {
    const bytes = await renderInvoice(order(name, address, city));
    const lines = (await pdfText(bytes)).split("\n");
    // Bill to and Ship to both start with the name; each drawn line reads back whole
    expect(lines.filter((l) => l === name)).toHaveLength(2);
    expect(lines).toContain(address);
    expect(lines).toContain(`${city}, Karnataka`);
    expect(lines).toContain("मसाला चाय जार कैंडल 1 ₹1,299.00 ₹1,299.00");
    expect(lines).toContain("மழை மண் டின் 2 ₹349.50 ₹699.00");
    expect(lines.join("\n").replace("Questions?", "")).not.toMatch(/[?\uFFFD]/); // the footer asks one

    const poppler = popplerText(bytes);
    if (poppler === null && inCI) throw new Error("pdftotext is missing: .ci/run installs poppler-utils");
    if (poppler !== null) {
      expect(poppler).toContain(name);
      expect(poppler).toContain(address);
      expect(poppler).toContain("₹1,299.00");
    }
  });

  it("reads back a name that mixes scripts, Latin and digits", async () => {
    const name = "Priya प्रिया 2 கார்த்தி ശ്രീ";
    const address = "12/3 MG Road, ಜಯನಗರ 4th Block";
    const lines = (await pdfText(await renderInvoice(order(name, address)))).split("\n");
    expect(lines.filter((l) => l === name)).toHaveLength(2);
    expect(lines).toContain(address);
  });

  it("prints every amount with ₹ in Indian grouping", async () => {
    const big = order("प्रिया शर्मा", "फ्लैट 4B");
    big.items = [{ name: "Wedding hamper", qty: 100, price: 1234500, hsn: "3406" }];
    big.subtotal = 123450000;
    big.grandTotal = 123454900;
    const lines = (await pdfText(await renderInvoice(big))).split("\n");
    expect(lines).toContain("Wedding hamper 100 ₹12,345.00 ₹12,34,500.00");
    expect(lines).toContain("Subtotal ₹12,34,500.00");
    expect(lines).toContain("Shipping ₹49.00");
    expect(lines).toContain("Grand total ₹12,34,549.00");
    expect(lines.join("\n")).not.toContain("Rs.");
  });

  it("draws a visible code-point box for a character no font has, copied out as U+FFFD", async () => {
    const name = "ᱥᱟᱱᱛᱟᱲᱤ ᱢᱟᱨᱰᱤ"; // Ol Chiki (Santali): no font ships for it
    const address = "Flat 3 🏠, गली 5 🪔";
    const bytes = await renderInvoice(order(name, address));
    const lines = (await pdfText(bytes)).split("\n");
    // issue #34: each typed character would be a CID of its own, and enough of them fill the font
    const standIns = "\uFFFD".repeat(7) + " " + "\uFFFD".repeat(5);
    expect(lines.filter((l) => l === standIns)).toHaveLength(2);
    expect(lines).toContain("Flat 3 \uFFFD, गली 5 \uFFFD");
    expect(lines.join("\n").replace("Questions?", "")).not.toContain("?");
    // drawn, not dropped: every missing character takes room
    expect(textWidth("ᱥ", 10)).toBeGreaterThan(5);
    expect(textWidth("🏠", 10)).toBeGreaterThan(5);
    const poppler = popplerText(bytes);
    if (poppler !== null) expect(poppler).toContain(standIns);
  });

  it("keeps a 3-line order's PDF under 150 KB and parses the fonts once", async () => {
    const first = await renderInvoice(order("प्रिया शर्मा", "கதவு எண் 7, கொடைக்கானல் சாலை"));
    expect(first.byteLength).toBeLessThan(150 * 1024);
    const parsed = fonts.fontsParsed;
    expect(parsed).toBeGreaterThan(0);
    const second = await renderInvoice(order("ശ്രീലക്ഷ്മി നായർ", "फ्लैट 4B, कमल अपार्टमेंट्स"));
    expect(second.byteLength).toBeLessThan(150 * 1024);
    const again = await renderInvoice(order("प्रिया शर्मा", "கதவு எண் 7, கொடைக்கானல் சாலை"));
    // Malayalam was new in the second invoice; the third needs no font it has not parsed
    const afterSecond = fonts.fontsParsed;
    await renderInvoice(order("प्रिया शर्मा", "கதவு எண் 7, கொடைக்கானல் சாலை"));
    expect(fonts.fontsParsed).toBe(afterSecond);
    expect(Buffer.from(again).equals(Buffer.from(first))).toBe(true);
  });
});
