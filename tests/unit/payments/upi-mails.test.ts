import { describe, expect, it } from "vitest";
import { type MailOrder, orderConfirmationMail, orderPaymentMail } from "~/models/mail/templates.server";

// The mails of a UPI order (issue #38), in English and Hindi: the confirmation links to the pay
// page in the customer's language instead of the cash-on-delivery note; the owner's check is mailed.
const order: MailOrder = {
  id: "65f0c0ffee0000000000abcd",
  contact: { name: "Meera", email: "meera@example.com", phone: "9876543210" },
  shippingAddress: { address: "2 Lake Road", city: "Kolkata", state: "West Bengal", pin: "700029" },
  items: [{ name: "Rain", qty: 2, price: 350_00 }],
  subtotal: 700_00,
  prepaidDiscount: 0,
  shipping: 0,
  codFee: 0,
  grandTotal: 700_00,
  paymentMethod: "UPI",
  confirmUrl: null,
};
const URL = "https://shop.test";
const status = { ...order, isPaid: false, courier: null, trackingNumber: null, utr: "412345678901" };

describe("a UPI order's mails", () => {
  it("the confirmation says how to pay by UPI, with the pay page's link, and not cash on delivery", () => {
    const en = orderConfirmationMail(order, URL, "en", "24");
    expect(en.text).toContain(`Pay ₹700.00 by UPI within 24 hours:\n${URL}/orders/${order.id}/pay\n`);
    expect(en.text).toContain("we will check your payment and mail you");
    expect(en.text).not.toContain("Cash on delivery");
    expect(en.html).toContain(`href="${URL}/orders/${order.id}/pay"`);
    const hi = orderConfirmationMail(order, URL, "hi", "1.5");
    expect(hi.text).toContain(`1.5 घंटों के अंदर UPI से ₹700.00 का भुगतान करें:\n${URL}/hi/orders/${order.id}/pay`);
    expect(hi.text).not.toContain("कैश ऑन डिलीवरी");
  });

  it("a COD order's confirmation keeps its note", () => {
    const cod = orderConfirmationMail({ ...order, paymentMethod: "COD" }, URL);
    expect(cod.text).toContain("Cash on delivery: please keep ₹700.00 ready");
    expect(cod.text).not.toContain("/pay");
  });

  it("payment received, and not found with the UTR, the hold and the pay page", () => {
    const got = orderPaymentMail(status, true, URL);
    expect(got.subject).toBe("Payment received for order #00abcd");
    expect(got.text).toContain("We have received your UPI payment of ₹700.00 for order #00abcd.");
    const lost = orderPaymentMail(status, false, URL, { language: "hi", upiHoldHours: "24" });
    expect(lost.subject).toBe("ऑर्डर #00abcd का आपका भुगतान हमें नहीं मिला");
    expect(lost.text).toContain("412345678901");
    expect(lost.text).toContain("24 घंटों");
    expect(lost.text).toContain(`${URL}/hi/orders/${order.id}/pay`);
    expect(lost.html).toContain('<html lang="hi">');
  });
});
