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
