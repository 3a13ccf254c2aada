import { useMessages } from "~/lib/i18n/messages";
import { formatPaise } from "~/lib/money";

/** The price, with the MRP struck through when it is higher. */
export function Price({ price, mrp }: { price: number; mrp: number | null }) {
  const t = useMessages().card;
  const showMrp = mrp !== null && mrp > price;
  return (
    <span className="price">
      <strong>{formatPaise(price)}</strong>
      {showMrp ? (
        <>
          {" "}
          <s className="mrp">
            <span className="visually-hidden">{t.mrp}</span>
            {formatPaise(mrp)}
          </s>{" "}
          <span className="discount">{t.off(Math.round(((mrp - price) / mrp) * 100))}</span>
        </>
      ) : null}
    </span>
  );
}
