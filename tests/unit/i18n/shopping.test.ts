// The shopping pages' texts with a number in them (issue #36): Hindi chooses its own plural and
// word order; English keeps the words the pages said before the catalogue.
import { describe, expect, it } from "vitest";
import { en } from "~/lib/i18n/en";
import { hi } from "~/lib/i18n/hi";
import { sortOptions } from "~/lib/shop-query";

describe("the shopping texts with a number", () => {
  it("Hindi says one and many as Hindi does", () => {
    expect(hi.product.onlyLeft(1)).toBe("केवल 1 बची है");
    expect(hi.product.onlyLeft(3)).toBe("केवल 3 बची हैं");
    expect(hi.cart.onlyInStock(1)).toBe("स्टॉक में केवल 1 है");
    expect(hi.cart.onlyInStock(4)).toBe("स्टॉक में केवल 4 हैं");
    expect(hi.checkout.items(1)).toBe("1 चीज़");
    expect(hi.checkout.items(2)).toBe("2 चीज़ें");
    expect(hi.card.reviews(1)).toBe("समीक्षा");
    expect(hi.card.reviews(7)).toBe("समीक्षाएँ");
    expect(hi.shop.pageOf(2, 3)).toBe(" · 3 में से पेज 2");
  });

  it("English says what the pages said", () => {
    expect(en.product.onlyLeft(2)).toBe("Only 2 left");
    expect(en.product.reviews(1)).toBe("review");
    expect(en.product.reviews(2)).toBe("reviews");
    expect(en.checkout.items(1)).toBe("1 item");
    expect(en.checkout.items(5)).toBe("5 items");
    expect(en.shop.pageOf(2, 3)).toBe(" · page 2 of 3");
    expect(en.cart.onlyInStock(4)).toBe("Only 4 in stock");
  });

  it("the sort select keeps its values in both languages, with the page's labels", () => {
    expect(sortOptions("")).toEqual([
      { value: "", label: "Newest" },
      { value: "price-asc", label: "Price low to high" },
      { value: "price-desc", label: "Price high to low" },
      { value: "rating-desc", label: "Top rated" },
    ]);
    expect(sortOptions("rose", hi.shop.sortLabels).map((o) => [o.value, o.label])).toEqual([
      ["relevance", "सबसे मिलते-जुलते"],
      ["createdAt-desc", "सबसे नए"],
      ["price-asc", "क़ीमत: कम से ज़्यादा"],
      ["price-desc", "क़ीमत: ज़्यादा से कम"],
      ["rating-desc", "सबसे अच्छी रेटिंग"],
    ]);
  });
});
