import { Link } from "react-router";
import { useMessages } from "~/lib/i18n/messages";
import { formatPaise } from "~/lib/money";

export type SizeChoice = { id: string; label: string; price: number; stock: number };

/**
 * A product's sizes as plain radio buttons (issue #37), each label with its own price, so a
 * browser without JS needs no reload to compare them; the form Add to Cart posts (`form`) sends
 * the checked one as `sizeId`. A sold-out size is shown, disabled. With JS `onSelect` lets the
 * page show the checked size's price and stock at once.
 */
export function SizePicker({
  sizes,
  selected,
  form,
  onSelect,
  alerts = false,
}: {
  sizes: SizeChoice[];
  selected: string;
  form: string;
  onSelect: (id: string) => void;
  /** Issue #39: a sold-out size links to itself (?size=), where its "Tell me when it's back" form is. */
  alerts?: boolean;
}) {
  const m = useMessages();
  const t = m.product;
  return (
    <fieldset className="size-picker">
      <legend>{t.size}</legend>
      {sizes.map((s) => (
        <label key={s.id} className={s.stock <= 0 ? "size-option out" : "size-option"}>
          <input
            type="radio"
            name="sizeId"
            value={s.id}
            form={form}
            checked={s.id === selected}
            disabled={s.stock <= 0}
            onChange={() => onSelect(s.id)}
          />{" "}
          <span className="size-label">{s.label}</span> <span className="size-price">{formatPaise(s.price)}</span>
          {s.stock <= 0 ? <span className="size-out"> · {t.soldOut}</span> : null}
          {s.stock <= 0 && alerts && s.id !== selected ? (
            <>
              {" · "}
              <Link to={`?size=${encodeURIComponent(s.id)}#alert`} className="size-alert" preventScrollReset>
                {m.stockAlert.askForSize}
              </Link>
            </>
          ) : null}
        </label>
      ))}
    </fieldset>
  );
}
