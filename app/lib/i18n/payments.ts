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
};

export const PAYMENT_TEXTS: Record<Language, PaymentTexts> = { en, hi };

/** The page's payment texts in its language. */
export const usePaymentTexts = (): PaymentTexts => PAYMENT_TEXTS[useLanguage()];

/** The same, for a route's `meta`. */
export const metaPaymentTexts = (matches: Parameters<typeof metaLanguage>[0]): PaymentTexts =>
  PAYMENT_TEXTS[metaLanguage(matches)];
