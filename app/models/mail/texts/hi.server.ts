// The customer's mails in Hindi (issue #36), typed by the English ones: a text missing here fails
// the typecheck. Plain everyday Hindi, with the English words Indian shops use in their mails
// (ऑर्डर, कैश ऑन डिलीवरी, इनवॉइस, ट्रैकिंग, पासवर्ड); the shop's name stays as it is.
import type { MailTexts } from "./en.server";

export const hi: MailTexts = {
  htmlLang: "hi",
  hello: (name) => `नमस्ते ${name},`,
  questions: (email, phone) => `कोई सवाल? ${email} पर लिखें या ${phone} पर कॉल करें।`,
  seeYourOrders: "अपने ऑर्डर देखें",
  confirmation: {
    subject: (shop, number) => `${shop} पर आपका ऑर्डर ${number} कन्फ़र्म हो गया है`,
    heading: (number) => `ऑर्डर ${number} के लिए धन्यवाद`,
    intro: (number) => `ऑर्डर ${number} के लिए धन्यवाद। आपके ऑर्डर में ये चीज़ें हैं:`,
    subtotal: "सबटोटल",
    shipping: "शिपिंग",
    total: "कुल",
    deliveringTo: "डिलीवरी का पता",
    phone: (phone) => `फ़ोन: ${phone}`,
    cod: (total) =>
      `कैश ऑन डिलीवरी: ऑर्डर पहुँचने पर ${total} तैयार रखें। हम 2-4 कामकाजी दिनों में ऑर्डर भेजते हैं; डिलीवरी में 5-9 कामकाजी दिन लगते हैं।`,
    invoiceAttached: "आपका इनवॉइस इस मेल के साथ है।",
    upi: (total, hours) => `${hours} घंटों के अंदर UPI से ${total} का भुगतान करें:`,
    upiChecked: "फिर उसी पेज पर UPI रेफ़रेंस (UTR) भेजें: हम आपका भुगतान जाँचकर आपको मेल करेंगे।",
  },
  payment: {
    receivedSubject: (number) => `ऑर्डर ${number} का भुगतान मिल गया`,
    receivedLead: (total, number) =>
      `ऑर्डर ${number} के लिए आपका ${total} का UPI भुगतान हमें मिल गया है। धन्यवाद! हम इसे 2-4 कामकाजी दिनों में भेज देंगे।`,
    notFoundSubject: (number) => `ऑर्डर ${number} का आपका भुगतान हमें नहीं मिला`,
    notFoundLead: (utr, number) => `ऑर्डर ${number} के लिए रेफ़रेंस (UTR) ${utr} वाला कोई UPI भुगतान हमें नहीं मिला।`,
    notFoundAgain: (hours) => `कृपया अपने UPI ऐप में UTR जाँचें और ${hours} घंटों के अंदर सही UTR भेजें, या इस पेज पर भुगतान करें:`,
  },
  status: {
    shippedSubject: (number) => `आपका ऑर्डर ${number} रास्ते में है`,
    shippedLead: (number) => `अच्छी ख़बर: आपका ऑर्डर ${number} हमारी वर्कशॉप से निकल चुका है।`,
    trackingSubject: (number) => `आपके ऑर्डर ${number} की ट्रैकिंग जानकारी`,
    trackingLead: (number) => `आपके ऑर्डर ${number} की शिपिंग की नई जानकारी यह है।`,
    courier: (courier) => `कूरियर: ${courier}`,
    trackingNumber: (number) => `ट्रैकिंग नंबर: ${number}`,
    alreadyPaid: "इसका भुगतान हो चुका है।",
    cod: (total) => `कैश ऑन डिलीवरी: ऑर्डर पहुँचने पर ${total} तैयार रखें।`,
    deliveredSubject: (number) => `आपका ऑर्डर ${number} डिलीवर हो गया`,
    deliveredLead: (number) => `आपका ऑर्डर ${number} डिलीवर हो गया। उम्मीद है आपको अपनी कैंडल पसंद आएँगी!`,
    deliveredDamage: "कुछ टूटा हुआ है या ठीक नहीं है? डिलीवरी के 7 दिनों के अंदर अनबॉक्सिंग वीडियो के साथ हमें लिखें।",
    deliveredReview: "कैंडल पसंद आईं? हर कैंडल के पेज पर आप उसका रिव्यू दे सकते हैं।",
    cancelledSubject: (number) => `आपका ऑर्डर ${number} कैंसल हो गया`,
    cancelledLead: (number) => `आपका ऑर्डर ${number} कैंसल कर दिया गया है।`,
    cancelledRefund: "आपने इसका भुगतान कर दिया था: हम 5-7 कामकाजी दिनों में पैसे वापस कर देंगे।",
    cancelledNothingDue: "आपको कुछ नहीं देना है: यह कैश ऑन डिलीवरी ऑर्डर था।",
    cancelledNotAsked: "अगर आपने कैंसल करने को नहीं कहा था, तो हमें लिखें, हम इसे ठीक कर देंगे।",
    cancelledUnpaid: "समय पर इसका UPI रेफ़रेंस नहीं मिला, इसलिए मोमबत्तियाँ वापस रख दी गईं। कुछ भी देय नहीं है।",
    cancelledUnconfirmed: "इसकी पुष्टि समय पर नहीं हुई, इसलिए मोमबत्तियाँ वापस रख दी गईं। कुछ भी देय नहीं है।",
    orderAgain: "जब चाहें, आप फिर से ऑर्डर कर सकते हैं।",
  },
  reset: {
    subject: (shop) => `अपना ${shop} पासवर्ड रीसेट करें`,
    heading: "अपना पासवर्ड रीसेट करें",
    ask: (shop, email) => `किसी ने (उम्मीद है आपने ही) आपके ${shop} अकाउंट ${email} का पासवर्ड रीसेट करने को कहा है।`,
    chooseHere: "नया पासवर्ड यहाँ चुनें:",
    choose: "नया पासवर्ड चुनें",
    validFor: (minutes) => (minutes % 60 === 0 ? `${minutes / 60} घंटे` : `${minutes} मिनट`),
    works: (validFor) => `यह लिंक एक ही बार और ${validFor} तक काम करेगा।`,
    ignore: "अगर आपने यह नहीं माँगा था, तो इस मेल को अनदेखा करें: आपका पासवर्ड नहीं बदलेगा।",
  },
};
