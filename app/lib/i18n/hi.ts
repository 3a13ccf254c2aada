// The Hindi catalogue (issue #36), typed by the English one: a key it lacks, or one it has that
// English does not, fails the typecheck. Plain, everyday Hindi as shops and apps in India write
// it; English loanwords where shoppers use them (कार्ट, ऑर्डर, लॉग इन).
import type { Messages } from "./en";

export const hi: Messages = {
  nav: {
    skipToContent: "सामग्री पर जाएँ",
    home: "होम",
    shop: "दुकान",
    myOrders: "मेरे ऑर्डर",
    account: "खाता",
    admin: "एडमिन",
    cart: "कार्ट",
    logout: "लॉग आउट",
    login: "लॉग इन",
    signUp: "साइन अप",
    menu: "मेन्यू",
    search: "खोजें",
    cartItems: (count) => `${count} चीज़ें`,
    mainLabel: "मुख्य",
  },
  home: {
    whyTitle: "हमें क्यों चुनें",
    whyNatural: "100% प्राकृतिक सोया मोम, साफ़ और धीरे-धीरे जलने वाला",
    whyWicks: "सीसा-रहित सूती बत्तियाँ और थैलेट-रहित सुगंध",
    whyHandPoured: "भारत में छोटे-छोटे बैच में हाथ से ढाली गई",
    whyCod: "कैश ऑन डिलीवरी और ₹49 का एक समान शिपिंग शुल्क",
    shopNow: "अभी ख़रीदें",
    bestSellers: "सबसे ज़्यादा बिकने वाली",
  },
  shop: {
    title: "दुकान",
    search: "खोजें",
    searchPlaceholder: "खोजें: लैवेंडर, चंदन…",
    // Hindi's उत्पाद is the same for one and many.
    products: () => "उत्पाद",
  },
};
