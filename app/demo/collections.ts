// The demo catalogue's collections (issue #37): five moods a shopper browses by, each with its
// Hindi name and description, a picture (one of its candles') and its candles, by their English
// names (app/demo/catalogue.ts). Every demo candle is in one or two of them.

export type DemoCollection = {
  slug: string;
  name: string;
  nameHi: string;
  description: string;
  descriptionHi: string;
  /** The candle whose first picture the collection shows. */
  picture: string;
  products: readonly string[];
};

export const demoCollections: readonly DemoCollection[] = [
  {
    slug: "floral",
    name: "Floral",
    nameHi: "फूलों की ख़ुशबू",
    description: "Jasmine, mogra, rose and rajnigandha: the flowers of Indian evenings, poured in soy wax.",
    descriptionHi: "चमेली, मोगरा, गुलाब और रजनीगंधा: भारतीय शामों के फूल, सोया मोम में ढले।",
    picture: "Mogra Bloom",
    products: [
      "Lavender Fields",
      "Jasmine Night",
      "Rose Garden",
      "Mogra Bloom",
      "Orange Blossom",
      "Rajnigandha",
      "Champa Frangipani",
      "Marigold Genda",
    ],
  },
  {
    slug: "woody",
    name: "Woody",
    nameHi: "लकड़ी और मिट्टी",
    description: "Sandalwood, cedar, khus and the first rain on dry earth: warm, grounding scents.",
    descriptionHi: "चंदन, देवदार, खस और सूखी धरती पर पहली बारिश: गर्माहट भरी, सुकून देने वाली ख़ुशबू।",
    picture: "Mysore Sandalwood",
    products: ["Mysore Sandalwood", "Cedarwood Forest", "Khus Vetiver", "Monsoon Mitti", "Pine & Cardamom"],
  },
  {
    slug: "fresh",
    name: "Fresh",
    nameHi: "ताज़गी",
    description: "Lemongrass, mint, green tea and sea air: clean, bright scents for every room.",
    descriptionHi: "लेमनग्रास, पुदीना, हरी चाय और समुद्री हवा: हर कमरे के लिए साफ़, खिली-खिली ख़ुशबू।",
    picture: "Lemongrass Zest",
    products: [
      "Lemongrass Zest",
      "Ocean Breeze",
      "Eucalyptus Mint",
      "Green Tea",
      "Peppermint Frost",
      "Earl Grey Bergamot",
    ],
  },
  {
    slug: "gourmand",
    name: "Gourmand",
    nameHi: "मीठी और मसालेदार",
    description: "Masala chai, vanilla, coffee and mango: sweet and spiced scents from the kitchen.",
    descriptionHi: "मसाला चाय, वनीला, कॉफ़ी और आम: रसोई से आती मीठी और मसालेदार ख़ुशबू।",
    picture: "Masala Chai",
    products: [
      "Vanilla Bean",
      "Masala Chai",
      "Coffee House",
      "Cinnamon Spice",
      "Alphonso Mango",
      "Coconut Cream",
      "Honey Oat",
      "Black Cherry",
      "Kesar Saffron",
    ],
  },
  {
    slug: "festive-gifts",
    name: "Festive gifts",
    nameHi: "त्योहार के तोहफ़े",
    description: "Saffron, marigold, sandalwood and spice: candles to give for Diwali, weddings and pujas.",
    descriptionHi: "केसर, गेंदा, चंदन और मसाले: दिवाली, शादियों और पूजा में देने के लिए मोमबत्तियाँ।",
    picture: "Marigold Genda",
    products: [
      "Marigold Genda",
      "Kesar Saffron",
      "Mysore Sandalwood",
      "Rose Garden",
      "Cinnamon Spice",
      "Pine & Cardamom",
      "Mogra Bloom",
      "Masala Chai",
    ],
  },
];
