/**
 * An order or cart line's name with its size (issue #37): "Lavender Fields — 200 g jar". A line
 * without a size is its name alone, so what names it (mails, invoices, exports) is unchanged.
 */
export const lineName = (name: string, sizeLabel: string | null | undefined): string =>
  sizeLabel ? `${name} — ${sizeLabel}` : name;

/** An order's lines as a page's summary shows them: named with their size, and each line's total. */
export const summaryLines = (
  items: readonly { id: string; name: string; sizeLabel: string | null; qty: number; price: number }[],
) => items.map((i) => ({ id: i.id, name: lineName(i.name, i.sizeLabel), qty: i.qty, total: i.price * i.qty }));
