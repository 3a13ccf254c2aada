// What an app server on PostgreSQL knows of each product's version (issue #52; the triggers of
// drizzle/pg/0020 keep product_versions and NOTIFY each change on the channel `product_version`).
// A kept product page records the version its render started at and is sent again only while it
// is the same, so all that matters is that a version changes whenever the product does: a product
// nothing was heard of has the version `baseline`, which a TRUNCATE (told as "*") moves below
// anything seen before, as every version heard is forgotten.

export type ProductVersions = {
  /** The version of `productId`'s pages as this process knows it. */
  get(productId: string): number;
  /** A notification's payload: "<product id> <version>", or "*" when every version was reset. */
  heard(payload: string | undefined): void;
  /** The rows of product_versions read since `since()` (the poll, a missed notification). */
  read(rows: readonly { product_id: string; version: string | number }[]): void;
  /** The greatest version heard or read: the poll asks for what came after it. */
  since(): number;
};

export function productVersions(start: number): ProductVersions {
  const known = new Map<string, number>();
  let greatest = start;
  let baseline = 0;
  const set = (productId: string, version: number) => {
    if (!Number.isFinite(version)) return;
    if (version > (known.get(productId) ?? 0)) known.set(productId, version);
    if (version > greatest) greatest = version;
  };
  return {
    get: (productId) => known.get(productId) ?? baseline,
    heard(payload) {
      if (payload === "*") {
        known.clear();
        baseline -= 1;
        return;
      }
      const [productId, version] = (payload ?? "").split(" ");
      if (productId) set(productId, Number(version));
    },
    read(rows) {
      for (const row of rows) set(row.product_id, Number(row.version));
    },
    since: () => greatest,
  };
}
