/**
 * An order or cart line's name with its size (issue #37): "Lavender Fields — 200 g jar". A line
 * without a size is its name alone, so what names it (mails, invoices, exports) is unchanged.
 */
export const lineName = (name: string, sizeLabel: string | null | undefined): string =>
  sizeLabel ? `${name} — ${sizeLabel}` : name;
