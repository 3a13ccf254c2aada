import { getInputProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import { SIZES_BLANK_ROWS, SIZES_MAX } from "~/lib/size-schema";
import { useHydrated } from "~/utils/use-hydrated";
import { Field } from "./Field";

/** One size row as the editor holds it: strings, as the form posts them (money in rupees). */
export type SizeRowValues = {
  id?: string;
  label?: string;
  labelHi?: string;
  price?: string;
  mrp?: string;
  stock?: string;
  sku?: string;
  image?: string;
  position?: string;
  remove?: string;
};

/** The editor's `sizes` list (its schema's input is loose, zod's preprocess: the rows are these). */
export type SizeListField = FieldMetadata<SizeRowValues[], Record<string, unknown>, string[]>;

type Props = {
  field: SizeListField;
  /** With JS: conform's insert of one more row into `sizes`. */
  onAdd: (row: SizeRowValues) => void;
  /** The product's gallery: a size's picture is one of them. */
  gallery: string[];
};

/**
 * The editor's "Sizes" section (issue #37): one row per size (label, Hindi label, price, MRP,
 * stock, SKU, picture, position, Remove) and blank rows below; a blank row is ignored. Without JS the
 * blank rows are the way to add; with JS "Add size" adds another. The order is the "Position" number.
 */
export function SizeRows({ field, onAdd, gallery }: Props) {
  const hydrated = useHydrated();
  const rows = field.getFieldList();
  return (
    <fieldset className="sizes-edit" id="sizes">
      <legend>Sizes</legend>
      <p className="hint">
        Optional: the same candle in several sizes, each with its price and stock. With sizes, the product&apos;s price,
        MRP and stock above are its default size&apos;s (the first by position). Hindi label, MRP, SKU and picture are
        optional; a row left empty is skipped.
      </p>
      {field.errors?.[0] ? <p className="field-error">{field.errors[0]}</p> : null}
      <ol className="size-rows">
        {rows.map((row, i) => {
          const f = row.getFieldset();
          const existing = Boolean(f.id.initialValue);
          // Each row's controls are named "Size 2: Price (₹)" for a screen reader; the eye sees the row.
          const named = (text: string) => (
            <>
              <span className="visually-hidden">Size {i + 1}: </span>
              {text}
            </>
          );
          return (
            <li key={row.key} className="size-row">
              <p className="size-row-title" aria-hidden="true">
                Size {i + 1}
                {i === 0 && existing ? " (default)" : existing ? "" : " (new)"}
              </p>
              <input {...getInputProps(f.id, { type: "hidden" })} />
              <div className="editor-row">
                <Field label={named("Label")} id={f.label.id} errorId={f.label.errorId} errors={f.label.errors}>
                  <input
                    {...getInputProps(f.label, { type: "text" })}
                    placeholder={i === 0 ? "200 g jar" : undefined}
                  />
                </Field>
                <Field
                  label={named("Label in Hindi")}
                  id={f.labelHi.id}
                  errorId={f.labelHi.errorId}
                  errors={f.labelHi.errors}
                >
                  <input {...getInputProps(f.labelHi, { type: "text" })} lang="hi" />
                </Field>
              </div>
              <div className="editor-row size-figures">
                <Field label={named("Price (₹)")} id={f.price.id} errorId={f.price.errorId} errors={f.price.errors}>
                  <input {...getInputProps(f.price, { type: "number" })} min={0} step="0.01" inputMode="decimal" />
                </Field>
                <Field label={named("MRP (₹)")} id={f.mrp.id} errorId={f.mrp.errorId} errors={f.mrp.errors}>
                  <input {...getInputProps(f.mrp, { type: "number" })} min={0} step="0.01" inputMode="decimal" />
                </Field>
                <Field label={named("Stock")} id={f.stock.id} errorId={f.stock.errorId} errors={f.stock.errors}>
                  <input {...getInputProps(f.stock, { type: "number" })} min={0} step={1} inputMode="numeric" />
                </Field>
              </div>
              <div className="editor-row">
                <Field label={named("SKU")} id={f.sku.id} errorId={f.sku.errorId} errors={f.sku.errors}>
                  <input {...getInputProps(f.sku, { type: "text" })} autoCapitalize="characters" />
                </Field>
                <Field label={named("Picture")} id={f.image.id} errorId={f.image.errorId} errors={f.image.errors}>
                  <select {...getSelectProps(f.image)}>
                    <option value="">The product&apos;s</option>
                    {gallery.map((url, n) => (
                      <option key={url} value={url}>
                        Gallery picture {n + 1}
                      </option>
                    ))}
                  </select>
                </Field>
                <Field
                  label={named("Position")}
                  id={f.position.id}
                  errorId={f.position.errorId}
                  errors={f.position.errors}
                >
                  <input {...getInputProps(f.position, { type: "number" })} step={1} inputMode="numeric" />
                </Field>
              </div>
              {existing ? (
                <label className="size-remove">
                  <input {...getInputProps(f.remove, { type: "checkbox" })} /> Remove this size
                  <span className="visually-hidden"> ({i + 1})</span>
                </label>
              ) : null}
            </li>
          );
        })}
      </ol>
      {hydrated && rows.length < SIZES_MAX ? (
        <button type="button" className="button" onClick={() => onAdd({ position: String(rows.length + 1) })}>
          Add size
        </button>
      ) : null}
    </fieldset>
  );
}

/** The editor's rows for a product's sizes (money in paise), then SIZES_BLANK_ROWS blank ones. */
export function sizeRowsFor(
  sizes: {
    id: string;
    label: string;
    labelHi: string;
    sku: string | null;
    price: number;
    mrp: number | null;
    stock: number;
    image: string;
  }[],
): SizeRowValues[] {
  const rupees = (paise: number | null) => (paise === null ? "" : String(paise / 100));
  const rows: SizeRowValues[] = sizes.map((s, i) => ({
    id: s.id,
    label: s.label,
    labelHi: s.labelHi,
    price: rupees(s.price),
    mrp: rupees(s.mrp),
    stock: String(s.stock),
    sku: s.sku ?? "",
    image: s.image,
    position: String(i + 1),
  }));
  for (let i = 0; i < SIZES_BLANK_ROWS && rows.length < SIZES_MAX; i++)
    rows.push({ position: String(rows.length + 1) });
  return rows;
}
