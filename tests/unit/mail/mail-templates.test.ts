// The mails' templates (issue #23): user text is escaped in the HTML part and can never add a header.
import { simpleParser } from "mailparser";
import nodemailer from "nodemailer";
import { describe, expect, it } from "vitest";
import { formatPaise } from "~/lib/money";
import {
  escapeHtml,
  headerText,
  type MailOrder,
  mailbox,
  orderAlertMail,
  orderConfirmationMail,
  passwordResetMail,
} from "~/models/mail/templates.server";

const order: MailOrder = {
  id: "0123456789abcdefabc123",
  contact: { name: `<b>Asha</b> & "Co" 'ल'`, email: "asha@example.com", phone: "9876543210" },
  shippingAddress: {
    address: `<script>alert(1)</script> 1 MG Road`,
    city: "Bengaluru",
    state: "Karnataka",
    pin: "560001",
  },
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

/** The message nodemailer would send, parsed back as a mail client reads it. */
async function build(content: { to: string; subject: string; text: string; html: string }) {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  const info = await transport.sendMail({ from: "RK Candles <orders@rkcandles.in>", ...content });
  return { raw: (info.message as Buffer).toString("utf8"), parsed: await simpleParser(info.message as Buffer), info };
}

describe("order confirmation", () => {
  it("says the order number, lines, totals with shipping, address, COD and links My Orders", () => {
    const mail = orderConfirmationMail(order, "https://shop.example.in");
    expect(mail.subject).toBe("Your RK Candles order #abc123 is confirmed");
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain("#abc123");
      expect(part).toContain(formatPaise(99_900));
      expect(part).toContain(formatPaise(4_900));
      expect(part).toContain(formatPaise(1_04_800));
      expect(part).toContain("चंदन");
      expect(part).toContain("Cash on delivery");
      expect(part).toContain("https://shop.example.in/orders");
    }
    expect(mail.text).toContain(`<script>alert(1)</script> 1 MG Road`);
    expect(mail.text).toContain("Lavender <Jar> × 2");
  });

  it("escapes names and addresses in the HTML part", () => {
    const { html } = orderConfirmationMail(order, "https://shop.example.in");
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<b>Asha</b>");
    expect(html).not.toContain("<Jar>");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt; 1 MG Road");
    expect(html).toContain("&lt;b&gt;Asha&lt;/b&gt; &amp; &quot;Co&quot; &#39;ल&#39;");
    expect(html).toContain("Lavender &lt;Jar&gt;");
    expect(escapeHtml(`<>&"'`)).toBe("&lt;&gt;&amp;&quot;&#39;");
  });

  it("goes to the contact's name and address, in any script", async () => {
    const { parsed } = await build(
      orderConfirmationMail({ ...order, contact: { ...order.contact, name: 'आशा "R"' } }, "x"),
    );
    expect(parsed.to).toMatchObject({ value: [{ address: "asha@example.com", name: 'आशा "R"' }] });
  });
});

describe("headers", () => {
  it("a CR or LF in a name cannot add a header or a recipient", async () => {
    const evil = "Asha\r\nBcc: victim@evil.example\r\nX-Evil: 1";
    expect(headerText(evil)).toBe("Asha Bcc: victim@evil.example X-Evil: 1");
    const evilOrder = { ...order, contact: { ...order.contact, name: evil } };
    for (const mail of [
      orderConfirmationMail(evilOrder, "https://shop.example.in"),
      orderAlertMail(evilOrder, "owner@rkcandles.in", "https://shop.example.in"),
    ]) {
      expect(mail.subject).not.toMatch(/[\r\n]/);
      expect(mail.to).not.toMatch(/[\r\n]/);
      const { parsed, info } = await build(mail);
      expect(parsed.headers.has("bcc")).toBe(false);
      expect(parsed.headers.has("x-evil")).toBe(false);
      expect(info.envelope.to).toEqual([mail.to.includes("<") ? "asha@example.com" : "owner@rkcandles.in"]);
    }
  });

  it("quotes a name so that commas and brackets stay in it", () => {
    expect(mailbox('A, B <c@d> "x"', "a@example.com")).toBe('"A, B <c@d> \\"x\\"" <a@example.com>');
    expect(mailbox("", "a@example.com")).toBe("a@example.com");
  });
});

describe("owner alert", () => {
  it("names the order, the customer and the total, and links the order in the admin", () => {
    const mail = orderAlertMail(order, "owner@rkcandles.in", "https://shop.example.in");
    expect(mail.to).toBe("owner@rkcandles.in");
    expect(mail.subject).toContain("#abc123");
    expect(mail.subject).toContain(formatPaise(1_04_800));
    expect(mail.text).toContain("https://shop.example.in/admin/orders/0123456789abcdefabc123");
    expect(mail.html).toContain('href="https://shop.example.in/admin/orders/0123456789abcdefabc123"');
    expect(mail.html).not.toContain("<b>Asha</b>");
  });
});

describe("password reset", () => {
  const url = "https://shop.example.in/reset-password?token=abc_DEF-123";

  it("gives the link, says it works once for 1 hour and can be ignored", () => {
    const mail = passwordResetMail({ name: "Asha", email: "asha@example.com" }, url, 60);
    expect(mail.to).toBe('"Asha" <asha@example.com>');
    expect(mail.subject).toBe("Reset your RK Candles password");
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain(url);
      expect(part).toContain("1 hour");
      expect(part).toContain("ignore this mail");
      expect(part).toContain("asha@example.com");
    }
    expect(mail.html).toContain(`href="${url}"`);
  });

  it("escapes the name in the HTML part, keeps any script, and a CR/LF in it adds no header", async () => {
    const evil = `<b>आशा</b> & "Co"\r\nBcc: victim@evil.example\r\nX-Evil: 1`;
    const mail = passwordResetMail({ name: evil, email: "asha@example.com" }, url, 60);
    expect(mail.html).not.toContain("<b>आशा</b>");
    expect(mail.html).toContain("&lt;b&gt;आशा&lt;/b&gt; &amp; &quot;Co&quot;");
    expect(mail.text).toContain("<b>आशा</b>");
    expect(mail.to).not.toMatch(/[\r\n]/);
    expect(mail.subject).not.toMatch(/[\r\n]/);
    const { parsed, info } = await build(mail);
    expect(parsed.headers.has("bcc")).toBe(false);
    expect(parsed.headers.has("x-evil")).toBe(false);
    expect(info.envelope.to).toEqual(["asha@example.com"]);
    expect(parsed.to).toMatchObject({ value: [{ address: "asha@example.com" }] });
  });
});
