// A hostile client posting what the three probes found (issue #34 and before): the property
// tests' hostile values in every field, huge and garbled bodies, forged X-Forwarded-* headers,
// multi-line names that would forge lines in mails, and searches of made-up 9-letter words.
// Any answer is fine but a 5xx; an order it gets placed is an order like any other.
import { randomBytes } from "node:crypto";
import fc from "fast-check";
import { ADDRESS, type Client, CONTACT, rawRequest } from "../e2e/support/server";
import { hostileString, hostileValue } from "../support/hostile-values";
import { chance, type Journal, pick, sleep } from "./journal";

const FORGED_NAMES = [
  "Ravi\n\nTotal: ₹0.00 (PAID)\nOpen it: http://evil.example/pay",
  "Asha\r\nBcc: everyone@example.com",
  "Line\u2028Separated\u2029Para",
  "Nul\u0000Byte\u0007Bell",
];

const madeUpWord = () =>
  Array.from({ length: 9 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");
const madeUpQuery = () => Array.from({ length: 8 }, madeUpWord).join(" ");

async function raw(journal: Journal, what: string, url: string, options: Parameters<typeof rawRequest>[1]) {
  journal.requests++;
  const at = Date.now();
  try {
    const res = await rawRequest(url, options);
    journal.statuses.set(res.status, (journal.statuses.get(res.status) ?? 0) + 1);
    if (res.status >= 500) journal.serverErrors.push({ at, end: Date.now(), status: res.status, what });
  } catch (error) {
    journal.networkErrors++;
    journal.noteCutOff(error);
  }
}

export async function hostile(
  journal: Journal,
  url: string,
  customer: Client,
  products: string[],
  until: () => boolean,
) {
  // JSON can carry these (a BigInt cannot be sent at all).
  const values = fc.sample(hostileValue, 400).filter((v) => {
    try {
      JSON.stringify(v);
      return true;
    } catch {
      return false;
    }
  });
  const strings = fc.sample(hostileString, 300).filter((s): s is string => typeof s === "string");
  while (!until()) {
    await sleep(150 + Math.random() * 300);
    switch (Math.floor(Math.random() * 8)) {
      case 0: {
        // A hostile value in one field of an otherwise good order.
        const order: Record<string, unknown> = {
          contact: { ...CONTACT },
          shippingAddress: { ...ADDRESS },
          items: [{ product: pick(products), qty: 1 }],
          paymentMethod: "COD",
        };
        const [part, field] = pick([
          ["contact", "name"],
          ["contact", "phone"],
          ["shippingAddress", "city"],
          ["shippingAddress", "pin"],
          ["items", "0"],
          ["paymentMethod", ""],
        ] as const);
        if (field) (order[part] as Record<string, unknown>)[field] = pick(values);
        else order[part] = pick(values);
        const res = await journal.call(customer, "hostile order", "/api/orders", { json: order });
        if (res?.status === 201) journal.ack({ id: (JSON.parse(res.text) as { _id: string })._id, via: "api" });
        break;
      }
      case 1: {
        const name = pick(FORGED_NAMES);
        const res = await journal.call(customer, "multi-line order", "/api/orders", {
          json: {
            contact: { ...CONTACT, name },
            shippingAddress: { ...ADDRESS, city: pick(["Kolkata", name]) },
            items: [{ product: pick(products), qty: 1 }],
            paymentMethod: "COD",
          },
        });
        if (res?.status === 201) journal.ack({ id: (JSON.parse(res.text) as { _id: string })._id, via: "api" });
        break;
      }
      case 2:
        await journal.call(
          customer,
          "hostile search",
          `${pick(["/api/products", "/shop"])}?${new URLSearchParams({ q: chance(0.7) ? madeUpQuery() : pick(strings) })}`,
        );
        break;
      case 3:
        // Huge: past the body limit; garbled: bytes that are no JSON, form or multipart.
        await raw(journal, "huge body", `${url}/api/orders`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Origin: url, Cookie: customer.cookieHeader() },
          body: chance(0.5) ? `{"contact":"${"x".repeat(2_000_000)}"}` : randomBytes(64 * 1024),
        });
        break;
      case 4:
        await raw(journal, "garbled form", `${url}/${pick(["checkout", "login", "register", "cart"])}`, {
          method: "POST",
          headers: {
            "Content-Type": pick([
              "application/x-www-form-urlencoded",
              "multipart/form-data; boundary=zz",
              "text/plain",
            ]),
            Origin: url,
            Cookie: customer.cookieHeader(),
          },
          body: randomBytes(Math.floor(Math.random() * 20_000)),
        });
        break;
      case 5:
        await raw(
          journal,
          "forged proxy headers",
          `${url}${pick(["/", "/sitemap.xml", "/robots.txt", "/api/products"])}`,
          {
            headers: {
              "X-Forwarded-For": `${Math.floor(Math.random() * 255)}.1.2.3, 127.0.0.1`,
              "X-Forwarded-Host": pick(["evil.example", "evil.example:1", "", "a b", "x".repeat(300)]),
              "X-Forwarded-Proto": pick(["https", "gopher", "", "http, https"]),
            },
          },
        );
        break;
      case 6:
        await journal.call(customer, "hostile sign-up", "/api/auth/register", {
          json: {
            name: pick([...FORGED_NAMES, ...strings]),
            email: pick(values),
            password: pick(values),
            phone: pick(strings),
          },
        });
        break;
      default:
        await journal.call(customer, "hostile checkout form", "/checkout", {
          form: {
            ...CONTACT,
            ...ADDRESS,
            name: pick(FORGED_NAMES),
            state: pick(strings),
            intent: "place",
            orderToken: pick(strings),
          },
        });
    }
  }
}
