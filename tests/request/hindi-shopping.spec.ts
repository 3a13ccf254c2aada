// tests/e2e/hindi-shopping.spec.ts's JS-off half, over HTTP (issue #36, issue #51): the shopping path
// in Hindi: shop (search with no match), product, Add to Cart and its toast, cart, checkout (a Hindi
// validation message after a bad submit, the PIN lookup on the server), Place Order, its toast and
// the thank-you page, with every link staying under /hi/. The Hindi server the Hindi specs share.
import { hindiServer } from "../e2e/support/server";
import { expect, labelled, PlainBrowser, test, TOASTER } from "./support/fixtures";

const hindi = hindiServer();

const title = (b: PlainBrowser) => b.texts("title")[0];
const headings = (b: PlainBrowser) => ["h1", "h2", "h3", "h4", "h5", "h6"].flatMap((h) => b.texts(h));
const url = (b: PlainBrowser) => b.current().url;

test("a Hindi shopper searches, adds to the cart, checks out and is thanked in Hindi", async ({ uniqueEmail }) => {
  const b = new PlainBrowser(hindi().url);

  // A search that finds nothing: the empty state, its link and the bar's labels in Hindi.
  await b.open("/hi/shop?q=zzqqxx");
  expect(title(b)).toBe("खोज: “zzqqxx” · दुकान · RK Candles");
  expect(b.text()).toContain("आपकी खोज से कोई उत्पाद नहीं मिला।");
  expect(b.links("खोज हटाएँ")).toEqual(["/hi/shop"]);
  expect(b.valueByLabel("क्रम")).toBe("relevance");
  expect(b.texts("#shop-sort option")[0]).toBe("सबसे मिलते-जुलते");

  // The shop's first page, then a product.
  await b.follow("खोज हटाएँ");
  expect(url(b)).toBe(`${hindi().url}/hi/shop`);
  expect(b.links("अगला", 'nav[aria-label="पेज"]')).toEqual(["/hi/shop?page=2"]);
  await b.open(b.all(".card-link")[0]!.attribs.href!);
  expect(url(b)).toMatch(/\/hi\/product\/[0-9a-f]{24}$/);
  const name = b.texts("h1")[0]!;
  expect(title(b)).toBe(`${name} · RK Candles`);
  expect(b.text()).toContain("सभी टैक्स शामिल");
  expect(headings(b)).toContain("समीक्षाएँ");
  expect(b.links("लॉग इन").at(-1)).toMatch(/^\/hi\/login\?redirect=/);
  expect(b.links("रिफ़ंड नीति")).toEqual(["/hi/policy/refund"]);

  // Logged in (through the JSON door, sharing this browser's cookies), Add to Cart: the toast in Hindi.
  const email = uniqueEmail();
  const registered = await b.api("/api/auth/register", {
    name: "Meera Iyer",
    email,
    password: "secret12",
    phone: "9123400000",
  });
  expect(registered.status).toBe(201);
  await b.open(url(b));
  await b.submit("कार्ट में डालें", labelled(b, { मात्रा: "2" }));
  expect(b.text(TOASTER)).toContain("कार्ट में डाल दिया");
  expect(b.links("कार्ट देखें", TOASTER)).toEqual(["/hi/cart"]);
  await b.follow("कार्ट देखें", TOASTER);

  // The cart.
  expect(url(b)).toBe(`${hindi().url}/hi/cart`);
  expect(title(b)).toBe("कार्ट · RK Candles");
  expect(b.valueByLabel(`${name} की मात्रा`)).toBe("2");
  expect(b.texts(".summary dt")[0]).toBe("सबटोटल");
  await b.follow("चेकआउट करें");

  // Checkout: a bad email is refused in Hindi by the server.
  expect(url(b)).toBe(`${hindi().url}/hi/checkout`);
  expect(title(b)).toBe("चेकआउट · RK Candles");
  const place = "ऑर्डर करें (कैश ऑन डिलीवरी)";
  await b.submit(place, labelled(b, { ईमेल: "not-an-email" }));
  expect(b.text()).toContain("कृपया सही ईमेल पता लिखें।");
  expect(b.texts("[role=alert]")).toEqual(["कृपया सभी ज़रूरी जानकारी भरें"]);

  await b.submit("ढूँढें", labelled(b, { ईमेल: email, पता: "12, 4th Cross, Indiranagar", "पिन कोड": "560001" }));
  expect(b.valueByLabel("शहर")).toBe("Bangalore");
  expect(b.valueByLabel("राज्य")).toBe("Karnataka");
  expect(b.links("ऑनलाइन भुगतान (जल्द आ रहा है)")).toEqual(["/hi/coming-soon"]);
  await b.submit(place);

  // Thank you, in Hindi, with the toast.
  expect(url(b)).toMatch(/\/hi\/thank-you\?o=[0-9a-f]{24}$/);
  expect(title(b)).toBe("धन्यवाद · RK Candles");
  expect(b.texts("h1")).toEqual(["धन्यवाद!"]);
  expect(b.text(TOASTER)).toContain("ऑर्डर हो गया!");
  expect(b.text()).toContain("डिलीवरी पर नकद देने हैं");
  const id = new URL(url(b)).searchParams.get("o");
  expect(b.links("मेरे ऑर्डर देखें")).toEqual([`/hi/orders?o=${id}`]);
  expect(b.links("ख़रीदारी जारी रखें")).toEqual(["/hi/shop"]);
});
