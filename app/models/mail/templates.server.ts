import { formatPaise } from "~/lib/money";
import { orderNumber } from "~/lib/order-number";
import { multiLine, oneLine } from "~/lib/plain-text";
import { SHOP_NAME, SUPPORT } from "~/lib/shop";

/**
 * The mails' words (issue #23): pure functions of an order, plain text plus simple HTML that
 * Gmail on a phone reads (one column, inline styles, no images). Every user text is escaped in
 * the HTML part, and anything that goes into a header (subject, the name in an address) is one
 * line: a CR or LF there could add a header of its own (a Bcc, say). In the text parts the
 * customer's words are set apart (issue #34): each field one line, quoted "> " under a label the
 * shop wrote, so no name or address can pass for a line of the shop's own ("Total: ₹0.00").
 * The schemas already keep those fields one line; orders stored before are cleaned here too.
 */

export type MailOrder = {
  id: string;
  contact: { name: string; email: string; phone: string };
  shippingAddress: { address: string; city: string; state: string; pin: string };
  /** price: integer paise per unit */
  items: { name: string; qty: number; price: number }[];
  subtotal: number;
  shipping: number;
  grandTotal: number;
  paymentMethod: string;
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

/** The order number customers see: # plus the last 6 characters of the id. */

const codNote = (total: number) =>
  `Cash on delivery: please keep ${formatPaise(total)} ready when your order arrives. We dispatch in 2-4 business days; delivery takes 5-9 business days.`;

/** Where the order goes, as the customer gave it: one line per field, the address's own lines apart. */
function addressLines(o: MailOrder): string[] {
  const a = o.shippingAddress;
  const street = multiLine(a.address)
    .split("\n")
    .map(headerText)
    .filter((line) => line !== "");
  return [
    headerText(o.contact.name),
    ...street,
    headerText(`${a.city}, ${a.state} ${a.pin}`),
    `Phone: ${headerText(o.contact.phone)}`,
  ];
}

const page = (title: string, body: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>` +
  `<body style="margin:0;padding:16px;background:#faf7f2;font-family:Arial,Helvetica,sans-serif;color:#222;line-height:1.5">` +
  `<div style="max-width:560px;margin:0 auto;background:#fff;padding:16px;border-radius:8px">${body}</div></body></html>`;

const link = (href: string, label: string) =>
  `<a href="${escapeHtml(href)}" style="color:#9a3412;font-weight:bold">${escapeHtml(label)}</a>`;

/** The confirmation to the order's contact email; the invoice PDF is attached when it is sent. */
export function orderConfirmationMail(o: MailOrder, publicUrl: string): MailContent {
  const number = orderNumber(o.id);
  const ordersUrl = `${publicUrl}/orders`;
  const subject = `Your ${SHOP_NAME} order ${number} is confirmed`;
  const greeting = `Hello ${headerText(o.contact.name)},`;
  const lineText = (i: MailOrder["items"][number]) => `${i.name} × ${i.qty}: ${formatPaise(i.price * i.qty)}`;
  const text = [
    greeting,
    "",
    `Thank you for your order ${number}. Here is what you ordered:`,
    "",
    ...o.items.map((i) => `- ${lineText(i)}`),
    "",
    `Subtotal: ${formatPaise(o.subtotal)}`,
    `Shipping: ${formatPaise(o.shipping)}`,
    `Total: ${formatPaise(o.grandTotal)}`,
    "",
    "Delivering to:",
    ...quoted(addressLines(o)),
    "",
    codNote(o.grandTotal),
    "",
    `Your invoice is attached. See your orders: ${ordersUrl}`,
    "",
    `Questions? Write to ${SUPPORT.email} or call ${SUPPORT.phone}.`,
    `${SHOP_NAME}`,
  ].join("\n");
  const cell = "padding:4px 0;border-bottom:1px solid #eee";
  const rows = o.items
    .map(
      (i) =>
        `<tr><td style="${cell}">${escapeHtml(i.name)} × ${i.qty}</td><td style="${cell};text-align:right;white-space:nowrap">${formatPaise(i.price * i.qty)}</td></tr>`,
    )
    .join("");
  const total = (label: string, paise: number, strong = false) =>
    `<tr><td style="padding:4px 0">${strong ? `<strong>${label}</strong>` : label}</td><td style="padding:4px 0;text-align:right;white-space:nowrap">${strong ? `<strong>${formatPaise(paise)}</strong>` : formatPaise(paise)}</td></tr>`;
  const html = page(
    subject,
    `<h1 style="font-size:20px;margin:0 0 12px">Thank you for your order ${number}</h1>` +
      `<p>${escapeHtml(greeting)}</p>` +
      `<table style="width:100%;border-collapse:collapse" role="presentation">${rows}` +
      total("Subtotal", o.subtotal) +
      total("Shipping", o.shipping) +
      total("Total", o.grandTotal, true) +
      `</table>` +
      `<h2 style="font-size:16px;margin:16px 0 4px">Delivering to</h2>` +
      `<p style="margin:0">${addressLines(o).map(escapeHtml).join("<br>")}</p>` +
      `<p style="background:#fff7ed;padding:8px;border-radius:4px">${escapeHtml(codNote(o.grandTotal))}</p>` +
      `<p>Your invoice is attached. ${link(ordersUrl, "See your orders")}</p>` +
      `<p style="color:#555;font-size:14px">Questions? Write to ${escapeHtml(SUPPORT.email)} or call ${escapeHtml(SUPPORT.phone)}.<br>${SHOP_NAME}</p>`,
  );
  return { to: mailbox(o.contact.name, o.contact.email), subject, text, html };
}

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
      `Ship to: ${escapeHtml(shipTo)}</p>` +
      `<p>${link(adminUrl, "Open the order")}</p>`,
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
  options: { update?: boolean } = {},
): MailContent {
  const number = orderNumber(o.id);
  const ordersUrl = `${publicUrl}/orders`;
  const tracking = [
    o.courier ? `Courier: ${o.courier}` : null,
    o.trackingNumber ? `Tracking number: ${o.trackingNumber}` : null,
  ].filter((l): l is string => l !== null);
  const words: Record<MailStatus, { subject: string; lead: string; after: string[] }> = {
    Shipped: {
      subject: options.update ? `Tracking details for your order ${number}` : `Your order ${number} is on its way`,
      lead: options.update
        ? `Here are the updated shipping details of your order ${number}.`
        : `Good news: your order ${number} has left our workshop.`,
      after: [
        ...tracking,
        o.isPaid
          ? "It is already paid."
          : `Cash on delivery: please keep ${formatPaise(o.grandTotal)} ready when it arrives.`,
      ],
    },
    Delivered: {
      subject: `Your order ${number} was delivered`,
      lead: `Your order ${number} was delivered. We hope you enjoy your candles!`,
      after: [
        "Something broken or not right? Write to us within 7 days of delivery with an unboxing video.",
        "Liked them? You can review each candle from its page.",
      ],
    },
    Cancelled: {
      subject: `Your order ${number} was cancelled`,
      lead: `Your order ${number} was cancelled.`,
      after: [
        o.isPaid
          ? "You paid for it: we refund the amount within 5-7 business days."
          : "Nothing is due: it was cash on delivery.",
        "If you did not ask for this, please write to us and we will sort it out.",
      ],
    },
  };
  const w = words[status];
  const greeting = `Hello ${headerText(o.contact.name)},`;
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
    `See your orders: ${ordersUrl}`,
    "",
    `Questions? Write to ${SUPPORT.email} or call ${SUPPORT.phone}.`,
    SHOP_NAME,
  ].join("\n");
  const html = page(
    w.subject,
    `<h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(w.subject)}</h1>` +
      `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(w.lead)}</p>` +
      `<ul style="padding-left:20px">${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join("")}</ul>` +
      w.after.map((l) => `<p>${escapeHtml(l)}</p>`).join("") +
      `<p>${link(ordersUrl, "See your orders")}</p>` +
      `<p style="color:#555;font-size:14px">Questions? Write to ${escapeHtml(SUPPORT.email)} or call ${escapeHtml(SUPPORT.phone)}.<br>${SHOP_NAME}</p>`,
  );
  return { to: mailbox(o.contact.name, o.contact.email), subject: w.subject, text, html };
}

/**
 * The forgot-password mail: the single-use link, how long it works, and that it can be ignored.
 * `name` and `email` are the account's; `resetUrl` carries the token (already URL-safe).
 */
export function passwordResetMail(
  user: { name: string; email: string },
  resetUrl: string,
  validMinutes: number,
): MailContent {
  const subject = `Reset your ${SHOP_NAME} password`;
  const greeting = `Hello ${headerText(user.name)},`;
  const expiry =
    validMinutes % 60 === 0 ? `${validMinutes / 60} hour${validMinutes === 60 ? "" : "s"}` : `${validMinutes} minutes`;
  const ask = `Someone (we hope you) asked to reset the password of your ${SHOP_NAME} account, ${user.email}.`;
  const works = `The link works once, for ${expiry}.`;
  const ignore = "If you did not ask for this, ignore this mail: your password stays as it is.";
  const text = [
    greeting,
    "",
    ask,
    "Choose a new password here:",
    resetUrl,
    "",
    works,
    ignore,
    "",
    `Questions? Write to ${SUPPORT.email} or call ${SUPPORT.phone}.`,
    SHOP_NAME,
  ].join("\n");
  const html = page(
    subject,
    `<h1 style="font-size:20px;margin:0 0 12px">Reset your password</h1>` +
      `<p>${escapeHtml(greeting)}</p>` +
      `<p>${escapeHtml(ask)}</p>` +
      `<p>${link(resetUrl, "Choose a new password")}</p>` +
      `<p style="font-size:14px;word-break:break-all">${escapeHtml(resetUrl)}</p>` +
      `<p>${escapeHtml(works)} ${escapeHtml(ignore)}</p>` +
      `<p style="color:#555;font-size:14px">Questions? Write to ${escapeHtml(SUPPORT.email)} or call ${escapeHtml(SUPPORT.phone)}.<br>${SHOP_NAME}</p>`,
  );
  return { to: mailbox(user.name, user.email), subject, text, html };
}
