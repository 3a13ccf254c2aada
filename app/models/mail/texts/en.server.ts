// The words of the customer's mails in English (issue #36): the source of truth, as the shop has
// always sent them, and the type every other language's mail texts follow (`MailTexts`), so a
// text missing there fails the typecheck. Server-only: the browser's catalogue (app/lib/i18n)
// never carries them. The owner's new-order alert stays English (the admin's language) and keeps
// its words in templates.server.ts. A text with a value in it is a function.

export const en = {
  /** `lang` of the mail's HTML; English mails have none, as before. */
  htmlLang: null as string | null,
  hello: (name: string): string => `Hello ${name},`,
  questions: (email: string, phone: string): string => `Questions? Write to ${email} or call ${phone}.`,
  seeYourOrders: "See your orders",
  /** Issue #39: the one mail of "Tell me when it's back". */
  backInStock: {
    subject: (name: string): string => `${name} is back in stock`,
    heading: "It's back!",
    lead: (name: string): string => `${name} is back in stock. Order it before it sells out again:`,
    open: "See the candle",
    once: "We send this mail once: you asked us to, on our shop's page.",
    stop: "Stop all back-in-stock mails to this address:",
    stopLink: "Stop these mails",
  },
  confirmation: {
    subject: (shop: string, number: string): string => `Your ${shop} order ${number} is confirmed`,
    heading: (number: string): string => `Thank you for your order ${number}`,
    intro: (number: string): string => `Thank you for your order ${number}. Here is what you ordered:`,
    subtotal: "Subtotal",
    upiDiscount: "UPI discount",
    coupon: (code: string): string => `Code ${code}`,
    shipping: "Shipping",
    codFee: "Cash on delivery fee",
    total: "Total",
    deliveringTo: "Delivering to",
    phone: (phone: string): string => `Phone: ${phone}`,
    cod: (total: string): string =>
      `Cash on delivery: please keep ${total} ready when your order arrives. We dispatch in 2-4 business days; delivery takes 5-9 business days.`,
    invoiceAttached: "Your invoice is attached.",
    /** Issue #38: a COD order the customer confirms. */
    pleaseConfirm: "Please confirm your order",
    confirmLink: "Confirm your order",
    confirmWithin: (hours: number): string =>
      `Orders not confirmed within ${hours} hour${hours === 1 ? "" : "s"} are cancelled.`,
    /** Issue #38: a UPI order, in place of the cash-on-delivery note. */
    upi: (total: string, hours: string): string => `Pay ${total} by UPI within ${hours} hours:`,
    upiChecked: "Then send us the UPI reference (UTR) on that page: we will check your payment and mail you.",
  },
  /** Issue #38: the owner checked a UPI payment. */
  payment: {
    receivedSubject: (number: string): string => `Payment received for order ${number}`,
    receivedLead: (total: string, number: string): string =>
      `We have received your UPI payment of ${total} for order ${number}. Thank you! We will dispatch it in 2-4 business days.`,
    notFoundSubject: (number: string): string => `We could not find your payment for order ${number}`,
    notFoundLead: (utr: string, number: string): string =>
      `We could not find a UPI payment with the reference (UTR) ${utr} for order ${number}.`,
    notFoundAgain: (hours: string): string =>
      `Please check the UTR in your UPI app and send the right UTR within ${hours} hours, or pay on this page:`,
  },
  status: {
    shippedSubject: (number: string): string => `Your order ${number} is on its way`,
    shippedLead: (number: string): string => `Good news: your order ${number} has left our workshop.`,
    trackingSubject: (number: string): string => `Tracking details for your order ${number}`,
    trackingLead: (number: string): string => `Here are the updated shipping details of your order ${number}.`,
    courier: (courier: string): string => `Courier: ${courier}`,
    trackingNumber: (number: string): string => `Tracking number: ${number}`,
    alreadyPaid: "It is already paid.",
    cod: (total: string): string => `Cash on delivery: please keep ${total} ready when it arrives.`,
    deliveredSubject: (number: string): string => `Your order ${number} was delivered`,
    deliveredLead: (number: string): string => `Your order ${number} was delivered. We hope you enjoy your candles!`,
    deliveredDamage: "Something broken or not right? Write to us within 7 days of delivery with an unboxing video.",
    deliveredReview: "Liked them? You can review each candle from its page.",
    cancelledSubject: (number: string): string => `Your order ${number} was cancelled`,
    cancelledLead: (number: string): string => `Your order ${number} was cancelled.`,
    cancelledRefund: "You paid for it: we refund the amount within 5-7 business days.",
    cancelledNothingDue: "Nothing is due: it was cash on delivery.",
    cancelledNotAsked: "If you did not ask for this, please write to us and we will sort it out.",
    /** Issue #38: cancelled by the clock. */
    cancelledUnpaid:
      "We did not get a UPI reference for it in time, so the candles went back on the shelf. Nothing is due.",
    cancelledUnconfirmed: "It was not confirmed in time, so the candles went back on the shelf. Nothing is due.",
    orderAgain: "You are welcome to order again whenever you like.",
  },
  reset: {
    subject: (shop: string): string => `Reset your ${shop} password`,
    heading: "Reset your password",
    ask: (shop: string, email: string): string =>
      `Someone (we hope you) asked to reset the password of your ${shop} account, ${email}.`,
    chooseHere: "Choose a new password here:",
    choose: "Choose a new password",
    validFor: (minutes: number): string =>
      minutes % 60 === 0 ? `${minutes / 60} hour${minutes === 60 ? "" : "s"}` : `${minutes} minutes`,
    works: (validFor: string): string => `The link works once, for ${validFor}.`,
    ignore: "If you did not ask for this, ignore this mail: your password stays as it is.",
  },
};

export type MailTexts = typeof en;
