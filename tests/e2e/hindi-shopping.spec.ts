import { expect, test, toaster, waitForHydration } from "./support/fixtures";
import { hindiServer, runsHere } from "./support/server";

// Issue #36, the shopping path in Hindi: shop (search with no match), product, Add to Cart and its
// toast, cart, checkout (a Hindi validation message after a bad submit, the PIN lookup), Place
// Order, its toast and the thank-you page, with every link staying under /hi/. The Hindi server
// the Hindi specs share (tests/e2e/support/shared-servers.ts).

// JS off, this file's test is tests/request/hindi-shopping.spec.ts's, over HTTP (issue #51).
test.beforeAll(({}, testInfo) =>
  test.skip(!runsHere(testInfo), "JS off: tests/request/hindi-shopping.spec.ts drives the same forms over HTTP"),
);

const hindi = hindiServer();

test("a Hindi shopper searches, adds to the cart, checks out and is thanked in Hindi", async ({
  page,
  jsEnabled,
  uniqueEmail,
}) => {
  const errors: string[] = [];
  page.on("pageerror", (e) => void errors.push(e.message));
  const open = async (path: string) => {
    await page.goto(`${hindi().url}${path}`);
    if (jsEnabled) await waitForHydration(page);
  };

  // A search that finds nothing: the empty state, its link and the bar's labels in Hindi.
  await open("/hi/shop?q=zzqqxx");
  await expect(page).toHaveTitle("खोज: “zzqqxx” · दुकान · RK Candles");
  await expect(page.getByText("आपकी खोज से कोई उत्पाद नहीं मिला।")).toBeVisible();
  await expect(page.getByRole("link", { name: "खोज हटाएँ" })).toHaveAttribute("href", "/hi/shop");
  await expect(page.getByRole("combobox", { name: "क्रम" })).toHaveValue("relevance");
  await expect(page.locator("#shop-sort option").first()).toHaveText("सबसे मिलते-जुलते");

  // The shop's first page, then a product.
  await page.getByRole("link", { name: "खोज हटाएँ" }).click();
  await expect(page).toHaveURL(`${hindi().url}/hi/shop`);
  await expect(page.getByRole("navigation", { name: "पेज" }).getByRole("link", { name: "अगला" })).toHaveAttribute(
    "href",
    "/hi/shop?page=2",
  );
  await page.locator(".card-link").first().click();
  await expect(page).toHaveURL(/\/hi\/product\/[0-9a-f]{24}$/);
  // With JS the URL changes before the product page is drawn: its h1 is read once the page is there.
  await expect(page.getByRole("heading", { name: "समीक्षाएँ" })).toBeVisible();
  await expect(page.getByText("सभी टैक्स शामिल")).toBeVisible();
  const name = (await page.getByRole("heading", { level: 1 }).textContent())!;
  await expect(page).toHaveTitle(`${name} · RK Candles`);
  await expect(page.getByRole("link", { name: "लॉग इन", exact: true }).last()).toHaveAttribute(
    "href",
    /^\/hi\/login\?redirect=/,
  );
  await expect(page.getByRole("link", { name: "रिफ़ंड नीति" })).toHaveAttribute("href", "/hi/policy/refund");

  // Logged in (through the JSON door, sharing the browser's cookies), Add to Cart: the toast in Hindi.
  const email = uniqueEmail();
  const registered = await page.request.post(`${hindi().url}/api/auth/register`, {
    data: { name: "Meera Iyer", email, password: "secret12", phone: "9123400000" },
  });
  expect(registered.status()).toBe(201);
  await page.reload();
  if (jsEnabled) await waitForHydration(page);
  await page.getByLabel("मात्रा").fill("2");
  await page.getByRole("button", { name: "कार्ट में डालें" }).click();
  await expect(toaster(page)).toContainText("कार्ट में डाल दिया");
  const viewCart = toaster(page).getByRole("link", { name: "कार्ट देखें" });
  await expect(viewCart).toHaveAttribute("href", "/hi/cart");
  await viewCart.click();

  // The cart.
  await expect(page).toHaveURL(`${hindi().url}/hi/cart`);
  await expect(page).toHaveTitle("कार्ट · RK Candles");
  await expect(page.getByLabel(`${name} की मात्रा`)).toHaveValue("2");
  await expect(page.locator(".summary dt").first()).toHaveText("सबटोटल");
  await page.getByRole("link", { name: "चेकआउट करें" }).click();

  // Checkout: a bad email is refused in Hindi (on blur with JS, by the server without).
  await expect(page).toHaveURL(`${hindi().url}/hi/checkout`);
  await expect(page).toHaveTitle("चेकआउट · RK Candles");
  const place = page.getByRole("button", { name: "ऑर्डर करें (कैश ऑन डिलीवरी)" });
  if (jsEnabled) {
    await expect(place).toHaveAccessibleDescription("कृपया सभी ज़रूरी जानकारी भरें: पता, पिन कोड, शहर, राज्य।");
  }
  await page.getByLabel("ईमेल").fill("not-an-email");
  if (jsEnabled) await page.getByLabel("ईमेल").blur();
  else await place.click();
  await expect(page.getByText("कृपया सही ईमेल पता लिखें।")).toBeVisible();
  if (!jsEnabled) await expect(page.getByRole("alert")).toHaveText("कृपया सभी ज़रूरी जानकारी भरें");

  await page.getByLabel("ईमेल").fill(email);
  await page.getByLabel("पता").fill("12, 4th Cross, Indiranagar");
  await page.getByLabel("पिन कोड").fill("560001");
  if (!jsEnabled) await page.getByRole("button", { name: "ढूँढें" }).click();
  await expect(page.getByLabel("शहर")).toHaveValue("Bangalore");
  await expect(page.getByLabel("राज्य")).toHaveValue("Karnataka");
  await expect(page.getByRole("link", { name: "ऑनलाइन भुगतान (जल्द आ रहा है)" })).toHaveAttribute(
    "href",
    "/hi/coming-soon",
  );
  await place.click();

  // Thank you, in Hindi, with the toast.
  await expect(page).toHaveURL(/\/hi\/thank-you\?o=[0-9a-f]{24}$/);
  await expect(page).toHaveTitle("धन्यवाद · RK Candles");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("धन्यवाद!");
  await expect(toaster(page)).toContainText("ऑर्डर हो गया!");
  await expect(page.getByText("डिलीवरी पर नकद देने हैं")).toBeVisible();
  const id = new URL(page.url()).searchParams.get("o");
  await expect(page.getByRole("link", { name: "मेरे ऑर्डर देखें" })).toHaveAttribute("href", `/hi/orders?o=${id}`);
  await expect(page.getByRole("link", { name: "ख़रीदारी जारी रखें" })).toHaveAttribute("href", "/hi/shop");
  expect(errors).toEqual([]);
});
