// Issue #34, item 4: a name, phone, city or state is one line through every door (the checkout
// form, POST /api/orders, sign-up and the account page); an address or a review keeps its line
// breaks and nothing else invisible. The forged name of the probe reaches no mail as lines of its own.
import { beforeAll, describe, expect, it, vi } from "vitest";
import * as app from "~/db/client.server";
import { profileSchema, registerSchema } from "~/lib/auth-schemas";
import { checkoutSchema, orderRequestSchema } from "~/lib/checkout-schema";
import { formatPaise } from "~/lib/money";
import { reviewSchema } from "~/lib/review-schema";
import { createUser } from "~/models/accounts/users.server";
import { placeOrder } from "~/models/flows/place-order.server";
import { type MailOrder, orderAlertMail, orderConfirmationMail } from "~/models/mail/templates.server";
import { newId } from "~/utils/id.server";
import { testDb } from "../../support/db";

vi.hoisted(() => {
  process.env.SHOP_OWNER_EMAIL = "owner@rkcandles.in";
  process.env.PUBLIC_URL = "https://shop.example.in";
});

const raw = testDb(app);

/** The probe's name: a total and a link of its own, as lines of the owner's alert. */
const FORGED = "Ravi\n\nTotal: ₹0.00 (PAID)\nOpen it: http://evil.example/x";
const FORGED_ONE_LINE = "Ravi Total: ₹0.00 (PAID) Open it: http://evil.example/x";

const contact = { name: "Asha", email: "asha@example.com", phone: "9876543210" };
const shippingAddress = { address: "1 MG Road", city: "Bengaluru", state: "Karnataka", pin: "560001" };
const checkout = (fields: Record<string, string>) =>
  checkoutSchema.parse({ ...contact, ...shippingAddress, ...fields });

describe("one-line fields collapse line breaks and drop invisible characters", () => {
  it("the checkout form's name, phone, city and state", () => {
    expect(checkout({ name: FORGED }).name).toBe(FORGED_ONE_LINE);
    // A trailing newline pasted from a phone's notes app, CRLF, U+2028/2029, NEL, a tab.
    expect(checkout({ name: "Asha Rao\n" }).name).toBe("Asha Rao");
    expect(checkout({ name: "Asha\r\nRao" }).name).toBe("Asha Rao");
    expect(checkout({ city: "Navi\u2028Mumbai" }).city).toBe("Navi Mumbai");
    expect(checkout({ state: "Tamil\u2029 Nadu" }).state).toBe("Tamil Nadu");
    expect(checkout({ city: "Navi\u0085Mumbai" }).city).toBe("Navi Mumbai");
    expect(checkout({ phone: "98765\t43210\n" }).phone).toBe("98765 43210");
    // NUL, the rest of C0, DEL, C1 and the bidi overrides are dropped; Indian scripts' joiners stay.
    expect(checkout({ name: "As\u0000ha\u0007\u007f\u009b" }).name).toBe("Asha");
    expect(checkout({ name: "\u202eahsA\u202c \u2066Rao\u2069" }).name).toBe("ahsA Rao");
    expect(checkout({ name: "क्\u200dष" }).name).toBe("क्\u200dष");
  });

  it("a field of only control characters is empty, so required", () => {
    expect(checkoutSchema.safeParse({ ...contact, ...shippingAddress, name: "\n\u0000\u2028" }).success).toBe(false);
  });

  it("POST /api/orders: the same schema", () => {
    const body = orderRequestSchema.parse({
      contact: { ...contact, name: FORGED, phone: "98765\n43210" },
      shippingAddress: { ...shippingAddress, city: "Bengaluru\n\nTotal: ₹0", state: "Karnataka\u2028" },
      items: [{ product: newId(), qty: 1 }],
    });
    expect(body.contact).toMatchObject({ name: FORGED_ONE_LINE, phone: "98765 43210" });
    expect(body.shippingAddress).toMatchObject({ city: "Bengaluru Total: ₹0", state: "Karnataka" });
  });

  it("sign-up and the account page's name", () => {
    const signUp = { name: FORGED, email: "ravi@example.com", phone: "9876543210", password: "secret1" };
    expect(registerSchema.parse(signUp).name).toBe(FORGED_ONE_LINE);
    expect(profileSchema.parse({ name: "Ravi\u0000\r\n", phone: "9876543210" }).name).toBe("Ravi");
  });
});

describe("multi-line fields keep \\n and lose the other control characters", () => {
  it("the address", () => {
    const address = "Flat 4B\u0000\r\n12 Residency Road\u2028Near the\ttemple\u202e\u0085Bengaluru";
    expect(checkout({ address }).address).toBe("Flat 4B\n12 Residency Road\nNear the temple\nBengaluru");
  });

  it("a review's comment", () => {
    expect(reviewSchema.parse({ rating: 5, comment: "Lovely\r\n\r\nBurns\u0000 evenly\u202e" }).comment).toBe(
      "Lovely\n\nBurns evenly",
    );
  });
});

const starting = (text: string, word: string) => text.split("\n").filter((line) => line.trimStart().startsWith(word));

describe("the mails set customer text apart, also of orders stored before the schemas cleaned it", () => {
  const stored: MailOrder = {
    id: "0123456789abcdefabc123",
    contact: { name: FORGED, email: "ravi@example.com", phone: "98765\nOpen it: http://evil.example/y" },
    shippingAddress: { address: "1 MG Road\r\nTotal: ₹1.00", city: "Pune\u2028Total: ₹2", state: "MH", pin: "411001" },
    items: [{ name: "Jar", qty: 1, price: 10_000 }],
    subtotal: 10_000,
    shipping: 4_900,
    grandTotal: 14_900,
    paymentMethod: "COD",
    prepaidDiscount: 0,
    codFee: 0,
    confirmUrl: null,
  };

  it("the owner's alert: one line per field, quoted under a label", () => {
    const { text } = orderAlertMail(stored, "owner@rkcandles.in", "https://shop.example.in");
    expect(starting(text, "Total:")).toEqual(["Total: ₹149.00 (COD)"]);
    expect(starting(text, "Open it:")).toEqual([
      "Open it: https://shop.example.in/admin/orders/0123456789abcdefabc123",
    ]);
    expect(text).toContain(`> ${FORGED_ONE_LINE}`);
    expect(text).toContain("> Pune Total: ₹2, MH 411001");
  });

  it("the customer's confirmation: the greeting one line, the address quoted line by line", () => {
    const { text } = orderConfirmationMail(stored, "https://shop.example.in");
    expect(starting(text, "Total:")).toEqual(["Total: ₹149.00"]);
    expect(starting(text, "Open it:")).toEqual([]);
    expect(text).toContain(`Hello ${FORGED_ONE_LINE},`);
    expect(text).toContain("> 1 MG Road\n> Total: ₹1.00\n");
  });
});

describe("the probe's order: its mails' text parts", () => {
  let userId: string;
  let product: string;
  beforeAll(async () => {
    userId = (
      await createUser({ name: "Ravi", email: "ravi-forge@example.com", phone: "9876543210", password: "secret1" })
    ).id;
    product = newId();
    await raw.run("insert into products (id, name, price, stock) values (?, 'Forge Jar', 49900, 10)", product);
  });

  it("stores the name as one line; no line of either mail begins with a total or a link the shop did not write", async () => {
    const request = orderRequestSchema.parse({
      contact: { ...contact, name: FORGED },
      shippingAddress: { ...shippingAddress, address: "1 MG Road\nTotal: ₹1.00 (PAID)" },
      items: [{ product, qty: 1 }],
    });
    const { id } = await placeOrder(userId, request);
    expect(await raw.value("select contact_name from orders where id = ?", id)).toBe(FORGED_ONE_LINE);
    const mails = await raw.all<{ kind: string; text_body: string }>(
      "select kind, text_body from mail_outbox where text_body like ? order by kind",
      `%#${id.slice(-6)}%`,
    );
    expect(mails.map((m) => m.kind)).toEqual(["order-alert", "order-confirmation"]);
    const total = formatPaise(49900 + 4900);
    const [alert, confirmation] = mails.map((m) => m.text_body);
    expect(starting(alert!, "Total:")).toEqual([`Total: ${total} (COD)`]);
    expect(starting(alert!, "Open it:")).toEqual([`Open it: https://shop.example.in/admin/orders/${id}`]);
    expect(starting(confirmation!, "Total:")).toEqual([`Total: ${total}`]);
    // The customer's words are set apart: quoted under a label, one field to a line.
    expect(alert).toContain(`> ${FORGED_ONE_LINE}`);
    expect(confirmation).toContain(`> 1 MG Road\n> Total: ₹1.00 (PAID)`);
  });
});
