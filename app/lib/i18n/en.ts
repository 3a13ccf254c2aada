// The English catalogue: the source of truth for every text the storefront shows, holding the
// specification's exact words (issue #36). Every other language's catalogue is typed by this one
// (`Messages`), so a key missing or misspelt there, or a message with other parameters, fails
// the typecheck. A text with a number or a name in it is a function (returning `string`, so that
// the other languages may say something else): each language puts the value where its grammar
// wants it, and chooses its own plural.
//
// Grouped by where the text shows. A new feature adds its texts here and to every other catalogue.

export const en = {
  nav: {
    skipToContent: "Skip to content",
    home: "Home",
    shop: "Shop",
    myOrders: "My Orders",
    account: "Account",
    admin: "Admin",
    cart: "Cart",
    logout: "Logout",
    login: "Login",
    signUp: "Sign up",
    menu: "Menu",
    search: "Search",
    /** The cart button's count, for a screen reader. */
    cartItems: (count: number): string => `${count} items`,
    mainLabel: "Main",
  },
  home: {
    whyTitle: "Why choose us",
    whyNatural: "100% natural soy wax, clean and slow burning",
    whyWicks: "Lead-free cotton wicks and phthalate-free fragrances",
    whyHandPoured: "Hand-poured in small batches in India",
    whyCod: "Cash on delivery and a flat ₹49 shipping charge",
    shopNow: "Shop Now",
    bestSellers: "Best Sellers",
  },
  shop: {
    title: "Shop",
    search: "Search",
    searchPlaceholder: "Search: lavender, sandalwood…",
    /** "12 products", "1 product". */
    products: (count: number): string => (count === 1 ? "product" : "products"),
  },
};

/** What every catalogue holds: the English one's keys, with the same kinds of message. */
export type Messages = typeof en;
