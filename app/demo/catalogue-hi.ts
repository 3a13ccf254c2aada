// The demo catalogue's Hindi texts (issue #36): each candle's name and scent notes as a Hindi
// label would say them, and its description in Hindi. Scent words a Hindi speaker uses (चंदन,
// मोगरा, खस, गेंदा) rather than transliterated English, except where English is what is said
// (कॉफ़ी, लैवेंडर, वनीला). Keyed by the English name; tests/unit/catalogue/hindi-texts.test.ts
// holds every demo product to having one.
import { type DemoProduct, type Vessel, vesselFacts } from "./catalogue";

export const demoHindi: Readonly<Record<string, { name: string; notes: string }>> = {
  "Lavender Fields": { name: "लैवेंडर के खेत", notes: "फ़्रेंच लैवेंडर और कैमोमाइल की हल्की छुअन" },
  "Mysore Sandalwood": { name: "मैसूर चंदन", notes: "मलाईदार चंदन और गर्माहट भरा अंबर" },
  "Jasmine Night": { name: "चमेली की रात", notes: "रात में खिलने वाली चमेली और हल्की कस्तूरी" },
  "Rose Garden": { name: "गुलाब बाग़", notes: "दमिश्क़ी गुलाब की पंखुड़ियाँ और हरी पत्तियाँ" },
  "Vanilla Bean": { name: "वनीला बीन", notes: "मेडागास्कर की वनीला और भुनी हुई चीनी" },
  "Lemongrass Zest": { name: "लेमनग्रास की ताज़गी", notes: "केरल का लेमनग्रास और नींबू का छिलका" },
  "Masala Chai": { name: "मसाला चाय", notes: "इलायची, अदरक, लौंग और काली चाय" },
  "Mogra Bloom": { name: "खिलता मोगरा", notes: "शाम ढले मोगरे के ताज़े गजरे" },
  "Coffee House": { name: "कॉफ़ी हाउस", notes: "गहरी भुनी कॉफ़ी और कोको के दाने" },
  "Ocean Breeze": { name: "समुंदर की हवा", notes: "समुद्री नमक, किनारे की बहती लकड़ी और सेज" },
  "Cinnamon Spice": { name: "दालचीनी मसाला", notes: "सीलोन की दालचीनी और सिंका हुआ सेब" },
  "Eucalyptus Mint": { name: "यूकेलिप्टस पुदीना", notes: "नीलगिरि का यूकेलिप्टस और ठंडा पुदीना" },
  "Monsoon Mitti": { name: "बरसात की मिट्टी", notes: "सूखी धरती पर पहली बारिश" },
  "Alphonso Mango": { name: "हापुस आम", notes: "पका हापुस आम और आड़ू" },
  "Coconut Cream": { name: "नारियल क्रीम", notes: "नारियल का दूध और सफ़ेद वनीला" },
  "Orange Blossom": { name: "संतरे के फूल", notes: "नेरोली, संतरे के फूल और शहद" },
  "Cedarwood Forest": { name: "देवदार का जंगल", notes: "हिमालय का देवदार, चीड़ की पत्तियाँ और काई" },
  "Green Tea": { name: "हरी चाय", notes: "दार्जिलिंग की हरी चाय और बाँस" },
  "Kesar Saffron": { name: "केसर", notes: "कश्मीरी केसर और गुलाब जल" },
  "Khus Vetiver": { name: "खस", notes: "खस की ठंडी जड़ें और नींबू की महक" },
  Rajnigandha: { name: "रजनीगंधा", notes: "रजनीगंधा और सफ़ेद फूल" },
  "Peppermint Frost": { name: "पिपरमिंट की ठंडक", notes: "पिपरमिंट और सर्दियों का भोजपत्र" },
  "Honey Oat": { name: "शहद और जई", notes: "जंगली फूलों का शहद और गुनगुनी जई" },
  "Champa Frangipani": { name: "चंपा", notes: "फ्रैंजिपानी, चंपा और चंदन" },
  "Black Cherry": { name: "काली चेरी", notes: "पकी काली चेरी और बादाम" },
  "Earl Grey Bergamot": { name: "अर्ल ग्रे बर्गमॉट", notes: "बर्गमॉट, काली चाय और लैवेंडर" },
  "Pine & Cardamom": { name: "चीड़ और इलायची", notes: "चीड़ की राल और हरी इलायची" },
  "Marigold Genda": { name: "गेंदा", notes: "गेंदा, तुलसी और मंदिर की धूप" },
};

/** What each vessel holds, as catalogue.ts's vesselFacts say it in English. */
const holds: Record<Vessel, string> = {
  tumbler: "लकड़ी के ढक्कन वाले, दोबारा काम आने वाले काँच के गिलास में 200 ग्राम",
  ribbed: "लकड़ी के ढक्कन वाले धारीदार काँच के गिलास में 220 ग्राम",
  amber: "पेंच वाले ढक्कन के साथ अंबर काँच के जार में 200 ग्राम",
  tin: "ढक्कन वाले सफ़री टिन में 150 ग्राम",
  matka: "हाथ से गढ़े टेराकोटा के मटके में 250 ग्राम",
  bowl: "चमकदार चीनी मिट्टी के कटोरे में 300 ग्राम",
  pillar: "7 × 10 सेमी का पिलर, इसे किसी प्लेट पर रखकर जलाएँ",
};

/** A demo product's Hindi name and description; empty (the English ones then show) for one without Hindi. */
export function demoHindiTexts(p: DemoProduct): { nameHi: string; descriptionHi: string } {
  const hi = demoHindi[p.name];
  if (!hi) return { nameHi: "", descriptionHi: "" };
  return {
    nameHi: hi.name,
    descriptionHi: `हाथ से ढाली गई सोया वैक्स कैंडल। ख़ुशबू: ${hi.notes}। सूती बत्ती, लगभग ${vesselFacts[p.vessel].hours} घंटे जलती है। ${holds[p.vessel]}।`,
  };
}
