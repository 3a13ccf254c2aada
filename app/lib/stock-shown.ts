// What a product's page shows of a stock level: "Sold out", "Only N left" for N up to FEW_LEFT,
// else "In stock" (the quantity's ceiling likewise only up to FEW_LEFT). Nothing more exact, so an
// order that leaves more than FEW_LEFT changes nothing on the page and its kept copy stays (issue
// #52). The product_versions triggers (drizzle/sqlite/0023, drizzle/pg/0021) compare the stock by
// the same rule, min(stock, FEW_LEFT + 1): tests/unit/catalogue/product-version.test.ts holds them
// to this constant.

export const FEW_LEFT = 5;

/** The stock as a product's page may know it: exact up to FEW_LEFT, else FEW_LEFT + 1 ("in stock"). */
export const shownStock = (stock: number): number => Math.min(stock, FEW_LEFT + 1);
