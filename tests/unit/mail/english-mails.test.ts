// The English mails, word for word and byte for byte, as they were before the mails got a second
// language (issue #36): a customer whose language is English, and every shop without LANGUAGES,
// must get exactly these. The file snapshot is the mails of the commit before the texts moved.
// The same mails in Hindi: every text of the shop's own in Hindi, links to the Hindi pages.
import { describe, expect, it } from "vitest";
import {
  type MailContent,
  type MailOrder,
  orderAlertMail,
  orderConfirmationMail,
  orderStatusMail,
  passwordResetMail,
  type StatusMailOrder,
} from "~/models/mail/templates.server";

const url = "https://shop.example.in";
const order: MailOrder = {
  id: "0123456789abcdefabc123",
  contact: { name: `<b>Asha</b> & "Co" 'ल'`, email: "asha@example.com", phone: "9876543210" },
  shippingAddress: { address: "12, 4th Cross\nMG Road", city: "Bengaluru", state: "Karnataka", pin: "560001" },
  items: [
    { name: "Lavender <Jar>", qty: 2, price: 49_900 },
    { name: "चंदन", qty: 1, price: 1_00 },
  ],
  subtotal: 99_900,
  shipping: 4_900,
  grandTotal: 1_04_800,
  paymentMethod: "COD",
  prepaidDiscount: 0,
  codFee: 0,
  confirmUrl: null,
};
const statusOrder = (isPaid: boolean, courier: string | null = null): StatusMailOrder => ({
  id: order.id,
  contact: order.contact,
  items: order.items,
  grandTotal: order.grandTotal,
  isPaid,
  courier,
  trackingNumber: courier ? "DLV 1234" : null,
});

const show = (name: string, m: MailContent) =>
  `==== ${name}\nTo: ${m.to}\nSubject: ${m.subject}\n---- text\n${m.text}\n---- html\n${m.html}\n`;

describe("English mails", () => {
  it("are the mails the shop sent before it had languages", async () => {
    const reset = `${url}/reset-password?token=abc_DEF-123`;
    const mails = [
      show("confirmation", orderConfirmationMail(order, url)),
      show("alert", orderAlertMail(order, "owner@rkcandles.in", url)),
      show("shipped", orderStatusMail(statusOrder(false, "Delhivery"), "Shipped", url)),
      show("shipped, paid, no courier", orderStatusMail(statusOrder(true), "Shipped", url)),
      show("tracking update", orderStatusMail(statusOrder(false, "Delhivery"), "Shipped", url, { update: true })),
      show("delivered", orderStatusMail(statusOrder(true), "Delivered", url)),
      show("cancelled, paid", orderStatusMail(statusOrder(true), "Cancelled", url)),
      show("cancelled, COD", orderStatusMail(statusOrder(false), "Cancelled", url)),
      show("reset, 60 min", passwordResetMail({ name: "Asha", email: "asha@example.com" }, reset, 60)),
      show("reset, 120 min", passwordResetMail({ name: "Asha", email: "asha@example.com" }, reset, 120)),
      show("reset, 45 min", passwordResetMail({ name: "Asha", email: "asha@example.com" }, reset, 45)),
    ];
    await expect(mails.join("\n")).toMatchFileSnapshot("./english-mails.snapshot.txt");
  });
});

describe("Hindi mails", () => {
  it("say nothing of the shop's own in English and link the Hindi pages", () => {
    const reset = `${url}/hi/reset-password?token=abc_DEF-123`;
    const hi = { language: "hi" } as const;
    const mails = [
      orderConfirmationMail(order, url, "hi"),
      orderStatusMail(statusOrder(false, "Delhivery"), "Shipped", url, hi),
      orderStatusMail(statusOrder(true), "Shipped", url, { update: true, language: "hi" }),
      orderStatusMail(statusOrder(true), "Delivered", url, hi),
      orderStatusMail(statusOrder(true), "Cancelled", url, hi),
      orderStatusMail(statusOrder(false), "Cancelled", url, hi),
      passwordResetMail({ name: "Asha", email: "asha@example.com" }, reset, 60, "hi"),
      passwordResetMail({ name: "Asha", email: "asha@example.com" }, reset, 45, "hi"),
    ];
    for (const mail of mails) {
      expect(mail.html).toMatch(/^<!doctype html><html lang="hi"><head>/);
      expect(mail.text).toMatch(/^नमस्ते /);
      expect(mail.text).toContain("कोई सवाल? support@rkcandles.in पर लिखें या +91 98765 43210 पर कॉल करें।");
      expect(mail.text).toMatch(/https:\/\/shop\.example\.in\/hi\/(orders|reset-password\?token=abc_DEF-123)$/m);
      // Only the customer's own words (names, address, items), the order number, the courier's
      // and the shop's name are in Latin letters.
      const theirs = ["RK Candles", "Asha", "Co", "Lavender <Jar>", "#abc123", "12, 4th Cross", "MG Road"];
      const shopWords = (text: string) =>
        [...theirs, "Bengaluru, Karnataka", "Delhivery", "DLV 1234"]
          .reduce((left, word) => left.replaceAll(word, " "), text)
          .replace(/<[^>]*>|https?:\/\/\S+|\S+@\S+/g, " ")
          .match(/[A-Za-z]{2,}/g);
      expect(shopWords(mail.subject + mail.text)).toBeNull();
    }
    expect(mails[0]!.subject).toBe("RK Candles पर आपका ऑर्डर #abc123 कन्फ़र्म हो गया है");
    expect(mails[6]!.text).toContain("यह लिंक एक ही बार और 1 घंटे तक काम करेगा।");
    expect(mails[7]!.text).toContain("45 मिनट तक");
  });
});
