// tests/e2e/hindi-mail.spec.ts's JS-off half, over HTTP (issue #36, issue #51): a shopper who signs
// up on /hi/register and orders gets the confirmation in Hindi, linking the Hindi pages, with the
// invoice in Hindi attached; My Orders' invoice is in Hindi too. Fields and buttons are found by
// their names and attributes, not by the pages' texts (they are being translated). A server of our
// own with LANGUAGES=en,hi, its mail to the run's SMTP catcher.
import { CART_COOKIE } from "../../app/lib/cart";
import { waitForMail } from "../e2e/support/mail";
import { ownHindiServer } from "../e2e/support/server";
import { testDb } from "../support/db";
import { pdfText } from "../support/pdf-text";
import { expect, PlainBrowser, test } from "./support/fixtures";

const hindi = ownHindiServer({ SMTP_URL: process.env.E2E_SMTP_URL!, PUBLIC_URL: "https://shop.test" });

/** Presses the submit button `selector` finds: submit() is told a button by its text, read here. */
const press = (b: PlainBrowser, selector: string, values: Record<string, string> = {}) => {
  const [text] = b.texts(selector);
  if (text === undefined) throw new Error(`no button ${selector} on ${b.current().url}`);
  return b.submit(text, values);
};

test("signed up in Hindi: the order's mail and invoice in Hindi", async ({ uniqueEmail }) => {
  // Two PDFs drawn by the server (the attachment and the download): room for a loaded machine.
  const b = new PlainBrowser(hindi().url);
  const email = uniqueEmail();
  await b.open("/hi/register");
  await press(b, 'main form[method="post"] button[type="submit"]', {
    name: "आशा Rao",
    email,
    phone: "9876543210",
    password: "secret12",
  });
  expect(b.current().url).toBe(`${hindi().url}/hi`);
  const db = testDb(hindi().database);
  expect(await db.value("select language from users where email = ?", email)).toBe("hi");

  const product = (await db.value<string>("select id from products where stock > 10 order by id limit 1"))!;
  await b.open(`/hi/product/${product}`);
  await press(b, 'form.add-to-cart button[type="submit"]');
  expect(b.cookies.has(CART_COOKIE)).toBe(true);

  await b.open("/hi/checkout");
  await press(b, 'button[name="intent"][value="lookup"]', { address: "12, 4th Cross, Indiranagar", pin: "560001" });
  expect(b.value("city")).not.toBe("");
  await press(b, 'button[name="intent"][value="place"]');
  expect(b.current().url).toMatch(/\/hi\/thank-you\?o=[0-9a-f]{24}$/);
  const orderId = new URL(b.current().url).searchParams.get("o")!;
  const number = `#${orderId.slice(-6)}`;

  const mail = await waitForMail(email, number);
  expect(mail.subject).toBe(`RK Candles पर आपका ऑर्डर ${number} कन्फ़र्म हो गया है`);
  expect(mail.text).toContain("नमस्ते आशा Rao,");
  expect(mail.text).toContain("https://shop.test/hi/orders");
  expect(mail.html).toContain('<html lang="hi">');
  const attached = await pdfText(mail.attachments[0]!.content);
  expect(attached.split("\n")[0]).toBe("RK Candles इनवॉइस");
  expect(attached).toContain("बिलिंग पता");

  // My Orders' invoice: the same Hindi labels.
  const invoice = await b.api(`/api/orders/${orderId}/invoice`);
  expect(invoice.status).toBe(200);
  const text = await pdfText(Buffer.from(await invoice.arrayBuffer()));
  expect(text).toContain("सामान मात्रा दर राशि");
  expect(text).toContain("भुगतान का तरीका: कैश ऑन डिलीवरी (COD)");
  expect(text).not.toContain("Grand total");
});
