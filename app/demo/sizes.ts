// Demo candles that come in sizes (issue #37). The first size of each is the candle as the demo
// catalogue has always sold it (its price, MRP and stock in catalogue.ts), so the product row,
// which mirrors its default size, reads as before and the shop's cards, sorts and prices stay
// put; the larger sizes come after it, dearer. None is a candle a spec buys by name or the newest
// (Marigold Genda, the first card a shopper clicks in hindi-shopping.spec).
import type { DemoProduct } from "./catalogue";

export type DemoSize = {
  label: string;
  labelHi: string;
  sku: string;
  price: number; // rupees
  mrp?: number; // rupees
  stock: number;
};

type Larger = Omit<DemoSize, "sku">;

const JAR_200: Omit<Larger, "price" | "mrp" | "stock"> = { label: "200 g jar", labelHi: "200 ग्राम जार" };
const BOWL_450: Omit<Larger, "price" | "mrp" | "stock"> = {
  label: "450 g 3-wick bowl",
  labelHi: "450 ग्राम 3-बत्ती बाउल",
};

/** By demo candle: the default size's label and SKU stem, then the larger sizes. */
const sized: Record<string, { label: string; labelHi: string; sku: string; larger: Larger[] }> = {
  "Black Cherry": {
    label: "200 g tumbler",
    labelHi: "200 ग्राम टम्बलर",
    sku: "CHE",
    larger: [{ ...BOWL_450, price: 949, mrp: 1199, stock: 12 }],
  },
  "Lemongrass Zest": {
    label: "100 g tin",
    labelHi: "100 ग्राम टिन",
    sku: "LEM",
    larger: [{ ...JAR_200, price: 649, mrp: 799, stock: 20 }],
  },
  "Coffee House": {
    label: "100 g tin",
    labelHi: "100 ग्राम टिन",
    sku: "COF",
    larger: [
      { ...JAR_200, price: 799, stock: 15 },
      { ...BOWL_450, price: 1399, stock: 6 },
    ],
  },
  "Alphonso Mango": {
    label: "100 g tin",
    labelHi: "100 ग्राम टिन",
    sku: "MAN",
    larger: [
      { ...JAR_200, price: 799, stock: 14 },
      { ...BOWL_450, price: 1299, stock: 5 },
    ],
  },
  "Green Tea": {
    label: "250 g pillar",
    labelHi: "250 ग्राम पिलर",
    sku: "TEA",
    larger: [{ label: "500 g large pillar", labelHi: "500 ग्राम बड़ा पिलर", price: 799, stock: 20 }],
  },
  Rajnigandha: {
    label: "250 g pillar",
    labelHi: "250 ग्राम पिलर",
    sku: "RAJ",
    larger: [{ label: "500 g large pillar", labelHi: "500 ग्राम बड़ा पिलर", price: 999, mrp: 1199, stock: 16 }],
  },
  "Masala Chai": {
    label: "200 g clay matka",
    labelHi: "200 ग्राम मिट्टी का मटका",
    sku: "CHA",
    larger: [{ label: "400 g clay matka", labelHi: "400 ग्राम मिट्टी का मटका", price: 899, stock: 10 }],
  },
};

const grams = (label: string) => label.match(/^\d+/)?.[0] ?? "X";

/** A demo candle's sizes, its own figures first; none for a candle sold in one size. */
export function demoSizes(p: DemoProduct): DemoSize[] {
  const s = sized[p.name];
  if (!s) return [];
  const first: DemoSize = { label: s.label, labelHi: s.labelHi, sku: "", price: p.price, mrp: p.mrp, stock: p.stock };
  return [first, ...s.larger].map((size) => ({ ...size, sku: `${s.sku}-${grams(size.label)}` }));
}
