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
  // ── The shopping pages (product, reviews, cart, checkout, thank-you, the carousel, cards) ──
  product: {},
  reviews: {},
  cart: {},
  checkout: {},
  thankYou: {},
  carousel: {},
  card: {},

  // ── Account pages, the customer's orders, the site's own pages and errors ──
  auth: {},
  account: {},
  orders: {},
  footer: {},
  pages: {},
  errors: {},

  toast: {
    close: "Close",
    dismiss: (title: string): string => `Dismiss: ${title}`,
    loggingIn: "Logging in\u2026",
    creatingAccount: "Creating your account\u2026",
    loggingOut: "Logging out\u2026",
    placingOrder: "Placing your order\u2026",
    postingReview: "Posting review\u2026",
  },

  /**
   * What the server (and the forms' shared zod schemas) says back: validation messages, refusals,
   * rate limits. The schemas, models and the JSON API use these English texts (the API is never
   * translated); a Hindi page shows them through `translateFeedback` (./translate.ts), which finds
   * the English text here and says it in the page's language. A text with values is a plain
   * template (no plural branches), so that its English form can be read back into its values.
   */
  feedback: {
    required: "Required",
    atMost: (max: number): string => `At most ${max} characters.`,
    emailInvalid: "Please enter a valid email address.",
    nameRequired: "Please enter your name.",
    phoneInvalid: "Phone must be 10 digits and start with 6\u20139.",
    passwordShort: (min: number): string => `Password must be at least ${min} characters.`,
    passwordLong: "Password is too long.",
    registerIncomplete: "Please enter valid name, email, 10\u2011digit phone (no +91/0), and password.",
    formInvalid: "Please fill all fields correctly",
    loginRequired: "Email and password required",
    loginFailed: "Invalid email or password",
    emailTaken: "An account with this email already exists. Please log in instead.",
    sessionEnded: "Your session has ended. Please log in again.",
    resetSent: "If an account exists for that email, we have sent a link to reset the password. It works for 1 hour.",
    resetLinkInvalid: "This reset link has expired or was already used. Ask for a new one.",
    currentPasswordRequired: "Please enter your current password.",
    currentPasswordWrong: "Your current password is not right.",
    checkoutIncomplete: "Please complete all required fields",
    cartEmpty: "Your cart is empty",
    onlyCod: "Only cash on delivery is available for now.",
    pinInvalid: "Please enter a valid 6-digit PIN",
    pinUnavailable: "PIN service unavailable",
    pinBadResponse: "Invalid response",
    pinNotFound: "Invalid PIN",
    qtyAtLeastOne: "Quantity must be at least 1",
    qtyTooMany: (max: number): string => `At most ${max} of one item per order.`,
    productGone: "A product in your order is no longer available.",
    soldOut: (name: string): string => `${name} is sold out.`,
    onlyLeft: (stock: number, name: string): string => `Only ${stock} left of ${name}.`,
    priceChanged: (name: string, price: string): string =>
      `The price of ${name} is now ${price}. Please review your order.`,
    notEnoughToReopen: (name: string): string => `Not enough stock of ${name} to reopen this order.`,
    ratingInvalid: "Rating must be a whole number from 1 to 5.",
    commentTooLong: (max: number): string => `Please keep the comment under ${max} characters.`,
    reviewSubmitted: "Review submitted",
    reviewUpdated: "Review updated",
    reviewedAlready: "You reviewed this product. Posting again updates your review.",
    networkError: "Waking server or network issue. Please try again in a moment.",
    tooManyLoginsForEmail: "Too many failed logins for this email. Please wait a minute and try again.",
    tooManyLogins: "Too many failed logins. Please wait a minute and try again.",
    tooManyAccounts: "Too many new accounts from your network. Please try again later.",
    tooManyResetsForEmail: "Too many reset requests for this email. Please check your inbox or try again in an hour.",
    tooManyResets: "Too many reset requests from your network. Please try again later.",
    tooManyResetLinks: "Too many attempts with reset links. Please wait a few minutes and try again.",
    tooManyReviews: "You are posting reviews too fast. Please wait a minute.",
    tooManyOrders: "Too many orders in a minute. Please wait and try again.",
    tooManySearches: "Too many searches from your network. Please wait a minute and try again.",
  },
};

/** What every catalogue holds: the English one's keys, with the same kinds of message. */
export type Messages = typeof en;
