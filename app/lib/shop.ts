// The shop's identity: its name and how customers reach it. Every page title, mail, invoice and
// link preview reads it from here, so a second shop would change this one module.

export const SHOP_NAME = "RK Candles";
/** The sender of every mail, unless MAIL_FROM says otherwise. */
export const SHOP_MAIL_FROM = `${SHOP_NAME} <orders@rkcandles.in>`;

/** A page's <title>: its own name first, then where it sits, then the shop ("Mail · Admin · RK Candles"). */
export const pageTitle = (...parts: string[]) => [...parts, SHOP_NAME].join(" · ");

export const SUPPORT = {
  email: "support@rkcandles.in",
  phone: "+91 98765 43210",
  phoneE164: "+919876543210",
  chat: "https://wa.me/919876543210",
  social: [
    { name: "Instagram", href: "https://www.instagram.com/rkcandles" },
    { name: "Facebook", href: "https://www.facebook.com/rkcandles" },
    { name: "YouTube", href: "https://www.youtube.com/@rkcandles" },
  ],
} as const;
