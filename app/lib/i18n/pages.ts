// The texts of the site's own pages (about, the policies): long, and read only there. They are a
// catalogue of their own beside the shared one (decision 0014), so that a browser gets them with
// those pages' code, not with every page's. English is the source of truth; Hindi is typed by it.
import type { Language } from "./languages";
import { metaLanguage, useLanguage } from "./messages";

const en = {
  aboutTitle: "About",
  aboutDescription: "Who we are: a small studio hand-pouring soy wax candles in India.",
  aboutStudio: (shop: string): string =>
    `${shop} is a small studio that hand-pours soy wax candles in small batches. We use natural soy wax, lead-free cotton wicks and fragrances inspired by Indian gardens, kitchens and monsoons.`,
  aboutHands:
    "Every candle is poured, cured and packed by hand, then shipped anywhere in India with cash on delivery. Questions? Write to us from the links at the bottom of every page.",
  shopCandles: "Shop candles",
  privacyTitle: "Privacy",
  privacyDescription: "What we collect, why, and how we keep it safe.",
  privacyCollect:
    "We collect only what we need to deliver your order: your name, email, phone number and shipping address. Passwords are stored as one-way hashes. We never sell your data.",
  privacyCookies:
    "Your cart is kept in a cookie on your device, and a session cookie keeps you logged in. We use no advertising or tracking cookies.",
  privacyShipping: "We ship only within India; your address is shared only with the courier delivering your order.",
  privacyContact: "To see or delete your data, write to ",
  privacyContactAfter: ".",
  refundTitle: "Refund & Returns",
  refundDescription: "Claims for broken or defective candles, returns and refunds.",
  // The parts of a sentence with day ranges ("2-3") in it, for React to put together as before.
  refundDispatch: (dispatch: string, delivery: string): string[] => [
    "Orders are dispatched within ",
    dispatch,
    " business days and delivered within ",
    delivery,
    " business days.",
  ],
  refundIndia: "We ship only in India.",
  refundClaims:
    "Claims for broken or defective items must be made within 7 days of delivery, with an unboxing video showing the damage.",
  refundUsed: "Used candles are not returnable.",
  refundTime: "Approved refunds are made within 5-7 business days.",
  refundContact: "To make a claim, write to ",
  refundContactAfter: " with your order number.",
  termsTitle: "Terms",
  termsDescription: "Terms of sale: orders, cash on delivery, shipping within India.",
  termsOrders: "Orders and payment",
  termsPayment:
    "Prices are in Indian rupees and include taxes. Orders are paid by cash on delivery; online payment is coming soon. A flat shipping charge of ₹49 applies to every order.",
  termsShipping: "Shipping",
  termsShippingText: (dispatch: string, delivery: string): string[] => [
    "We ship only within India. Orders are dispatched within ",
    dispatch,
    " business days and delivered within",
    " ",
    delivery,
    " business days of dispatch.",
  ],
  termsReturns: "Returns",
  termsReturnsBefore: "Broken or defective items are covered by our ",
  termsReturnsLink: "Refund & Returns policy",
  termsReturnsAfter: ".",
  termsSafety: "Candle safety",
  termsSafetyText:
    "Never leave a burning candle unattended; keep it away from children, pets and anything that can catch fire.",
  termsContact: "Contact: ",
};

export type PageTexts = typeof en;

const hi: PageTexts = {
  aboutTitle: "हमारे बारे में",
  aboutDescription: "हम कौन हैं: भारत में सोया मोम की मोमबत्तियाँ हाथ से ढालने वाला एक छोटा स्टूडियो।",
  aboutStudio: (shop) =>
    `${shop} एक छोटा स्टूडियो है जो सोया मोम की मोमबत्तियाँ छोटे-छोटे बैच में हाथ से ढालता है। हम प्राकृतिक सोया मोम, सीसा-रहित सूती बत्तियाँ और भारत के बाग़ों, रसोई और मानसून से प्रेरित ख़ुशबुएँ इस्तेमाल करते हैं।`,
  aboutHands:
    "हर मोमबत्ती हाथ से ढाली, पकाई और पैक की जाती है, फिर कैश ऑन डिलीवरी के साथ भारत में कहीं भी भेजी जाती है। कोई सवाल? हर पेज के नीचे दिए लिंक से हमें लिखें।",
  shopCandles: "मोमबत्तियाँ ख़रीदें",
  privacyTitle: "प्राइवेसी",
  privacyDescription: "हम क्या जानकारी लेते हैं, क्यों लेते हैं, और उसे सुरक्षित कैसे रखते हैं।",
  privacyCollect:
    "हम सिर्फ़ वही जानकारी लेते हैं जो आपका ऑर्डर पहुँचाने के लिए ज़रूरी है: आपका नाम, ईमेल, फ़ोन नंबर और शिपिंग पता। पासवर्ड एकतरफ़ा हैश के रूप में रखे जाते हैं। हम आपका डेटा कभी नहीं बेचते।",
  privacyCookies:
    "आपका कार्ट आपके डिवाइस पर एक कुकी में रहता है, और एक सेशन कुकी आपको लॉग इन रखती है। हम विज्ञापन या ट्रैकिंग वाली कोई कुकी इस्तेमाल नहीं करते।",
  privacyShipping: "हम सिर्फ़ भारत में शिपिंग करते हैं; आपका पता सिर्फ़ उस कूरियर को दिया जाता है जो आपका ऑर्डर पहुँचाता है।",
  privacyContact: "अपना डेटा देखने या हटवाने के लिए ",
  privacyContactAfter: " पर लिखें।",
  refundTitle: "रिफ़ंड और वापसी",
  refundDescription: "टूटी या ख़राब मोमबत्तियों के दावे, वापसी और रिफ़ंड।",
  refundDispatch: (dispatch, delivery) => [
    "ऑर्डर ",
    dispatch,
    " कार्यदिवसों के अंदर भेजे जाते हैं और ",
    delivery,
    " कार्यदिवसों के अंदर डिलीवर होते हैं।",
  ],
  refundIndia: "हम सिर्फ़ भारत में शिपिंग करते हैं।",
  refundClaims: "टूटी या ख़राब चीज़ों का दावा डिलीवरी के 7 दिनों के अंदर करना होगा, साथ में नुक़सान दिखाता अनबॉक्सिंग वीडियो भेजें।",
  refundUsed: "इस्तेमाल की गई मोमबत्तियाँ वापस नहीं होतीं।",
  refundTime: "मंज़ूर हुए रिफ़ंड 5-7 कार्यदिवसों में किए जाते हैं।",
  refundContact: "दावा करने के लिए अपने ऑर्डर नंबर के साथ ",
  refundContactAfter: " पर लिखें।",
  termsTitle: "नियम और शर्तें",
  termsDescription: "बिक्री की शर्तें: ऑर्डर, कैश ऑन डिलीवरी, भारत के अंदर शिपिंग।",
  termsOrders: "ऑर्डर और भुगतान",
  termsPayment:
    "क़ीमतें भारतीय रुपये में हैं और इनमें टैक्स शामिल है। ऑर्डर का भुगतान कैश ऑन डिलीवरी से होता है; ऑनलाइन भुगतान जल्द आ रहा है। हर ऑर्डर पर ₹49 का एक समान शिपिंग शुल्क लगता है।",
  termsShipping: "शिपिंग",
  termsShippingText: (dispatch, delivery) => [
    "हम सिर्फ़ भारत के अंदर शिपिंग करते हैं। ऑर्डर ",
    dispatch,
    " कार्यदिवसों के अंदर भेजे जाते हैं और भेजने के ",
    delivery,
    " कार्यदिवसों के अंदर डिलीवर होते हैं।",
  ],
  termsReturns: "वापसी",
  termsReturnsBefore: "टूटी या ख़राब चीज़ें हमारी ",
  termsReturnsLink: "रिफ़ंड और वापसी नीति",
  termsReturnsAfter: " के तहत आती हैं।",
  termsSafety: "मोमबत्ती की सुरक्षा",
  termsSafetyText: "जलती मोमबत्ती को कभी अकेला न छोड़ें; उसे बच्चों, पालतू जानवरों और आग पकड़ सकने वाली किसी भी चीज़ से दूर रखें।",
  termsContact: "संपर्क: ",
};

export const PAGE_TEXTS: Record<Language, PageTexts> = { en, hi };

/** The page's texts in its language. */
export const usePageTexts = (): PageTexts => PAGE_TEXTS[useLanguage()];

/** The same, for a route's `meta`. */
export const metaPageTexts = (matches: Parameters<typeof metaLanguage>[0]): PageTexts =>
  PAGE_TEXTS[metaLanguage(matches)];
