// The order mails' totals with issue #38's money rules: a UPI discount line and a cash-on-delivery
// fee line when the order has them (text and HTML, English and Hindi; the owner's alert too), and
// none when it has not.
import { describe, expect, it } from "vitest";
import { type MailOrder, orderAlertMail, orderConfirmationMail } from "~/models/mail/templates.server";

const base: MailOrder = {
  id: "0123456789abcdefabc123",
  contact: { name: "Asha", email: "asha@example.com", phone: "9876543210" },
  shippingAddress: { address: "1 MG Road", city: "Bengaluru", state: "Karnataka", pin: "560001" },
  items: [{ name: "Lavender", qty: 2, price: 49_900 }],
  subtotal: 99_800,
  prepaidDiscount: 0,
  shipping: 4_900,
  codFee: 0,
  grandTotal: 1_04_700,
  paymentMethod: "COD",
  confirmUrl: null,
};
const upi: MailOrder = { ...base, paymentMethod: "UPI", prepaidDiscount: 4_990, grandTotal: 99_710 };
const cod: MailOrder = { ...base, codFee: 3_000, grandTotal: 1_07_700 };
const URL = "https://shop.example.in";

describe("order mails with the money rules", () => {
  it("the confirmation lists the UPI discount between subtotal and shipping", () => {
    const mail = orderConfirmationMail(upi, URL);
    expect(mail.text).toContain("Subtotal: ₹998.00\nUPI discount: −₹49.90\nShipping: ₹49.00\nTotal: ₹997.10");
    expect(mail.html).toMatch(/UPI discount<\/td><td[^>]*>−₹49\.90</);
    expect(mail.text).not.toContain("Cash on delivery fee");
  });

  it("the confirmation lists the COD fee after shipping, in Hindi too", () => {
    const mail = orderConfirmationMail(cod, URL);
    expect(mail.text).toContain("Shipping: ₹49.00\nCash on delivery fee: ₹30.00\nTotal: ₹1,077.00");
    expect(mail.html).toMatch(/Cash on delivery fee<\/td><td[^>]*>₹30\.00</);
    expect(mail.html).toMatch(/<strong>₹1,077\.00<\/strong>/);
    const hindi = orderConfirmationMail(cod, URL, "hi");
    expect(hindi.text).toContain("कैश ऑन डिलीवरी शुल्क: ₹30.00");
    expect(hindi.html).toContain("कैश ऑन डिलीवरी शुल्क");
    expect(orderConfirmationMail(upi, URL, "hi").text).toContain("UPI छूट: −₹49.90");
  });

  it("an order without them reads as it always did", () => {
    const mail = orderConfirmationMail(base, URL);
    expect(mail.text).toContain("Subtotal: ₹998.00\nShipping: ₹49.00\nTotal: ₹1,047.00");
    expect(mail.html).not.toContain("UPI discount");
    expect(mail.html).not.toContain("Cash on delivery fee");
  });

  it("the owner's alert says the method, the discount and the fee", () => {
    const alert = orderAlertMail(upi, "owner@rkcandles.in", URL);
    expect(alert.text).toContain("Total: ₹997.10 (UPI)\nUPI discount: −₹49.90\n");
    expect(alert.html).toContain("UPI discount: −₹49.90<br>");
    const codAlert = orderAlertMail(cod, "owner@rkcandles.in", URL);
    expect(codAlert.text).toContain("Total: ₹1,077.00 (COD)\nCash on delivery fee: ₹30.00\n");
    expect(orderAlertMail(base, "owner@rkcandles.in", URL).text).not.toMatch(/discount|fee/);
  });
});
