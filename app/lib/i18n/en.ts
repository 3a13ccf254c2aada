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
    /** The description of a page that has none of its own. */
    siteDescription: "Hand-poured soy wax candles, made in India. Cash on delivery across India.",
    whyTitle: "Why choose us",
    whyNatural: "100% natural soy wax, clean and slow burning",
    whyWicks: "Lead-free cotton wicks and phthalate-free fragrances",
    whyHandPoured: "Hand-poured in small batches in India",
    whyCod: "Cash on delivery and a flat ₹49 shipping charge",
    shopNow: "Shop Now",
    bestSellers: "Best Sellers",
    /** The home page's title, after the shop's name. */
    tagline: "Hand-poured soy candles",
    description: "Hand-poured soy wax candles made in India. Cash on delivery, shipped across India.",
    /** The heading of the home page's collection links (issue #37). */
    collections: "Shop by collection",
  },
  shop: {
    title: "Shop",
    search: "Search",
    searchPlaceholder: "Search: lavender, sandalwood…",
    /** "12 products", "1 product". */
    products: (count: number): string => (count === 1 ? "product" : "products"),
    description: "Browse hand-poured soy candles: search, sort by price or rating.",
    /** The title of a search's results: the words searched, quoted. */
    searchTitle: (q: string): string => `“${q}”`,
    /** After the count: " for “lavender”". */
    forQuery: (q: string): string => ` for “${q}”`,
    /** After the count: " · page 2 of 3". */
    pageOf: (page: number, pages: number): string => ` · page ${page} of ${pages}`,
    sort: "Sort",
    /** The sort select's options, by their value (app/lib/shop-query.ts keeps the values). */
    sortLabels: {
      relevance: "Best match",
      "createdAt-desc": "Newest",
      "price-asc": "Price low to high",
      "price-desc": "Price high to low",
      "rating-desc": "Top rated",
    },
    perPage: "Per page",
    apply: "Apply",
    /** "Did you mean <link>lavender</link>?": the words before the link and after it. */
    didYouMean: "Did you mean ",
    didYouMeanEnd: "?",
    noMatch: "No products match your search.",
    clearSearch: "Clear search",
    productsHeading: "Products",
    loadFailed: "Failed to load products",
    retry: "Retry",
    pages: "Pages",
    prev: "Prev",
    next: "Next",
    page: (page: number): string => `Page ${page}`,
    /** The row of collection links above the products (issue #37): its label and first link. */
    collections: "Collections",
    allCollections: "All",
    noSuchCollection: "There is no such collection.",
    emptyCollection: "No products in this collection yet.",
    showAll: "Show all products",
    /** A collection page's description when the owner wrote none. */
    collectionDescription: (name: string): string => `${name}: hand-poured soy candles from RK Candles.`,
  },
  // ── The shopping pages (product, reviews, cart, checkout, thank-you, the carousel, cards) ──
  product: {
    notFound: "Product not found",
    notFoundText: "This candle is not in our shop (any more).",
    somethingWrong: "Something went wrong",
    tryAgain: "Please try again in a moment.",
    backToShop: "Back to the shop",
    morePictures: "More pictures",
    pictureOf: (n: number, of: number): string => `Picture ${n} of ${of}`,
    quantity: "Quantity",
    adding: "Adding…",
    addToCart: "Add to Cart",
    inclTaxes: "Inclusive of all taxes",
    /** After the count of reviews: "1 review", "3 reviews". */
    reviews: (count: number): string => (count === 1 ? "review" : "reviews"),
    soldOut: "Sold out",
    onlyLeft: (stock: number): string => `Only ${stock} left`,
    inStock: "In stock",
    cod: "Cash on delivery",
    /** After "Cash on delivery" in bold. */
    codText: ": pay when your candles arrive",
    dispatch: (dispatchDays: string, deliveryDays: string): string =>
      `Dispatched in ${dispatchDays} business days, delivered in ${deliveryDays} business days`,
    broken: "Arrived broken? Claim within 7 days of delivery.",
    refundPolicy: "Refund policy",
    /** The legend of a product's size choice (issue #37). */
    size: "Size",
  },
  /** "Tell me when it's back" on a sold-out product or size (issue #39, STOCK_ALERTS). */
  stockAlert: {
    title: "Tell me when it's back",
    text: "Leave your email and we will write to you once, when it is back in stock.",
    email: "Your email",
    submit: "Tell me when it's back",
    sending: "Saving…",
    /** The toast after signing up: the same whether or not the address was already waiting. */
    saved: "We will mail you when it is back",
    /** On a sold-out size's label: a link that chooses it, to ask for its mail. */
    askForSize: "Tell me when it's back",
    stopTitle: "Stop back-in-stock mails",
    stopText: (email: string): string => `Stop all back-in-stock mails to ${email}?`,
    stopButton: "Stop these mails",
    stopped: "Done: we will not send back-in-stock mails to this address.",
    stopInvalid: "This link is not valid. Please use the link in your mail.",
    backToShop: "Back to the shop",
  },
  reviews: {
    title: "Reviews",
    none: "No reviews yet.",
    /** A reviewer without a name. */
    anonymous: "User",
    loginToReview: "Please login to write a review.",
    login: "Login",
    update: "Update your review",
    write: "Write a review",
    rating: "Rating",
    stars: (n: number): string => `${n} ${n === 1 ? "star" : "stars"}`,
    comment: "Comment",
    submit: "Submit review",
  },
  cart: {
    title: "Cart",
    description: (shop: string): string =>
      `Your cart at ${shop}: hand-poured soy candles, cash on delivery across India.`,
    empty: "Your cart is empty.",
    goToShop: "Go to Shop",
    /** After a line's price: "₹349.00 each". */
    each: " each",
    gone: "No longer available",
    soldOut: "Sold out",
    short: "Not enough in stock",
    onlyLeft: (stock: number): string => `Only ${stock} left`,
    quantityOf: (name: string): string => `Quantity of ${name}`,
    update: "Update",
    remove: "Remove",
    removeName: (name: string): string => `Remove ${name}`,
    summary: "Summary",
    proceed: "Proceed to Checkout",
    removeUnavailable: "Remove the unavailable items (or lower their quantity) to check out.",
    clear: "Clear Cart",
    subtotal: "Subtotal",
    shipping: "Shipping",
    total: "Total",
    /** Issue #38: off the goods for paying by UPI, and the cash-on-delivery fee. */
    upiDiscount: "UPI discount",
    codFee: "Cash on delivery fee",
    /** The cart's note when UPI takes something off. */
    upiSaves: (amount: string): string => `Pay by UPI at checkout and save ${amount}.`,
    /** Issue #39: the coupon code field, its discount line and its answers. */
    couponLabel: "Coupon code",
    couponApply: "Apply",
    couponRemove: "Remove code",
    couponLine: (code: string): string => `Code ${code}`,
    couponApplied: (code: string): string => `Code ${code} applied`,
    couponRemoved: "The code was removed from your cart.",
    freeShipping: "Free",
    // The answers of Add to Cart (toasts).
    productGone: "That product is no longer available",
    soldOutToast: "Sorry, this candle is sold out",
    added: "Added to cart",
    onlyInStock: (stock: number): string => `Only ${stock} in stock`,
    viewCart: "View cart",
    /** A line whose size the owner removed left the cart (issue #37). */
    sizeGone: (names: string): string => `${names}: that size is no longer available and was removed from your cart`,
  },
  checkout: {
    title: "Checkout",
    contact: "Contact",
    name: "Name",
    email: "Email",
    phone: "Phone",
    phoneHint: "10-digit mobile number",
    shippingAddress: "Shipping address",
    address: "Address",
    pin: "PIN",
    city: "City",
    state: "State",
    lookingUp: "Looking up…",
    lookUp: "Look up",
    total: "Total",
    /** Under the total: "(incl. shipping ₹49.00)", then the count. */
    inclShipping: (amount: string): string => `(incl. shipping ${amount})`,
    items: (count: number): string => (count === 1 ? "1 item" : `${count} items`),
    placeOrder: "Place Order (Cash on Delivery)",
    /** Place Order where the shopper chooses how to pay (issue #38). */
    placeOrderChoice: "Place Order",
    payOnline: "Pay Online (Coming Soon)",
    orderSummary: "Order summary",
    unavailable: " (unavailable)",
    editCart: "Edit cart",
    goToShop: "Go to Shop",
    /** Why Place Order is disabled: what the form still needs, by the fields' labels. */
    missing: (incomplete: string, fields: string): string => `${incomplete}: ${fields}.`,
    pinLookingUp: "Looking up your PIN…",
    pinCheck: "Please check the PIN.",
    unavailableItems: "Some items in your cart are no longer available. Please review your cart.",
    formOutOfDate: "This checkout form is out of date. Please reload the page and place your order again.",
    statePutFromPin: (pin: string, state: string): string =>
      `PIN ${pin} is in ${state}, so we have put ${state} as the state. Please check your address and place the order again.`,
    placed: "Order placed!",
    // /coming-soon (and /pay/online)
    comingSoonTitle: "Online payments coming soon",
    comingSoon: "Online payments are coming soon",
    comingSoonText: "For now, every order is paid by cash on delivery.",
    backToCheckout: "Back to checkout",
    continueShopping: "Continue shopping",
  },
  thankYou: {
    title: "Thank you",
    heading: "Thank you!",
    /** "Your order <strong>RK-…</strong> has been placed. …": the words before the number and after it. */
    orderBefore: "Your order ",
    orderAfter: " has been placed. You will pay cash on delivery.",
    paid: "Paid",
    toPay: "To pay in cash on delivery",
    inclShipping: (amount: string): string => `incl. shipping ${amount}`,
    expectedDelivery: "Expected delivery",
    dispatchNote: (dispatchDays: string, deliveryDays: string): string =>
      `We dispatch within ${dispatchDays} business days; delivery takes ${deliveryDays} business days (Monday to Saturday, national holidays excepted).`,
    yourOrder: "Your order",
    deliveryAddress: "Delivery address",
    phone: (phone: string): string => `Phone ${phone}`,
    viewOrders: "View my orders",
    continueShopping: "Continue shopping",
    notFound: "Order not found",
    notFoundText: "We could not find that order.",
    courier: (courier: string): string => `Courier: ${courier}`,
    trackingNumber: "Tracking number: ",
  },
  carousel: {
    label: "Highlights",
    slides: [
      {
        title: "Hand-poured soy candles",
        text: "Small batches of natural soy wax with cotton wicks.",
        cta: "Shop Now",
      },
      { title: "Scents of India", text: "Mogra, masala chai, monsoon mitti and more.", cta: "Best Sellers" },
      { title: "Cash on delivery", text: "Shipped anywhere in India. Flat ₹49 shipping.", cta: "Start shopping" },
    ],
    slideOf: (n: number, of: number): string => `${n} of ${of}`,
    prev: "Previous slide",
    next: "Next slide",
    choose: "Choose a slide",
    slide: (n: number): string => `Slide ${n}`,
  },
  card: {
    /** After the count of reviews, for a screen reader: "(3 reviews)". */
    reviews: (count: number): string => (count === 1 ? "review" : "reviews"),
    soldOut: "Sold out",
    /** Before the struck-through MRP, for a screen reader. */
    mrp: "MRP ",
    off: (percent: number): string => `${percent}% off`,
    rated: (rating: string): string => `Rated ${rating} out of 5`,
    /** A product whose sizes differ in price: "from ₹349.00" (issue #37). */
    from: (price: string): string => `from ${price}`,
  },

  // ── Account pages, the customer's orders, the site's own pages and errors ──
  auth: {
    login: "Login",
    signUp: "Sign up",
    createAccount: "Create account",
    email: "Email",
    password: "Password",
    name: "Name",
    phone: "Phone",
    phoneHint: "Enter 10\u2011digit mobile without +91/0 (starts 6\u20139)",
    checkoutNote: "Log in or sign up to place your order; your cart is kept",
    forgotLink: "Forgot password?",
    forgotAfter: " We can mail you a link to choose a new one.",
    newHere: "New here?",
    haveAccount: "Already have an account?",
    welcomeBack: "Welcome back!",
    hiName: (name: string): string => `Hi ${name} 👋`,
    accountCreated: "Account created!",
    welcomeName: (name: string): string => `Welcome, ${name}!`,
    loggedOut: "Logged out",
    forgotTitle: "Forgot password",
    forgotIntro: "Enter the email of your account. We will send you a link to choose a new password.",
    sendResetLink: "Send reset link",
    remembered: "Remembered it?",
    checkEmail: "Check your email",
    noMailBefore: "No mail after a few minutes? Look in the spam folder, or ",
    askAgain: "ask again",
    /** After the "ask again" link: a full stop. */
    noMailAfter: ".",
    rememberedAfterAll: "Remembered it after all?",
    resetTitle: "Choose a new password",
    resetInvalidTitle: "Reset link not valid",
    askNewLink: "Ask for a new link",
    resetForAccount: "For the account ",
    resetRules: ". At least 6 characters. Every device logged in to this account will be logged out.",
    newPassword: "New password",
    setNewPassword: "Set new password",
    passwordChanged: "Password changed",
    loggedInName: (name: string): string => `You are logged in, ${name}.`,
  },
  account: {
    title: "Account",
    email: "Email: ",
    yourDetails: "Your details",
    saveDetails: "Save details",
    changePassword: "Change password",
    currentPassword: "Current password",
    newPassword: "New password",
    passwordHint: "Changing the password logs you out on every other device.",
    passwordChanged: "Password changed",
    otherDevicesOut: "Other devices have been logged out.",
    updated: "Account updated",
  },
  orders: {
    title: "My Orders",
    refresh: "Refresh",
    none: "You have no orders yet.",
    goToShop: "Go to Shop",
    /** Before the order's number: "Order RK-…". */
    order: "Order ",
    /** The status as the customer reads it; the stored value and the API stay English. */
    status: {
      Placed: "Placed",
      Processing: "Processing",
      Shipped: "Shipped",
      Delivered: "Delivered",
      Cancelled: "Cancelled",
    },
    paid: "Paid",
    notPaid: "Not paid",
    /** Around the order's date: "Placed 4 Dec · Cash on delivery". */
    placedBefore: "Placed ",
    placedAfter: " · Cash on delivery",
    /** Each before its amount: "Subtotal ₹1,397.00 · Shipping ₹49.00 · Total ₹1,446.00". */
    subtotal: "Subtotal ",
    shipping: " · Shipping ",
    total: "Total ",
    invoice: "Download invoice",
    loginToView: "Please login to view your orders",
    serverWaking: "Server is waking up or temporary issue. Please try again.",
    loadFailed: "Failed to load orders",
    networkRetry: "Network issue or server waking up. Please retry.",
    login: "Login",
    retrying: "Retrying…",
    retry: "Retry",
  },
  footer: {
    support: "Support",
    whatsapp: "Chat on WhatsApp",
    followUs: "Follow us",
    policies: "Policies",
    about: "About",
    terms: "Terms",
    privacy: "Privacy",
    refund: "Refund & Returns",
    fineprint: "Hand-poured in India · Cash on delivery · Prices in ₹ (INR)",
  },
  errors: {
    somethingWrong: "Something went wrong",
    tryAgain: "Please try again in a moment.",
    notFound: "Page not found",
    status: (status: number): string => `Error ${status}`,
    notFoundDetails: "We could not find that page.",
    goHome: "Go to the home page",
  },

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
    /** Issue #38: COD_MAX_RUPEES. */
    codOverLimit: (max: string): string =>
      `Cash on delivery is available for orders up to ${max}. Please pay by UPI for this order.`,
    /** Issue #50: a total of ₹0 has nothing a UPI app could be asked to pay. */
    upiNothingToPay: "There is nothing to pay for this order. Please choose cash on delivery.",
    /** Issue #38: the UTR of a UPI payment. */
    utrInvalid: "The UPI reference (UTR) is the 12 digits your UPI app shows for the payment.",
    utrTaken: "This UPI reference (UTR) was already sent for another order. Please check it in your UPI app.",
    utrNotAwaited: "This order is not waiting for a UPI payment.",
    /** Issue #39: why a coupon code does not apply, each its own. */
    couponCodeInvalid: "A coupon code is 3 to 20 letters or digits.",
    couponUnknown: (code: string): string => `There is no coupon code ${code}. Please check it.`,
    couponNotStarted: (code: string): string => `The code ${code} is not valid yet.`,
    couponExpired: (code: string): string => `The code ${code} has expired.`,
    couponPaused: (code: string): string => `The code ${code} is paused at the moment.`,
    couponUsedUp: (code: string): string => `The code ${code} has been used up.`,
    couponUsedUpForYou: (code: string): string => `You have already used the code ${code} as often as it allows.`,
    couponBelowMinimum: (code: string, min: string): string => `The code ${code} is for orders of ${min} or more.`,
    /** Issue #50: coupon codes tried too often. */
    tooManyCouponTries: "Too many coupon codes were tried from your network. Please try again later.",
    tooManyCouponTriesForYou: "You have tried many coupon codes. Please try again in a few minutes.",
    pinInvalid: "Please enter a valid 6-digit PIN",
    pinUnavailable: "PIN service unavailable",
    pinBadResponse: "Invalid response",
    pinNotFound: "Invalid PIN",
    qtyAtLeastOne: "Quantity must be at least 1",
    qtyTooMany: (max: number): string => `At most ${max} of one item per order.`,
    productGone: "A product in your order is no longer available.",
    /** An order names a size its product does not have (any more): issue #37. */
    sizeGone: "A size in your order is no longer available.",
    soldOut: (name: string): string => `${name} is sold out.`,
    onlyLeft: (stock: number, name: string): string => `Only ${stock} left of ${name}.`,
    /** Issue #50: Place Order's total differs from the one its page showed. */
    totalChanged: (total: string): string =>
      `The total of this order has changed: it is now ${total}. Please check it and place the order again.`,
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
    /** Issue #39: "Tell me when it's back". */
    alertInStock: "This candle is in stock: you can order it now.",
    alertUnknown: "This candle is not in our shop (any more).",
    tooManyAlertsForEmail: "Too many requests for this email. Please try again in an hour.",
    tooManyAlerts: "Too many requests from your network. Please try again later.",
    tooManyOrders: "Too many orders in a minute. Please wait and try again.",
    /** Issue #50: unpaid UPI orders hold their stock, so a customer may have only a few at once. */
    tooManyUnpaidUpi:
      "You have UPI orders waiting for payment. Please pay for them, or let them lapse, before placing another UPI order.",
    tooManyUpiOrders: "Too many UPI orders from your network. Please try again later.",
    tooManySearches: "Too many searches from your network. Please wait a minute and try again.",
    tooManyConfirmLinks: "Too many attempts with confirm links. Please wait a few minutes and try again.",
  },
};

/** What every catalogue holds: the English one's keys, with the same kinds of message. */
export type Messages = typeof en;
