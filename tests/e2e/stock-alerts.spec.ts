import { randomBytes } from "node:crypto";
import { addSizes } from "../support/sizes";
import { expect, test } from "./support/fixtures";
import { mailsTo, waitForMail } from "./support/mail";
import { MAILED_ORIGIN, mailedLinkOn, opener, ownerOn } from "./support/own-server";
import { dbOf, runsHere, sleep, startServer, type TestServer } from "./support/server";

// Issue #39 item 2: "Tell me when it's back". A server of our own with STOCK_ALERTS and mail to the
// run's SMTP catcher; its mails link to MAILED_ORIGIN, whose paths the test opens on this server.
// JS off, the test runs over HTTP in tests/request/stock-alerts.spec.ts (issue #51).
const OVER_HTTP = "JS off: tests/request/stock-alerts.spec.ts drives the same forms over HTTP";

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

test.describe("with STOCK_ALERTS", () => {
  test.beforeAll(async ({}, testInfo) => {
    // JS off, the test runs over HTTP: no server to start.
    if (!runsHere(testInfo)) return;
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
    browser,
    jsEnabled,
    uniqueEmail,
  }) => {
    test.skip(!jsEnabled, OVER_HTTP);
    const open = opener(server, jsEnabled);
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
    const guest = await browser.newContext({ javaScriptEnabled: jsEnabled });
    const shopper = await guest.newPage();
    await open(shopper, `/product/${sized}`);
    await expect(shopper.locator("#alert")).toHaveCount(0);
    await shopper.locator(".size-alert").click();
    await expect(shopper).toHaveURL(new RegExp(`\\?size=${tin}#alert$`));
    const form = shopper.locator("form#alert");
    await expect(form).toContainText("Tell me when it's back");
    await expect(form.locator('[name="email"]')).toHaveValue("");
    await form.locator('[name="email"]').fill(email.toUpperCase());
    await form.getByRole("button").click();
    await expect(shopper.getByText("We will mail you when it is back").first()).toBeAttached();
    await expect.poll(() => alertsOf(email)).toHaveLength(1);

    // The plain product: "Sold out" and the form; signing up twice answers the same, kept once.
    await open(shopper, `/product/${plain}`);
    await expect(shopper.locator(".stock.out")).toHaveText("Sold out");
    for (let i = 0; i < 2; i++) {
      await shopper.locator('form#alert [name="email"]').fill(email);
      await shopper.locator("form#alert").getByRole("button").click();
      await expect(shopper).toHaveURL(new RegExp(`/product/${plain}(#alert)?$`));
      await expect.poll(async () => (await alertsOf(email)).length).toBe(2);
    }
    // A bad address is refused with its message, and nothing is kept.
    const bad = await guest.request.post(`${server.url}/stock-alerts`, {
      form: { productId: plain, size: "", email: "not-an-address" },
      maxRedirects: 0,
    });
    expect(bad.status(), `${JSON.stringify(bad.headers())} ${await bad.text()}`).toBe(400);
    expect(await bad.text()).toContain("Please enter a valid email address.");
    expect(await alertsOf(email)).toMatchObject([
      { product_id: [plain, sized].sort()[0] },
      { product_id: [plain, sized].sort()[1] },
    ]);

    // The owner sees who waits, and raises the plain product's stock in the editor.
    const owner = await ownerOn(server, browser, jsEnabled);
    await open(owner, "/admin/products");
    await expect(owner.locator("tr", { hasText: `Alert Plain ${tag}` })).toContainText("1 waiting");
    const restock = async (stock: string) => {
      await open(owner, `/admin/products/${plain}`);
      await owner.locator('[name="stock"]').fill(stock);
      await owner.getByRole("button", { name: "Save changes" }).click();
      await expect(owner).toHaveURL(/\/admin\/products$/);
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
    await owner.context().close();

    // The stop link: opening it changes nothing; its button forgets the address.
    await open(shopper, onServer(stop!));
    await expect(shopper.getByRole("heading", { level: 1 })).toHaveText("Stop back-in-stock mails");
    expect(await alertsOf(email)).toHaveLength(2);
    await shopper.getByRole("button", { name: "Stop these mails" }).click();
    await expect(shopper.getByText("Done: we will not send back-in-stock mails")).toBeVisible();
    expect(await alertsOf(email)).toHaveLength(0);
    await guest.close();
  });
});
