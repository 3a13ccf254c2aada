// The shopper's texts about paying (issue #38): the checkout's choice, the UPI payment page, the
// COD confirmation page and where a payment stands. A catalogue of its own beside the shared one
// (decision 0014, as pages.ts), so that only the pages that speak of payment carry it. English is
// the source of truth; Hindi is typed by it. The admin's pages stay English.
import type { Language } from "./languages";
import { metaLanguage, useLanguage } from "./messages";

const en = {
  // Checkout: how to pay.
  howToPay: "How would you like to pay?",
  cod: "Cash on delivery",
  upi: "Pay by UPI",
  codTotal: (total: string): string => `Pay ${total} in cash when it arrives`,
  upiTotal: (total: string): string => `Pay ${total} now from your UPI app (GPay, PhonePe, Paytm, BHIM…)`,
  saveWithUpi: (amount: string): string => `Save ${amount} with UPI`,
  codUpTo: (max: string): string => `Cash on delivery up to ${max}`,
  // A COD order the customer confirms (COD_CONFIRM): its confirm page and My Orders.
  confirmTitle: "Confirm your order",
  confirmHeading: (number: string): string => `Confirm your order ${number}`,
  confirmLead: "Please check your order and confirm it, so that we can pack it for you.",
  confirmCod: (total: string): string => `Cash on delivery: you pay ${total} when it arrives.`,
  confirmBy: (when: string): string => `Please confirm by ${when}, or the order is cancelled.`,
  confirmButton: "Confirm order",
  confirmed: (number: string): string => `Order ${number} is confirmed. Thank you!`,
  confirmedNext: "We will pack it and mail you when it is on its way.",
  alreadyConfirmed: (number: string): string => `Order ${number} is already confirmed.`,
  confirmCancelled: (number: string): string => `Order ${number} was cancelled, so there is nothing to confirm.`,
  linkInvalid: "This link is not valid",
  linkInvalidHelp: "It may be cut short or mistyped. Your orders and where they stand are under My Orders.",
  waitingConfirm: "Waiting for your confirmation.",
  waitingConfirmBy: (when: string): string =>
    `Waiting for your confirmation: please confirm by ${when}, or the order is cancelled.`,
  confirmedLabel: "Confirmed",
  // The UPI payment page, /orders/:id/pay.
  payTitle: "Pay by UPI",
  payHeading: (number: string): string => `Pay for order ${number}`,
  amountToPay: "Amount to pay",
  scanQr: "Or scan this QR code with any UPI app:",
  qrLabel: (amount: string): string => `UPI QR code to pay ${amount}`,
  payWithApp: "Pay with a UPI app",
  upiId: "Or pay to this UPI ID:",
  hold: (hours: string, time: string): string => `We keep your candles for ${hours} hours: pay by ${time}.`,
  afterPaying: "After paying",
  utrLabel: "UPI reference (UTR), 12 digits",
  utrHint: "Your UPI app shows it with the payment, as UTR, UPI Ref. No. or Transaction ID.",
  sendUtr: "Send UTR",
  utrSent: "Thank you: we will check your payment and mail you.",
  checkingHeading: "Payment being checked",
  checkingText: "We will check your payment and mail you.",
  yourUtr: (utr: string, time: string): string => `UPI reference (UTR) ${utr}, sent ${time}.`,
  paidHeading: "Paid",
  paidText: (time: string): string => `We received your payment on ${time}. Thank you!`,
  cancelledHeading: "This order was cancelled",
  cancelledText: "It was not paid in time, so the candles went back on the shelf. Nothing is due.",
  viewOrders: "View your orders",
  // The thank-you page and My Orders.
  /** After the order's number on the thank-you page of a UPI order (in place of "…cash on delivery."). */
  placedUpi: " has been placed. Pay by UPI to have it dispatched.",
  payAmountByUpi: (amount: string): string => `Pay ${amount} by UPI`,
  payNow: "Pay now",
  awaiting: "Awaiting payment",
  checking: (utr: string): string => `Payment being checked (UTR ${utr})`,
  paid: "Paid",
};

export type PaymentTexts = typeof en;

const hi: PaymentTexts = {
  howToPay: "आप कैसे भुगतान करना चाहेंगे?",
  cod: "कैश ऑन डिलीवरी",
  upi: "UPI से भुगतान",
  codTotal: (total) => `ऑर्डर पहुँचने पर ${total} नक़द दें`,
  upiTotal: (total) => `अभी अपने UPI ऐप (GPay, PhonePe, Paytm, BHIM…) से ${total} भुगतान करें`,
  saveWithUpi: (amount) => `UPI से ${amount} बचाएँ`,
  codUpTo: (max) => `${max} तक कैश ऑन डिलीवरी`,
  confirmTitle: "अपना ऑर्डर कन्फ़र्म करें",
  confirmHeading: (number) => `अपना ऑर्डर ${number} कन्फ़र्म करें`,
  confirmLead: "कृपया अपना ऑर्डर देखकर कन्फ़र्म करें, ताकि हम उसे आपके लिए पैक कर सकें।",
  confirmCod: (total) => `कैश ऑन डिलीवरी: ऑर्डर पहुँचने पर ${total} दें।`,
  confirmBy: (when) => `कृपया ${when} तक कन्फ़र्म करें, नहीं तो ऑर्डर रद्द हो जाएगा।`,
  confirmButton: "ऑर्डर कन्फ़र्म करें",
  confirmed: (number) => `ऑर्डर ${number} कन्फ़र्म हो गया है। धन्यवाद!`,
  confirmedNext: "हम इसे पैक करेंगे और भेजते ही आपको ईमेल करेंगे।",
  alreadyConfirmed: (number) => `ऑर्डर ${number} पहले ही कन्फ़र्म हो चुका है।`,
  confirmCancelled: (number) => `ऑर्डर ${number} रद्द हो चुका है, इसलिए कन्फ़र्म करने को कुछ नहीं है।`,
  linkInvalid: "यह लिंक मान्य नहीं है",
  linkInvalidHelp: "हो सकता है लिंक अधूरा हो या ग़लत लिखा गया हो। आपके ऑर्डर और उनकी स्थिति 'मेरे ऑर्डर' में हैं।",
  waitingConfirm: "आपके कन्फ़र्मेशन का इंतज़ार है।",
  waitingConfirmBy: (when) => `आपके कन्फ़र्मेशन का इंतज़ार है: कृपया ${when} तक कन्फ़र्म करें, नहीं तो ऑर्डर रद्द हो जाएगा।`,
  confirmedLabel: "कन्फ़र्म",
  payTitle: "UPI से भुगतान",
  payHeading: (number) => `ऑर्डर ${number} का भुगतान करें`,
  amountToPay: "भुगतान की रक़म",
  scanQr: "या किसी भी UPI ऐप से यह QR कोड स्कैन करें:",
  qrLabel: (amount) => `${amount} भुगतान करने का UPI QR कोड`,
  payWithApp: "UPI ऐप से भुगतान करें",
  upiId: "या इस UPI ID पर भुगतान करें:",
  hold: (hours, time) => `हम आपकी कैंडल ${hours} घंटे तक रखते हैं: ${time} तक भुगतान करें।`,
  afterPaying: "भुगतान के बाद",
  utrLabel: "UPI रेफ़रेंस (UTR), 12 अंक",
  utrHint: "आपका UPI ऐप इसे भुगतान के साथ UTR, UPI Ref. No. या Transaction ID के नाम से दिखाता है।",
  sendUtr: "UTR भेजें",
  utrSent: "धन्यवाद: हम आपका भुगतान जाँचकर आपको मेल करेंगे।",
  checkingHeading: "भुगतान की जाँच हो रही है",
  checkingText: "हम आपका भुगतान जाँचकर आपको मेल करेंगे।",
  yourUtr: (utr, time) => `UPI रेफ़रेंस (UTR) ${utr}, ${time} को भेजा गया।`,
  paidHeading: "भुगतान हो गया",
  paidText: (time) => `आपका भुगतान ${time} को मिल गया। धन्यवाद!`,
  cancelledHeading: "यह ऑर्डर कैंसल हो गया",
  cancelledText: "समय पर इसका भुगतान नहीं हुआ, इसलिए कैंडल वापस रख दी गईं। कुछ भी देय नहीं है।",
  viewOrders: "अपने ऑर्डर देखें",
  placedUpi: " हो गया है। इसे भेजने के लिए UPI से भुगतान करें।",
  payAmountByUpi: (amount) => `UPI से ${amount} का भुगतान करें`,
  payNow: "अभी भुगतान करें",
  awaiting: "भुगतान बाक़ी है",
  checking: (utr) => `भुगतान की जाँच हो रही है (UTR ${utr})`,
  paid: "भुगतान हो गया",
};

export const PAYMENT_TEXTS: Record<Language, PaymentTexts> = { en, hi };

/** The page's payment texts in its language. */
export const usePaymentTexts = (): PaymentTexts => PAYMENT_TEXTS[useLanguage()];

/** The same, for a route's `meta`. */
export const metaPaymentTexts = (matches: Parameters<typeof metaLanguage>[0]): PaymentTexts =>
  PAYMENT_TEXTS[metaLanguage(matches)];
