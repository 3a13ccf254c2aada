// tests/e2e/hindi-account.spec.ts's JS-off half, over HTTP (issue #36, issue #51): sign-up with a
// refused phone, the toasts the actions flash, the account forms, My Orders empty and with an order,
// logout, login, the password-reset request, the footer's policy pages and root's error page, all in
// Hindi and with every link staying under /hi. The Hindi server the Hindi specs share.
import { hindiServer, uniqueEmail } from "../e2e/support/server";
import { expect, labelled, PlainBrowser, test, TOASTER } from "./support/fixtures";

const hindi = hindiServer();
const HI_CURRENT_PASSWORD_WRONG = "आपका मौजूदा पासवर्ड सही नहीं है।";
const MENU = 'nav[aria-label="मुख्य"]';

const title = (b: PlainBrowser) => b.texts("title")[0];
/** The page's headings, of any level. */
const headings = (b: PlainBrowser) => ["h1", "h2", "h3", "h4", "h5", "h6"].flatMap((h) => b.texts(h));
const url = (b: PlainBrowser) => b.current().url;

test("sign up, account, My Orders, logout and login in Hindi", async () => {
  const b = new PlainBrowser(hindi().url);
  const email = uniqueEmail("hindi");

  // Sign-up: Hindi labels and title; a bad phone is refused in Hindi.
  await b.open("/hi/register");
  expect(title(b)).toBe("साइन अप · RK Candles");
  expect(b.texts("h1")).toEqual(["खाता बनाएँ"]);
  expect(b.links("लॉग इन").at(-1)).toBe("/hi/login");
  await b.submit("साइन अप", labelled(b, { नाम: "Asha Rao", ईमेल: email, फ़ोन: "12345", पासवर्ड: "secret12" }));
  expect(b.texts("[role=alert]")[0]).toBe("फ़ोन नंबर 10 अंकों का हो और 6\u20139 से शुरू हो।");
  expect(b.text()).toContain("+91/0 के बिना 10 अंकों का मोबाइल नंबर डालें");
  await b.submit("साइन अप", labelled(b, { फ़ोन: "9876543210", पासवर्ड: "secret12" }));
  expect(url(b)).toBe(`${hindi().url}/hi`);
  expect(b.text(TOASTER)).toContain("खाता बन गया!");
  expect(b.text(TOASTER)).toContain("स्वागत है, Asha!");

  // Account: heading, labels, the save toast; the page stays under /hi.
  await b.follow("खाता", MENU);
  expect(url(b)).toBe(`${hindi().url}/hi/account`);
  expect(title(b)).toBe("खाता · RK Candles");
  expect(headings(b)).toContain("आपकी जानकारी");
  await b.submit("जानकारी सेव करें", labelled(b, { नाम: "Asha Menon" }));
  expect(b.text(TOASTER)).toContain("खाता अपडेट हो गया");
  expect(url(b)).toBe(`${hindi().url}/hi/account`);
  await b.submit("पासवर्ड बदलें", labelled(b, { "मौजूदा पासवर्ड": "not-my-password", "नया पासवर्ड": "secret34" }));
  expect(b.texts("[role=alert]")[0]).toBe(HI_CURRENT_PASSWORD_WRONG);

  // My Orders: empty, then with an order placed through the API (which stays English).
  await b.follow("मेरे ऑर्डर", MENU);
  expect(url(b)).toBe(`${hindi().url}/hi/orders`);
  expect(title(b)).toBe("मेरे ऑर्डर · RK Candles");
  expect(b.text()).toContain("आपने अभी तक कोई ऑर्डर नहीं किया है।");
  expect(b.links("दुकान पर जाएँ")).toEqual(["/hi/shop"]);
  const list = (await (await b.api("/api/products?limit=20")).json()) as { items: { _id: string; stock: number }[] };
  const product = list.items.find((p) => p.stock > 0)!;
  const placed = await b.api("/api/orders", {
    contact: { name: "Asha Menon", email, phone: "9876543210" },
    shippingAddress: { address: "5 Park Street", city: "Kolkata", state: "West Bengal", pin: "700016" },
    items: [{ product: product._id, qty: 1 }],
    paymentMethod: "COD",
  });
  expect(placed.status).toBe(201);
  await b.follow("रीफ़्रेश करें");
  const order = b.all("li.order")[0]!;
  expect(b.texts(".status", order)[0]).toBe("ऑर्डर हो गया");
  const text = b.texts("li.order")[0];
  expect(text).toContain("भुगतान बाक़ी");
  expect(text).toContain("कैश ऑन डिलीवरी");
  expect(b.texts("h2", order)[0]).toContain("ऑर्डर ");
  expect(text).toMatch(/कुल ₹[\d,]+\.\d\d/);
  expect(b.links("इनवॉइस डाउनलोड करें", order)).toHaveLength(1);

  // Logout, then login: a wrong password in Hindi, then the welcome toast.
  await b.submit("लॉग आउट");
  expect(url(b)).toBe(`${hindi().url}/hi`);
  expect(b.text(TOASTER)).toContain("आप लॉग आउट हो गए");
  await b.follow("लॉग इन", MENU);
  expect(url(b)).toBe(`${hindi().url}/hi/login`);
  expect(title(b)).toBe("लॉग इन · RK Candles");
  expect(b.links("पासवर्ड भूल गए?")).toEqual(["/hi/forgot-password"]);
  await b.submit("लॉग इन", labelled(b, { ईमेल: email, पासवर्ड: "wrong-password" }));
  expect(b.texts("[role=alert]")[0]).toBe("ईमेल या पासवर्ड ग़लत है");
  await b.submit("लॉग इन", labelled(b, { पासवर्ड: "secret12" }));
  expect(url(b)).toBe(`${hindi().url}/hi`);
  expect(b.text(TOASTER)).toContain("फिर से स्वागत है!");
  expect(b.text(TOASTER)).toContain("नमस्ते Asha");
});

test("password reset request, the policy pages and the error page in Hindi", async () => {
  const b = new PlainBrowser(hindi().url);
  await b.open("/hi/forgot-password");
  expect(title(b)).toBe("पासवर्ड भूल गए · RK Candles");
  await b.submit("रीसेट लिंक भेजें", labelled(b, { ईमेल: "not-an-email" }));
  expect(b.text(".field-error")).toMatch(/[\u0900-\u097f]/);
  await b.submit("रीसेट लिंक भेजें", labelled(b, { ईमेल: uniqueEmail("hindi-reset") }));
  expect(url(b)).toBe(`${hindi().url}/hi/forgot-password?sent`);
  expect(b.texts("h1")).toEqual(["अपना ईमेल देखें"]);
  expect(b.links("फिर से माँगें")).toEqual(["/hi/forgot-password"]);

  // The footer's policy pages, whole in Hindi, linking to each other under /hi.
  expect(b.texts("footer h2")).toContain("नीतियाँ");
  await b.follow("नियम और शर्तें", "footer");
  expect(url(b)).toBe(`${hindi().url}/hi/policy/terms`);
  expect(title(b)).toBe("नियम और शर्तें · RK Candles");
  expect(headings(b)).toContain("मोमबत्ती की सुरक्षा");
  expect(b.texts("article")[0]).toMatch(/ऑर्डर \d-\d कार्यदिवसों के अंदर भेजे जाते हैं/);
  await b.follow("रिफ़ंड और वापसी नीति", "article");
  expect(url(b)).toBe(`${hindi().url}/hi/policy/refund`);
  expect(b.texts("h1")).toEqual(["रिफ़ंड और वापसी"]);
  await b.follow("प्राइवेसी", "footer");
  expect(url(b)).toBe(`${hindi().url}/hi/policy/privacy`);
  expect(b.texts("article")[0]).toContain("हम आपका डेटा कभी नहीं बेचते।");
  await b.follow("हमारे बारे में", "footer");
  expect(url(b)).toBe(`${hindi().url}/hi/about`);
  expect(b.all('meta[name="description"]')[0]?.attribs.content).toMatch(/^हम कौन हैं/);
  expect(b.links("मोमबत्तियाँ ख़रीदें")).toEqual(["/hi/shop"]);

  // Root's error page: a form post to a page with no action. Its home link stays in Hindi.
  const res = await b.api("/hi/about", new URLSearchParams({ a: "1" }));
  const html = await res.text();
  expect(res.status).toBe(405);
  expect(html).toContain("<h1>त्रुटि 405</h1>");
  expect(html).toContain('<a href="/hi">होम पेज पर जाएँ</a>');
});
