// The invoice's words in Hindi (issue #36), typed by the English ones. The GST terms are the ones
// the Hindi text of the CGST Act and Rules uses: कर बीजक (tax invoice, s.31), आपूर्ति का स्थान
// (place of supply), कराधेय मूल्य (taxable value), प्रतिलोम प्रभार (reverse charge, with the
// English word shops print beside it), and the acronyms spelt in Devanagari as the Hindi press and
// the GST portal write them: जीएसटीआईएन (GSTIN), सीजीएसटी/एसजीएसटी/आईजीएसटी, एचएसएन. docs/i18n.md
// says what was checked. The rest is everyday Hindi as Indian shops print a bill.
import type { InvoiceTexts } from "./en.server";

export const hi: InvoiceTexts = {
  pdfLanguage: "hi-IN",
  invoice: "इनवॉइस",
  taxInvoice: "कर बीजक",
  subject: (orderId) => `ऑर्डर ${orderId} का इनवॉइस`,
  tagline: "हाथ से बनी सोया कैंडल, भारत",
  soldBy: (legalName) => `विक्रेता: ${legalName}`,
  sellerState: (state, code, gstin) => `राज्य: ${state} (${code}) · जीएसटीआईएन: ${gstin}`,
  invoiceNo: (invoiceNumber, tax) => (tax ? `बीजक संख्या ${invoiceNumber}` : `इनवॉइस नंबर ${invoiceNumber}`),
  order: (number) => `ऑर्डर ${number}`,
  date: (date) => `तारीख़: ${date}`,
  orderId: (id) => `ऑर्डर आईडी: ${id}`,
  billTo: "बिलिंग पता",
  shipTo: "शिपिंग पता",
  phone: (phone) => `फ़ोन: ${phone}`,
  pin: (pin) => `पिन ${pin}`,
  placeOfSupply: (label) => `आपूर्ति का स्थान: ${label}`,
  reverseChargeNo: "प्रतिलोम प्रभार (रिवर्स चार्ज): नहीं",
  continued: (title, number) => `${title} ${number} (जारी)`,
  item: "सामान",
  qty: "मात्रा",
  unitPrice: "दर",
  taxableValue: "कराधेय मूल्य",
  amount: "राशि",
  hsn: (code) => `एचएसएन ${code}`,
  product: "सामान",
  noItems: "कोई सामान नहीं",
  igst: "आईजीएसटी",
  cgst: "सीजीएसटी",
  sgst: "एसजीएसटी",
  // "सीजीएसटी+एसजीएसटी" does not fit the column: the total's rate, split below the table.
  cgstSgstColumn: (ratePercent) => `जीएसटी ${ratePercent}%`,
  subtotal: "सबटोटल",
  shipping: "शिपिंग",
  grandTotal: "कुल राशि",
  amountInWords: (words) => `राशि शब्दों में: ${words}`,
  pricesIncludeGst: "कीमतों में जीएसटी शामिल है।",
  paymentMethod: "भुगतान का तरीका",
  cashOnDelivery: "कैश ऑन डिलीवरी (COD)",
  paymentStatus: "भुगतान",
  paid: "हो गया",
  notPaid: "बाकी है",
  orderStatus: "ऑर्डर की स्थिति",
  statuses: {
    Placed: "ऑर्डर हो गया",
    Processing: "तैयार हो रहा है",
    Shipped: "भेज दिया गया",
    Delivered: "डिलीवर हो गया",
    Cancelled: "कैंसल",
  },
  notSigned: (legalName) => `${legalName} की ओर से: कंप्यूटर से बना बीजक, हाथ से हस्ताक्षर की ज़रूरत नहीं।`,
  thanks: (shop, email) => `${shop} से ख़रीदारी के लिए धन्यवाद। कोई सवाल? ${email}`,
  page: (n, of) => `पेज ${n} / ${of}`,
};
