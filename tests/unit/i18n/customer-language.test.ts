// The customer's language (issue #36): set from the page on sign-up, login and order through
// the HTML pages, never by the JSON API's doors; the customer's mails and invoice in it.
import { RouterContextProvider } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import * as app from "~/db/client.server";
import { env } from "~/env.server";
import { formatPaise } from "~/lib/money";
import { attemptLogin, registerAccount } from "~/models/accounts/login.server";
import { requestPasswordReset } from "~/models/accounts/password-reset.server";
import { placeOrder } from "~/models/flows/place-order.server";
import { updateOrder } from "~/models/flows/update-order.server";
import { orderInvoicePdf } from "~/models/invoices/order-invoice.server";
import { orderById } from "~/models/orders/read.server";
import { action as forgotAction } from "~/routes/forgot-password";
import { action as loginAction } from "~/routes/login";
import { action as registerAction } from "~/routes/register";
import { newId } from "~/utils/id.server";
import { resetRateLimits } from "~/utils/rate-limit.server";
import { testDb } from "../../support/db";
import { pdfText } from "../../support/pdf-text";

vi.hoisted(() => {
  process.env.LANGUAGES = "en,hi";
  process.env.PUBLIC_URL = "https://shop.example.in";
  process.env.SHOP_OWNER_EMAIL = "owner@rkcandles.in";
});

const raw = testDb(app);
const languageOf = (email: string) => raw.value<string>("select language from users where email = ?", email);
const mailTo = (kind: string, email: string) =>
  raw.get<{ subject: string; text: string; html: string }>(
    `select subject, text_body as "text", html_body as "html" from mail_outbox where kind = ? and to_address like ? order by next_attempt_at desc limit 1`,
    kind,
    `%<${email}>`,
  );

/** A form post to a page, as the browser sends it. */
type Action = (args: never) => Promise<unknown>;
async function post(action: Action, path: string, fields: Record<string, string>) {
  const request = new Request(`https://shop.example.in${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  try {
    return await (action as (args: unknown) => Promise<unknown>)({
      request,
      params: {},
      context: new RouterContextProvider(),
    });
  } catch (thrown) {
    return thrown;
  }
}
const status = (result: unknown) =>
  result instanceof Response ? result.status : (result as { init?: { status?: number } }).init?.status;

const password = "secret12";
const contact = (email: string) => ({ name: "आशा Rao", email, phone: "9876543210" });
const shippingAddress = { address: "1 MG Road", city: "Bengaluru", state: "Karnataka", pin: "560001" };
let product: string;
beforeAll(async () => {
  product = newId();
  await raw.run("insert into products (id, name, price, stock) values (?, 'Sandalwood Jar', 49900, 1000)", product);
});
afterEach(async () => {
  await resetRateLimits();
});

describe("the account's language", () => {
  it("is the sign-up page's: Hindi from /hi/register, English from /register and from the JSON API", async () => {
    const signUp = (path: string, email: string) =>
      post(registerAction, path, { name: "Asha", email, phone: "9876543210", password });
    expect(status(await signUp("/hi/register", "hi-signup@example.com"))).toBe(302);
    expect(status(await signUp("/register", "en-signup@example.com"))).toBe(302);
    await registerAccount({ name: "Api", email: "api-signup@example.com", phone: "9876543210", password }, "127.0.0.1");
    expect(await languageOf("hi-signup@example.com")).toBe("hi");
    expect(await languageOf("en-signup@example.com")).toBe("en");
    expect(await languageOf("api-signup@example.com")).toBe("en");
  });

  it("follows the login page's language; the JSON API's login leaves it", async () => {
    const email = "login-lang@example.com";
    await registerAccount({ name: "Ravi", email, phone: "9876543210", password }, "127.0.0.1");
    expect(status(await post(loginAction, "/hi/login", { email, password }))).toBe(302);
    expect(await languageOf(email)).toBe("hi");
    expect(await attemptLogin(email, password, "127.0.0.1")).not.toBeNull();
    expect(await languageOf(email)).toBe("hi");
    expect(status(await post(loginAction, "/login", { email, password }))).toBe(302);
    expect(await languageOf(email)).toBe("en");
    // A failed login changes nothing.
    await post(loginAction, "/hi/login", { email, password: "wrong-password" });
    expect(await languageOf(email)).toBe("en");
  });
});

describe("a Hindi customer's mails and invoice", () => {
  it("the order confirmation in Hindi with /hi links; an API order keeps the customer's language", async () => {
    const email = "hindi-order@example.com";
    const user = await registerAccount({ name: "Asha", email, phone: "9876543210", password }, "127.0.0.1");
    const input = { contact: contact(email), shippingAddress, items: [{ product, qty: 2 }] };

    const { id } = await placeOrder(user.id, input, undefined, "hi");
    expect(await languageOf(email)).toBe("hi");
    const number = `#${id.slice(-6)}`;
    const mail = (await mailTo("order-confirmation", email))!;
    expect(mail.subject).toBe(`RK Candles पर आपका ऑर्डर ${number} कन्फ़र्म हो गया है`);
    expect(mail.text).toContain("नमस्ते आशा Rao,");
    expect(mail.text).toContain(`कुल: ${formatPaise(2 * 49_900 + 4_900)}`);
    expect(mail.text).toContain("https://shop.example.in/hi/orders");
    expect(mail.text).not.toContain("Thank you");
    expect(mail.html).toContain('<html lang="hi">');
    expect(mail.html).toContain('href="https://shop.example.in/hi/orders"');
    // The owner's alert stays English.
    const alert = await raw.value<string>(
      "select subject from mail_outbox where kind = 'order-alert' and text_body like ?",
      `%${id}%`,
    );
    expect(alert).toMatch(/^New order #/);

    // The JSON API's order (no page language): the stored language speaks, and stays.
    const api = await placeOrder(user.id, input);
    expect(await languageOf(email)).toBe("hi");
    expect((await mailTo("order-confirmation", email))!.text).toContain(`ऑर्डर #${api.id.slice(-6)} के लिए धन्यवाद`);

    // Shipped: the status mail in Hindi too.
    await updateOrder(id, { status: "Shipped", courier: "Delhivery", trackingNumber: "DLV123" });
    const shipped = (await mailTo("order-status", email))!;
    expect(shipped.subject).toBe(`आपका ऑर्डर ${number} रास्ते में है`);
    expect(shipped.text).toContain("कूरियर: Delhivery");
    expect(shipped.text).toContain("https://shop.example.in/hi/orders");

    // The invoice: Hindi labels, the same figures.
    const text = await pdfText(await orderInvoicePdf((await orderById(id))!));
    const lines = text.split("\n");
    expect(lines[0]).toBe("RK Candles इनवॉइस");
    expect(lines).toContain("सामान मात्रा दर राशि");
    expect(lines).toContain("Sandalwood Jar 2 ₹499.00 ₹998.00");
    expect(lines).toContain("कुल राशि ₹1,047.00");
    expect(text).toContain("बिलिंग पता");
    expect(text).toContain("भुगतान का तरीका: कैश ऑन डिलीवरी (COD)");
    expect(text).toMatch(/तारीख़: \d{1,2} (जन॰|फ़र॰|मार्च|अप्रैल|मई|जून|जुल॰|अग॰|सित॰|अक्टू॰|नव॰|दिस॰) \d{4}/);
    expect(text).not.toContain("Grand total");
  });

  it("the reset mail in the page's language, linking /hi/reset-password, without changing the account's", async () => {
    const email = "hindi-reset@example.com";
    await registerAccount({ name: "Asha", email, phone: "9876543210", password }, "127.0.0.1");
    expect(status(await post(forgotAction, "/hi/forgot-password", { email }))).toBe(302);
    const mail = (await mailTo("password-reset", email))!;
    expect(mail.subject).toBe("अपना RK Candles पासवर्ड रीसेट करें");
    expect(mail.text).toMatch(/^https:\/\/shop\.example\.in\/hi\/reset-password\?token=[\w-]{43}$/m);
    expect(mail.text).toContain("यह लिंक एक ही बार और 1 घंटे तक काम करेगा।");
    // Anyone may ask for a reset of any address: asking does not change the owner's mails.
    expect(await languageOf(email)).toBe("en");

    // The JSON API's reset: the account's language.
    await requestPasswordReset(email, "127.0.0.1", { minMs: 0 });
    const english = (await mailTo("password-reset", email))!;
    expect(english.subject).toBe("Reset your RK Candles password");
    expect(english.text).toMatch(/^https:\/\/shop\.example\.in\/reset-password\?token=/m);
  });

  it("with Hindi no longer served (LANGUAGES changed), a Hindi account gets the English mail", async () => {
    const email = "was-hindi@example.com";
    const user = await registerAccount({ name: "Asha", email, phone: "9876543210", password }, "127.0.0.1", "hi");
    const served = env.languages;
    (env as { languages: readonly string[] }).languages = ["en"];
    try {
      const { id } = await placeOrder(user.id, {
        contact: contact(email),
        shippingAddress,
        items: [{ product, qty: 1 }],
      });
      const mail = (await mailTo("order-confirmation", email))!;
      expect(mail.subject).toBe(`Your RK Candles order #${id.slice(-6)} is confirmed`);
      expect(mail.text).toContain("https://shop.example.in/orders");
      expect(mail.html).toContain("<html><head>");
    } finally {
      (env as { languages: readonly string[] }).languages = served;
    }
  });
});
