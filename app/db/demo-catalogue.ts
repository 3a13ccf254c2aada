// The demo catalogue seeded into an empty database. Deterministic, so every fresh
// install (and every test database) shows the same shop.

type DemoProduct = {
  name: string;
  notes: string;
  hue: number;
  price: number; // rupees
  mrp?: number; // rupees
  stock: number;
  images: number; // 1–4
  mood: number; // 0 (mixed reviews) … 4 (loved)
};

export const demoProducts: DemoProduct[] = [
  { name: "Lavender Fields", notes: "French lavender and a touch of chamomile", hue: 270, price: 499, mrp: 699, stock: 40, images: 4, mood: 4 },
  { name: "Mysore Sandalwood", notes: "creamy sandalwood with warm amber", hue: 30, price: 749, mrp: 899, stock: 25, images: 3, mood: 4 },
  { name: "Jasmine Night", notes: "night-blooming jasmine and soft musk", hue: 55, price: 549, stock: 30, images: 2, mood: 3 },
  { name: "Rose Garden", notes: "Damask rose petals and green leaves", hue: 345, price: 599, mrp: 799, stock: 18, images: 4, mood: 3 },
  { name: "Vanilla Bean", notes: "Madagascar vanilla and toasted sugar", hue: 40, price: 449, stock: 60, images: 2, mood: 4 },
  { name: "Lemongrass Zest", notes: "Kerala lemongrass and lime peel", hue: 80, price: 399, mrp: 499, stock: 35, images: 3, mood: 2 },
  { name: "Masala Chai", notes: "cardamom, ginger, clove and black tea", hue: 20, price: 549, stock: 22, images: 4, mood: 4 },
  { name: "Mogra Bloom", notes: "fresh mogra garlands at dusk", hue: 150, price: 649, mrp: 749, stock: 14, images: 1, mood: 3 },
  { name: "Coffee House", notes: "dark roast coffee and cocoa nibs", hue: 25, price: 499, stock: 28, images: 2, mood: 2 },
  { name: "Ocean Breeze", notes: "sea salt, driftwood and sage", hue: 200, price: 449, mrp: 549, stock: 45, images: 3, mood: 1 },
  { name: "Cinnamon Spice", notes: "Ceylon cinnamon and baked apple", hue: 15, price: 399, stock: 50, images: 2, mood: 3 },
  { name: "Eucalyptus Mint", notes: "Nilgiri eucalyptus and cool spearmint", hue: 165, price: 449, stock: 33, images: 4, mood: 2 },
  { name: "Monsoon Mitti", notes: "first rain on dry earth", hue: 35, price: 699, mrp: 849, stock: 12, images: 3, mood: 4 },
  { name: "Alphonso Mango", notes: "ripe Alphonso mango and peach", hue: 45, price: 499, stock: 26, images: 1, mood: 1 },
  { name: "Coconut Cream", notes: "coconut milk and white vanilla", hue: 60, price: 449, stock: 38, images: 2, mood: 2 },
  { name: "Orange Blossom", notes: "neroli, orange blossom and honey", hue: 30, price: 549, mrp: 599, stock: 20, images: 3, mood: 3 },
  { name: "Cedarwood Forest", notes: "Himalayan cedar, pine needles and moss", hue: 110, price: 799, stock: 16, images: 4, mood: 3 },
  { name: "Green Tea", notes: "Darjeeling green tea and bamboo", hue: 95, price: 399, stock: 42, images: 1, mood: 0 },
  { name: "Kesar Saffron", notes: "Kashmiri saffron and rose water", hue: 35, price: 1299, mrp: 1499, stock: 8, images: 4, mood: 4 },
  { name: "Khus Vetiver", notes: "cooling khus roots and citrus", hue: 130, price: 649, stock: 19, images: 2, mood: 2 },
  { name: "Rajnigandha", notes: "tuberose and white florals", hue: 320, price: 599, mrp: 699, stock: 24, images: 3, mood: 1 },
  { name: "Peppermint Frost", notes: "peppermint and winter birch", hue: 185, price: 449, stock: 0, images: 2, mood: 2 },
  { name: "Honey Oat", notes: "wildflower honey and warm oats", hue: 42, price: 399, stock: 31, images: 1, mood: 3 },
  { name: "Champa Frangipani", notes: "frangipani, champa and sandal", hue: 50, price: 599, stock: 27, images: 3, mood: 0 },
  { name: "Black Cherry", notes: "dark cherry and almond", hue: 350, price: 549, mrp: 649, stock: 21, images: 2, mood: 1 },
  { name: "Earl Grey Bergamot", notes: "bergamot, black tea and lavender", hue: 240, price: 649, stock: 17, images: 4, mood: 3 },
  { name: "Pine & Cardamom", notes: "pine resin and green cardamom", hue: 140, price: 699, mrp: 799, stock: 13, images: 2, mood: 2 },
  { name: "Marigold Genda", notes: "marigold, basil and temple incense", hue: 32, price: 499, stock: 36, images: 3, mood: 4 },
];

export const reviewerNames = [
  "Aarav", "Diya", "Ishaan", "Ananya", "Kabir", "Meera", "Rohan", "Saanvi", "Vihaan", "Priya",
  "Arjun", "Kavya", "Neha Sharma", "Rahul K", "Fatima", "Joseph", "Harpreet", "Lakshmi", "", "Sneha",
];

export const reviewComments: Record<number, string[]> = {
  5: ["Absolutely love this scent, fills the whole room.", "Burns clean and even. Ordering again!", "Beautiful jar, lovely gift."],
  4: ["Very nice fragrance, a little subtle in a big room.", "Good burn time, packaging was neat.", "Pleasant and calming."],
  3: ["Nice, but the throw is weaker than I hoped.", "Okay for the price.", "Smells good when lit, mild when cold."],
  2: ["Tunnelled a bit on the first burn.", "Scent faded after a week."],
  1: ["Arrived with a cracked lid.", "Not for me, too strong."],
};
