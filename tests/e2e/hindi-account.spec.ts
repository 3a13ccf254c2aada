import { expect, test, toaster, waitForHydration } from "./support/fixtures";
import { hindiServer, runsHere, uniqueEmail } from "./support/server";

// Issue #36, the account pages and the shop's own pages in Hindi (LANGUAGES=en,hi): sign-up with a
// refused phone, the toasts the actions flash, the account form, My Orders empty and with an order,
// logout, login, the password-reset request, the footer's policy pages and root's error page, all
// in Hindi and with every link staying under /hi. The Hindi server the Hindi specs share.

// JS off, this file's tests are tests/request/hindi-account.spec.ts's, over HTTP (issue #51).
test.beforeAll(({}, testInfo) =>
  test.skip(!runsHere(testInfo), "JS off: tests/request/hindi-account.spec.ts drives the same forms over HTTP"),
);

const hindi = hindiServer();
const HI_CURRENT_PASSWORD_WRONG = "आपका मौजूदा पासवर्ड सही नहीं है।";

test("sign up, account, My Orders, logout and login in Hindi", async ({ page, jsEnabled }) => {
  const errors: string[] = [];
  page.on("pageerror", (e) => void errors.push(e.message));
  const hydrated = async () => {
    if (jsEnabled) await waitForHydration(page);
  };
  const menu = page.getByRole("navigation", { name: "मुख्य" });
  const email = uniqueEmail("hindi");

  // Sign-up: Hindi labels and title; a bad phone is refused in Hindi.
  await page.goto(`${hindi().url}/hi/register`);
  await hydrated();
  await expect(page).toHaveTitle("साइन अप · RK Candles");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("खाता बनाएँ");
  await expect(page.getByRole("link", { name: "लॉग इन", exact: true }).last()).toHaveAttribute("href", "/hi/login");
  await page.getByLabel("नाम").fill("Asha Rao");
  await page.getByLabel("ईमेल").fill(email);
  await page.getByLabel("फ़ोन").fill("12345");
  await page.getByLabel("पासवर्ड").fill("secret12");
  await page.getByRole("button", { name: "साइन अप" }).click();
  await expect(page.getByRole("alert").first()).toHaveText("फ़ोन नंबर 10 अंकों का हो और 6\u20139 से शुरू हो।");
  await expect(page.getByText("+91/0 के बिना 10 अंकों का मोबाइल नंबर डालें")).toBeVisible();
  await page.getByLabel("फ़ोन").fill("9876543210");
  await page.getByLabel("पासवर्ड").fill("secret12");
  await page.getByRole("button", { name: "साइन अप" }).click();
  await expect(page).toHaveURL(`${hindi().url}/hi`);
  await expect(toaster(page)).toContainText("खाता बन गया!");
  await expect(toaster(page)).toContainText("स्वागत है, Asha!");

  // Account: heading, labels, the save toast; the page stays under /hi.
  await hydrated();
  await menu.getByRole("link", { name: "खाता" }).click();
  await expect(page).toHaveURL(`${hindi().url}/hi/account`);
  await expect(page).toHaveTitle("खाता · RK Candles");
  await expect(page.getByRole("heading", { name: "आपकी जानकारी" })).toBeVisible();
  await page.getByLabel("नाम").fill("Asha Menon");
  await page.getByRole("button", { name: "जानकारी सेव करें" }).click();
  await expect(toaster(page)).toContainText("खाता अपडेट हो गया");
  await expect(page).toHaveURL(`${hindi().url}/hi/account`);
  await hydrated();
  await page.getByLabel("मौजूदा पासवर्ड").fill("not-my-password");
  await page.getByLabel("नया पासवर्ड").fill("secret34");
  await page.getByRole("button", { name: "पासवर्ड बदलें" }).click();
  await expect(page.getByRole("alert").first()).toHaveText(HI_CURRENT_PASSWORD_WRONG);

  // My Orders: empty, then with an order placed through the API (which stays English).
  await menu.getByRole("link", { name: "मेरे ऑर्डर" }).click();
  await expect(page).toHaveURL(`${hindi().url}/hi/orders`);
  await expect(page).toHaveTitle("मेरे ऑर्डर · RK Candles");
  await expect(page.getByText("आपने अभी तक कोई ऑर्डर नहीं किया है।")).toBeVisible();
  await expect(page.getByRole("link", { name: "दुकान पर जाएँ" })).toHaveAttribute("href", "/hi/shop");
  const list = (await (await page.request.get(`${hindi().url}/api/products?limit=20`)).json()) as {
    items: { _id: string; stock: number }[];
  };
  const product = list.items.find((p) => p.stock > 0)!;
  const placed = await page.request.post(`${hindi().url}/api/orders`, {
    headers: { Origin: hindi().url },
    data: {
      contact: { name: "Asha Menon", email, phone: "9876543210" },
      shippingAddress: { address: "5 Park Street", city: "Kolkata", state: "West Bengal", pin: "700016" },
      items: [{ product: product._id, qty: 1 }],
      paymentMethod: "COD",
    },
  });
  expect(placed.status()).toBe(201);
  await page.getByRole("link", { name: "रीफ़्रेश करें" }).click();
  const order = page.locator("li.order").first();
  await expect(order.locator(".status")).toHaveText("ऑर्डर हो गया");
  await expect(order).toContainText("भुगतान बाक़ी");
  await expect(order).toContainText("कैश ऑन डिलीवरी");
  await expect(order.getByRole("heading", { level: 2 })).toContainText("ऑर्डर ");
  await expect(order).toContainText(/कुल ₹[\d,]+\.\d\d/);
  await expect(order.getByRole("link", { name: "इनवॉइस डाउनलोड करें" })).toBeVisible();

  // Logout, then login: a wrong password in Hindi, then the welcome toast.
  await hydrated();
  await menu.getByRole("button", { name: "लॉग आउट" }).click();
  await expect(page).toHaveURL(`${hindi().url}/hi`);
  await expect(toaster(page)).toContainText("आप लॉग आउट हो गए");
  await hydrated();
  await menu.getByRole("link", { name: "लॉग इन" }).click();
  await expect(page).toHaveURL(`${hindi().url}/hi/login`);
  await expect(page).toHaveTitle("लॉग इन · RK Candles");
  await expect(page.getByRole("link", { name: "पासवर्ड भूल गए?" })).toHaveAttribute("href", "/hi/forgot-password");
  await page.getByLabel("ईमेल").fill(email);
  await page.getByLabel("पासवर्ड").fill("wrong-password");
  await page.getByRole("button", { name: "लॉग इन" }).click();
  await expect(page.getByRole("alert").first()).toHaveText("ईमेल या पासवर्ड ग़लत है");
  await page.getByLabel("पासवर्ड").fill("secret12");
  await page.getByRole("button", { name: "लॉग इन" }).click();
  await expect(page).toHaveURL(`${hindi().url}/hi`);
  await expect(toaster(page)).toContainText("फिर से स्वागत है!");
  await expect(toaster(page)).toContainText("नमस्ते Asha");
  expect(errors).toEqual([]);
});

test("password reset request, the policy pages and the error page in Hindi", async ({ page, jsEnabled }) => {
  const hydrated = async () => {
    if (jsEnabled) await waitForHydration(page);
  };
  await page.goto(`${hindi().url}/hi/forgot-password`);
  await hydrated();
  await expect(page).toHaveTitle("पासवर्ड भूल गए · RK Candles");
  await page.getByLabel("ईमेल").fill("not-an-email");
  await page.getByRole("button", { name: "रीसेट लिंक भेजें" }).click();
  await expect(page.locator(".field-error")).toContainText(/[\u0900-\u097f]/);
  await page.getByLabel("ईमेल").fill(uniqueEmail("hindi-reset"));
  await page.getByRole("button", { name: "रीसेट लिंक भेजें" }).click();
  await expect(page).toHaveURL(`${hindi().url}/hi/forgot-password?sent`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("अपना ईमेल देखें");
  await expect(page.getByRole("link", { name: "फिर से माँगें" })).toHaveAttribute("href", "/hi/forgot-password");

  // The footer's policy pages, whole in Hindi, linking to each other under /hi.
  const footer = page.locator("footer");
  await expect(footer.getByRole("heading", { name: "नीतियाँ" })).toBeVisible();
  await footer.getByRole("link", { name: "नियम और शर्तें" }).click();
  await expect(page).toHaveURL(`${hindi().url}/hi/policy/terms`);
  await expect(page).toHaveTitle("नियम और शर्तें · RK Candles");
  await expect(page.getByRole("heading", { name: "मोमबत्ती की सुरक्षा" })).toBeVisible();
  await expect(page.locator("article")).toContainText(/ऑर्डर \d-\d कार्यदिवसों के अंदर भेजे जाते हैं/);
  await page.locator("article").getByRole("link", { name: "रिफ़ंड और वापसी नीति" }).click();
  await expect(page).toHaveURL(`${hindi().url}/hi/policy/refund`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("रिफ़ंड और वापसी");
  await footer.getByRole("link", { name: "प्राइवेसी" }).click();
  await expect(page).toHaveURL(`${hindi().url}/hi/policy/privacy`);
  await expect(page.locator("article")).toContainText("हम आपका डेटा कभी नहीं बेचते।");
  await footer.getByRole("link", { name: "हमारे बारे में" }).click();
  await expect(page).toHaveURL(`${hindi().url}/hi/about`);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /^हम कौन हैं/);
  await expect(page.getByRole("link", { name: "मोमबत्तियाँ ख़रीदें" })).toHaveAttribute("href", "/hi/shop");

  // Root's error page: a form post to a page with no action. Its home link stays in Hindi.
  const res = await page.request.post(`${hindi().url}/hi/about`, {
    headers: { Origin: hindi().url },
    form: { a: "1" },
  });
  const html = await res.text();
  expect(res.status()).toBe(405);
  expect(html).toContain("<h1>त्रुटि 405</h1>");
  expect(html).toContain('<a href="/hi">होम पेज पर जाएँ</a>');
});
