import { type Language, localizedPath } from "~/lib/i18n/languages";
import { formatPaise } from "~/lib/money";
import { orderNumber } from "~/lib/order-number";
import { multiLine, oneLine } from "~/lib/plain-text";
import type { PaymentMethod } from "~/lib/price-breakdown";
import { SHOP_NAME, SUPPORT } from "~/lib/shop";
import { mailTexts, type MailTexts } from "./texts/mail-texts.server";

/**
 * The mails' words (issue #23): pure functions of an order, plain text plus simple HTML that
 * Gmail on a phone reads (one column, inline styles, no images). Every user text is escaped in
 * the HTML part, and anything that goes into a header (subject, the name in an address) is one
 * line: a CR or LF there could add a header of its own (a Bcc, say). In the text parts the
 * customer's words are set apart (issue #34): each field one line, quoted "> " under a label the
 * shop wrote, so no name or address can pass for a line of the shop's own ("Total: ₹0.00").
 * The schemas already keep those fields one line; orders stored before are cleaned here too.
 * The customer's mails speak the customer's language (issue #36; their words: texts/), and link
 * to the pages in it; the owner's alert stays English.
 */

export type MailOrder = {
  id: string;
  contact: { name: string; email: string; phone: string };
  shippingAddress: { address: string; city: string; state: string; pin: string };
  /** price: integer paise per unit */
  items: { name: string; qty: number; price: number }[];
  subtotal: number;
  /** A coupon code and what it took off the goods (issue #39); absent or null: none. */
  couponCode?: string | null;
  couponDiscount?: number;
  /** Off the goods for paying by UPI (0: none). */
  prepaidDiscount: number;
  shipping: number;
  /** The cash-on-delivery fee (0: none). */
  codFee: number;
  grandTotal: number;
  paymentMethod: PaymentMethod;
  /** A COD order the customer is asked to confirm: the link that opens its Confirm page. */
  confirmUrl: string | null;
  /** Hours after which an unconfirmed COD order is cancelled (COD_CONFIRM_HOURS); null: never. */
  confirmWithinHours?: number | null;
};

export type MailContent = { to: string; subject: string; text: string; html: string };

/** Text safe for one header line, or for a line of a mail: no line break, no control character. */
export function headerText(value: string): string {
  return oneLine(value).trim();
}

/** Customer text in a text part: "> " before each of its lines. */
const quoted = (lines: string[]) => lines.map((line) => `> ${line}`);

/** "Name" <address>: the name one line and quoted, so no character of it can end the header. */
export function mailbox(name: string, address: string): string {
  const clean = headerText(name).replace(/["\\]/g, "\\$&");
  const to = headerText(address);
  return clean ? `"${clean}" <${to}>` : to;
}

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );
}

/** Where the order goes, as the customer gave it: one line per field, the address's own lines apart. */
function addressLines(o: MailOrder, t: MailTexts): string[] {
  const a = o.shippingAddress;
  const street = multiLine(a.address)
    .split("\n")
    .map(headerText)
    .filter((line) => line !== "");
  return [
    headerText(o.contact.name),
    ...street,
    headerText(`${a.city}, ${a.state} ${a.pin}`),
    t.confirmation.phone(headerText(o.contact.phone)),
  ];
}

export const page = (title: string, body: string, t: MailTexts) =>
  `<!doctype html><html${t.htmlLang ? ` lang="${t.htmlLang}"` : ""}><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>` +
  `<body style="margin:0;padding:16px;background:#faf7f2;font-family:Arial,Helvetica,sans-serif;color:#222;line-height:1.5">` +
  `<div style="max-width:560px;margin:0 auto;background:#fff;padding:16px;border-radius:8px">${body}</div></body></html>`;

export const link = (href: string, label: string) =>
  `<a href="${escapeHtml(href)}" style="color:#9a3412;font-weight:bold">${escapeHtml(label)}</a>`;

/** "Questions? Write to … or call …." and the shop's name: the end of every customer mail. */
export const signOff = (t: MailTexts) => [t.questions(SUPPORT.email, SUPPORT.phone), SHOP_NAME];
export const signOffHtml = (t: MailTexts) =>
  `<p style="color:#555;font-size:14px">${escapeHtml(t.questions(SUPPORT.email, SUPPORT.phone))}<br>${SHOP_NAME}</p>`;

/** The address of the customer's My Orders page, in their language. */
const ordersUrlOf = (publicUrl: string, language: Language) => `${publicUrl}${localizedPath(language, "/orders")}`;

/** "−₹12.50": what comes off, with the minus sign the pages use. */
const minus = (paise: number) => `−${formatPaise(paise)}`;

/**
 * The order's money as [label, amount] rows, the total last: the UPI discount and the COD fee
 * (issue #38) only when the order has one, so an order without them reads as it always did.
 */
function moneyLines(o: MailOrder, c: MailTexts["confirmation"]): [string, string][] {
  return [
    [c.subtotal, formatPaise(o.subtotal)],
    ...(o.couponCode && o.couponDiscount
      ? [[c.coupon(o.couponCode), minus(o.couponDiscount)] as [string, string]]
      : []),
    ...(o.prepaidDiscount > 0 ? [[c.upiDiscount, minus(o.prepaidDiscount)] as [string, string]] : []),
    [c.shipping, formatPaise(o.shipping)],
    ...(o.codFee > 0 ? [[c.codFee, formatPaise(o.codFee)] as [string, string]] : []),
    [c.total, formatPaise(o.grandTotal)],
  ];
}

/** The UPI payment page of an order (issue #38), in the customer's language. */
export const payUrlOf = (publicUrl: string, id: string, language: Language) =>
  `${publicUrl}${localizedPath(language, `/orders/${id}/pay`)}`;

/**
 * How the order is paid, in place of the cash-on-delivery note: a UPI order links to its payment
 * page (issue #38). Text and HTML.
 */
function paymentNote(o: MailOrder, t: MailTexts, publicUrl: string, language: Language, upiHoldHours: string) {
  const c = t.confirmation;
  if (o.paymentMethod !== "UPI") {
    const note = c.cod(formatPaise(o.grandTotal));
    return { text: [note], html: escapeHtml(note) };
  }
  const payUrl = payUrlOf(publicUrl, o.id, language);
  const pay = c.upi(formatPaise(o.grandTotal), upiHoldHours);
  return {
    text: [pay, payUrl, c.upiChecked],
    html: `${escapeHtml(pay)} ${link(payUrl, payUrl)}<br>${escapeHtml(c.upiChecked)}`,
  };
}

/** The confirmation to the order's contact email; the invoice PDF is attached when it is sent. */
export function orderConfirmationMail(
  o: MailOrder,
  publicUrl: string,
  language: Language = "en",
  upiHoldHours = "24",
): MailContent {
  const t = mailTexts(language);
  const c = t.confirmation;
  const number = orderNumber(o.id);
  const ordersUrl = ordersUrlOf(publicUrl, language);
  const subject = c.subject(SHOP_NAME, number);
  const greeting = t.hello(headerText(o.contact.name));
  const payNote = paymentNote(o, t, publicUrl, language, upiHoldHours);
  // A COD order to confirm (issue #38): the link to its confirm page, and its deadline if it has one.
  const confirmHours = o.confirmUrl ? (o.confirmWithinHours ?? null) : null;
  const confirmNote = confirmHours === null ? null : c.confirmWithin(confirmHours);
  const lineText = (i: MailOrder["items"][number]) => `${i.name} × ${i.qty}: ${formatPaise(i.price * i.qty)}`;
  const text = [
    greeting,
    "",
    c.intro(number),
    "",
    ...o.items.map((i) => `- ${lineText(i)}`),
    "",
    ...moneyLines(o, c).map(([label, amount]) => `${label}: ${amount}`),
    "",
    `${c.deliveringTo}:`,
    ...quoted(addressLines(o, t)),
    "",
    ...payNote.text,
    ...(o.confirmUrl ? ["", `${c.pleaseConfirm}: ${o.confirmUrl}`, ...(confirmNote ? [confirmNote] : [])] : []),
    "",
    `${c.invoiceAttached} ${t.seeYourOrders}: ${ordersUrl}`,
    "",
    ...signOff(t),
  ].join("\n");
  const cell = "padding:4px 0;border-bottom:1px solid #eee";
  const rows = o.items
    .map(
      (i) =>
        `<tr><td style="${cell}">${escapeHtml(i.name)} × ${i.qty}</td><td style="${cell};text-align:right;white-space:nowrap">${formatPaise(i.price * i.qty)}</td></tr>`,
    )
    .join("");
  const total = ([label, amount]: [string, string], i: number, all: unknown[]) => {
    const strong = i === all.length - 1; // the total
    return `<tr><td style="padding:4px 0">${strong ? `<strong>${escapeHtml(label)}</strong>` : escapeHtml(label)}</td><td style="padding:4px 0;text-align:right;white-space:nowrap">${strong ? `<strong>${amount}</strong>` : amount}</td></tr>`;
  };
  const html = page(
    subject,
    `<h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(c.heading(number))}</h1>` +
      `<p>${escapeHtml(greeting)}</p>` +
      `<table style="width:100%;border-collapse:collapse" role="presentation">${rows}` +
      moneyLines(o, c).map(total).join("") +
      `</table>` +
      `<h2 style="font-size:16px;margin:16px 0 4px">${escapeHtml(c.deliveringTo)}</h2>` +
      `<p style="margin:0">${addressLines(o, t).map(escapeHtml).join("<br>")}</p>` +
      `<p style="background:#fff7ed;padding:8px;border-radius:4px">${payNote.html}</p>` +
      (o.confirmUrl
        ? `<p>${escapeHtml(c.pleaseConfirm)}: ${link(o.confirmUrl, c.confirmLink)}` +
          (confirmNote ? `<br>${escapeHtml(confirmNote)}` : "") +
          `</p>`
        : "") +
      `<p>${escapeHtml(c.invoiceAttached)} ${link(ordersUrl, t.seeYourOrders)}</p>` +
      signOffHtml(t),
    t,
  );
  return { to: mailbox(o.contact.name, o.contact.email), subject, text, html };
}

/** The alert's lines under the total: what came off it and the COD fee, when the order has them. */
const alertExtras = (o: MailOrder) => [
  ...(o.couponCode && o.couponDiscount ? [`Code ${o.couponCode}: ${minus(o.couponDiscount)}`] : []),
  ...(o.prepaidDiscount > 0 ? [`UPI discount: ${minus(o.prepaidDiscount)}`] : []),
  ...(o.codFee > 0 ? [`Cash on delivery fee: ${formatPaise(o.codFee)}`] : []),
];

/** The owner's new-order alert, with a link to the order in the admin. */
export function orderAlertMail(o: MailOrder, ownerEmail: string, publicUrl: string): MailContent {
  const number = orderNumber(o.id);
  const adminUrl = `${publicUrl}/admin/orders/${encodeURIComponent(o.id)}`;
  const subject = headerText(`New order ${number}: ${formatPaise(o.grandTotal)} from ${o.contact.name}`);
  const count = o.items.reduce((n, i) => n + i.qty, 0);
  const shipTo = headerText(`${o.shippingAddress.city}, ${o.shippingAddress.state} ${o.shippingAddress.pin}`);
  const text = [
    `New order ${number}`,
    "",
    `Items: ${count}`,
    `Total: ${formatPaise(o.grandTotal)} (${o.paymentMethod})`,
    ...alertExtras(o),
    `Open it: ${adminUrl}`,
    "",
    "Customer, as they typed it:",
    ...quoted([headerText(o.contact.name), headerText(o.contact.email), headerText(o.contact.phone)]),
    "Ship to:",
    ...quoted([shipTo]),
  ].join("\n");
  const html = page(
    subject,
    `<h1 style="font-size:20px;margin:0 0 12px">New order ${number}</h1>` +
      `<p>Customer: ${escapeHtml(o.contact.name)} &lt;${escapeHtml(o.contact.email)}&gt;, ${escapeHtml(o.contact.phone)}<br>` +
      `Items: ${count}<br>Total: <strong>${formatPaise(o.grandTotal)}</strong> (${escapeHtml(o.paymentMethod)})<br>` +
      alertExtras(o)
        .map((l) => `${escapeHtml(l)}<br>`)
        .join("") +
      `Ship to: ${escapeHtml(shipTo)}</p>` +
      `<p>${link(adminUrl, "Open the order")}</p>`,
    mailTexts("en"),
  );
  return { to: ownerEmail, subject, text, html };
}

/** What a status mail needs of an order. */
export type StatusMailOrder = {
  id: string;
  contact: { name: string; email: string };
  items: { name: string; qty: number }[];
  grandTotal: number;
  isPaid: boolean;
  courier: string | null;
  trackingNumber: string | null;
};

export type MailStatus = "Shipped" | "Delivered" | "Cancelled";

/**
 * The customer's mail when the admin marks an order Shipped, Delivered or Cancelled. `update`:
 * the order was already Shipped and its courier or tracking number changed.
 */
export function orderStatusMail(
  o: StatusMailOrder,
  status: MailStatus,
  publicUrl: string,
  options: { update?: boolean; language?: Language; expired?: "unpaid" | "unconfirmed" } = {},
): MailContent {
  const language = options.language ?? "en";
  const t = mailTexts(language);
  const s = t.status;
  const number = orderNumber(o.id);
  const ordersUrl = ordersUrlOf(publicUrl, language);
  const tracking = [
    o.courier ? s.courier(o.courier) : null,
    o.trackingNumber ? s.trackingNumber(o.trackingNumber) : null,
  ].filter((l): l is string => l !== null);
  const words: Record<MailStatus, { subject: string; lead: string; after: string[] }> = {
    Shipped: {
      subject: options.update ? s.trackingSubject(number) : s.shippedSubject(number),
      lead: options.update ? s.trackingLead(number) : s.shippedLead(number),
      after: [...tracking, o.isPaid ? s.alreadyPaid : s.cod(formatPaise(o.grandTotal))],
    },
    Delivered: {
      subject: s.deliveredSubject(number),
      lead: s.deliveredLead(number),
      after: [s.deliveredDamage, s.deliveredReview],
    },
    Cancelled: {
      subject: s.cancelledSubject(number),
      lead: s.cancelledLead(number),
      // Cancelled by the clock (issue #38): why, and nothing is due.
      after:
        options.expired === "unpaid"
          ? [s.cancelledUnpaid, s.orderAgain]
          : options.expired === "unconfirmed"
            ? [s.cancelledUnconfirmed, s.orderAgain]
            : [o.isPaid ? s.cancelledRefund : s.cancelledNothingDue, s.cancelledNotAsked],
    },
  };
  const w = words[status];
  const greeting = t.hello(headerText(o.contact.name));
  const lines = o.items.map((i) => `${i.name} × ${i.qty}`);
  const text = [
    greeting,
    "",
    w.lead,
    "",
    ...lines.map((l) => `- ${l}`),
    "",
    ...w.after,
    "",
    `${t.seeYourOrders}: ${ordersUrl}`,
    "",
    ...signOff(t),
  ].join("\n");
  const html = page(
    w.subject,
    `<h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(w.subject)}</h1>` +
      `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(w.lead)}</p>` +
      `<ul style="padding-left:20px">${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join("")}</ul>` +
      w.after.map((l) => `<p>${escapeHtml(l)}</p>`).join("") +
      `<p>${link(ordersUrl, t.seeYourOrders)}</p>` +
      signOffHtml(t),
    t,
  );
  return { to: mailbox(o.contact.name, o.contact.email), subject: w.subject, text, html };
}

/**
 * The customer's mail after the owner checked a UPI payment (issue #38): received (the order is
 * paid), or not found (the UTR was cleared: send the right one within the hold, or pay again).
 */
export function orderPaymentMail(
  o: StatusMailOrder & { utr: string },
  found: boolean,
  publicUrl: string,
  options: { language?: Language; upiHoldHours?: string } = {},
): MailContent {
  const language = options.language ?? "en";
  const t = mailTexts(language);
  const p = t.payment;
  const number = orderNumber(o.id);
  const ordersUrl = ordersUrlOf(publicUrl, language);
  const payUrl = payUrlOf(publicUrl, o.id, language);
  const subject = found ? p.receivedSubject(number) : p.notFoundSubject(number);
  const lead = found
    ? [p.receivedLead(formatPaise(o.grandTotal), number)]
    : [p.notFoundLead(headerText(o.utr), number), p.notFoundAgain(options.upiHoldHours ?? "24")];
  const greeting = t.hello(headerText(o.contact.name));
  const text = [
    greeting,
    "",
    ...lead,
    ...(found ? [] : [payUrl]),
    "",
    `${t.seeYourOrders}: ${ordersUrl}`,
    "",
    ...signOff(t),
  ].join("\n");
  const html = page(
    subject,
    `<h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(subject)}</h1>` +
      `<p>${escapeHtml(greeting)}</p>` +
      lead.map((l) => `<p>${escapeHtml(l)}</p>`).join("") +
      (found ? "" : `<p>${link(payUrl, payUrl)}</p>`) +
      `<p>${link(ordersUrl, t.seeYourOrders)}</p>` +
      signOffHtml(t),
    t,
  );
  return { to: mailbox(o.contact.name, o.contact.email), subject, text, html };
}

/**
 * The forgot-password mail: the single-use link, how long it works, and that it can be ignored.
 * `name` and `email` are the account's; `resetUrl` carries the token (already URL-safe) and leads to
 * the page in `language`.
 */
export function passwordResetMail(
  user: { name: string; email: string },
  resetUrl: string,
  validMinutes: number,
  language: Language = "en",
): MailContent {
  const t = mailTexts(language);
  const r = t.reset;
  const subject = r.subject(SHOP_NAME);
  const greeting = t.hello(headerText(user.name));
  const ask = r.ask(SHOP_NAME, user.email);
  const works = r.works(r.validFor(validMinutes));
  const text = [greeting, "", ask, r.chooseHere, resetUrl, "", works, r.ignore, "", ...signOff(t)].join("\n");
  const html = page(
    subject,
    `<h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(r.heading)}</h1>` +
      `<p>${escapeHtml(greeting)}</p>` +
      `<p>${escapeHtml(ask)}</p>` +
      `<p>${link(resetUrl, r.choose)}</p>` +
      `<p style="font-size:14px;word-break:break-all">${escapeHtml(resetUrl)}</p>` +
      `<p>${escapeHtml(works)} ${escapeHtml(r.ignore)}</p>` +
      signOffHtml(t),
    t,
  );
  return { to: mailbox(user.name, user.email), subject, text, html };
}
