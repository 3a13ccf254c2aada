// tests/e2e/stock-alerts.spec.ts's JS-off half, over HTTP (issue #51): "Tell me when it's back" as a
// text browser posts it, for a sold-out size and a sold-out product; the owner's count of who waits
// and the editor's restock; the one mail, and its stop link's page and button. A server of our own
// with STOCK_ALERTS and mail to the run's SMTP catcher; its mails link to MAILED_ORIGIN, whose paths
// the test opens on this server.
import { randomBytes } from "node:crypto";
import { mailsTo, waitForMail } from "../e2e/support/mail";
import { MAILED_ORIGIN, mailedLinkOn } from "../e2e/support/own-server";
import { dbOf, OPS_ADMIN, sleep, startServer, type TestServer } from "../e2e/support/server";
import { addSizes } from "../support/sizes";
import { expect, PlainBrowser, test, where } from "./support/fixtures";

let server: TestServer;

const onServer = (link: string) => mailedLinkOn(server, link);

async function soldOutProduct(name: string): Promise<string> {
  const id = randomBytes(12).toString("hex");
  await dbOf(server).run(
    "insert into products (id, name, description, price, stock) values (?, ?, ?, ?, ?)",
    id,
    name,
    "Poured for the alert test",
    450_00,
    0,
  );
  return id;
}

const alertsOf = (email: string) =>
  dbOf(server).all<{ product_id: string; size_key: string; notified_at: number | null }>(
    "select product_id, size_key, notified_at from stock_alerts where email = ? order by product_id",
    email,
  );

/** The alert form's one button, as the browser spec finds it (getByRole("button") in form#alert). */
const askButton = (b: PlainBrowser) => {
  const buttons = b.texts("form#alert button");
  expect(buttons).toHaveLength(1);
  return buttons[0]!;
};

test.describe("with STOCK_ALERTS", () => {
  test.beforeAll(async () => {
    server = await startServer({
      env: {
        STOCK_ALERTS: "true",
        SMTP_URL: process.env.E2E_SMTP_URL!,
        PUBLIC_URL: MAILED_ORIGIN,
        WEB_CONCURRENCY: "1",
      },
    });
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  test("a guest asks for a sold-out size and product, the owner restocks: one mail, and its stop link", async ({
    uniqueEmail,
  }) => {
    const email = uniqueEmail();
    const tag = randomBytes(3).toString("hex");
    const plain = await soldOutProduct(`Alert Plain ${tag}`);
    const sized = await soldOutProduct(`Alert Sized ${tag}`);
    const [, tin] = await addSizes(dbOf(server), sized, [
      { label: "Jar", price: 450_00, stock: 5 },
      { label: "Tin", price: 250_00, stock: 0 },
    ]);

    // A guest (no cookie): the sized product opens on its Jar, in stock; the sold-out Tin links to
    // its own form.
    const shopper = new PlainBrowser(server.url);
    await shopper.open(`/product/${sized}`);
    expect(shopper.all("#alert")).toHaveLength(0);
    const ask = shopper.all(".size-alert");
    expect(ask).toHaveLength(1);
    await shopper.open(new URL(ask[0]!.attribs.href!, shopper.current().url).href);
    expect(shopper.current().url).toMatch(new RegExp(`\\?size=${tin}#alert$`));
    expect(shopper.text("form#alert")).toContain("Tell me when it's back");
    expect(shopper.all('form#alert [name="email"]').map((e) => e.attribs.value ?? "")).toEqual([""]);
    await shopper.submit(askButton(shopper), { email: email.toUpperCase() });
    expect(shopper.text()).toContain("We will mail you when it is back");
    await expect.poll(() => alertsOf(email)).toHaveLength(1);

    // The plain product: "Sold out" and the form; signing up twice answers the same, kept once.
    await shopper.open(`/product/${plain}`);
    expect(shopper.texts(".stock.out")).toEqual(["Sold out"]);
    for (let i = 0; i < 2; i++) {
      await shopper.submit(askButton(shopper), { email });
      expect(where(shopper)).toMatch(new RegExp(`/product/${plain}$`));
      await expect.poll(async () => (await alertsOf(email)).length).toBe(2);
    }
    // A bad address is refused with its message, and nothing is kept.
    const bad = await shopper.api(
      "/stock-alerts",
      new URLSearchParams({ productId: plain, size: "", email: "not-an-address" }),
    );
    const answer = await bad.text();
    expect(bad.status, `${JSON.stringify(Object.fromEntries(bad.headers))} ${answer}`).toBe(400);
    expect(answer).toContain("Please enter a valid email address.");
    expect(await alertsOf(email)).toMatchObject([
      { product_id: [plain, sized].sort()[0] },
      { product_id: [plain, sized].sort()[1] },
    ]);

    // The owner sees who waits, and raises the plain product's stock in the editor.
    const owner = new PlainBrowser(server.url);
    expect((await owner.api("/api/auth/login", OPS_ADMIN)).status).toBe(200);
    await owner.open("/admin/products");
    expect(owner.texts("tr").find((row) => row.includes(`Alert Plain ${tag}`))).toContain("1 waiting");
    const restock = async (stock: string) => {
      await owner.open(`/admin/products/${plain}`);
      await owner.submit("Save changes", { stock });
      expect(where(owner)).toMatch(/\/admin\/products$/);
    };
    await restock("6");

    // Exactly one mail, with the product's link and the stop link.
    const mail = await waitForMail(email, `Alert Plain ${tag} is back in stock`);
    expect(mail.text).toContain(`${MAILED_ORIGIN}/product/${plain}`);
    const stop = /(https:\/\/shop\.test\/stock-alerts\/stop\?\S+)/.exec(mail.text ?? "")?.[1];
    expect(stop).toBeTruthy();
    expect(mail.html).toContain(`href="${stop!.replace(/&/g, "&amp;")}"`);
    // Raised again: nothing more.
    await restock("9");
    await sleep(1500);
    expect(await mailsTo(email, "is back in stock")).toHaveLength(1);

    // The stop link: opening it changes nothing; its button forgets the address.
    await shopper.open(onServer(stop!));
    expect(shopper.texts("h1")).toEqual(["Stop back-in-stock mails"]);
    expect(await alertsOf(email)).toHaveLength(2);
    await shopper.submit("Stop these mails");
    expect(shopper.text()).toContain("Done: we will not send back-in-stock mails");
    expect(await alertsOf(email)).toHaveLength(0);
  });
});
