import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { couponSchema } from "~/lib/coupon-schema";
import { Field, FormAlert } from "./Field";

export type CouponValues = {
  code: string;
  kind: "percent" | "flat";
  /** Percent or rupees, as the owner types them. */
  amount: string;
  freeShipping: boolean;
  /** Rupees. */
  minOrder: string;
  /** datetime-local values, India time. */
  startsAt: string;
  endsAt: string;
  maxUses: string;
  maxUsesPerCustomer: string;
};

export const BLANK_COUPON: CouponValues = {
  code: "",
  kind: "percent",
  amount: "",
  freeShipping: false,
  minOrder: "",
  startsAt: "",
  endsAt: "",
  maxUses: "",
  maxUsesPerCustomer: "",
};

/**
 * The owner's coupon form (issue #39), create and edit alike: plain fields posted to the page,
 * checked by the shared schema in the browser (with JS) and always on the server.
 */
export function CouponForm({
  defaults,
  lastResult,
  submitLabel,
}: {
  defaults: CouponValues;
  lastResult?: SubmissionResult<string[]> | null;
  submitLabel: string;
}) {
  const [form, fields] = useForm({
    id: "coupon",
    lastResult,
    defaultValue: { ...defaults, freeShipping: defaults.freeShipping ? "on" : undefined },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: couponSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const errorSummary =
    form.errors?.[0] ?? (Object.keys(form.allErrors).length ? "Please correct the fields below." : null);
  const field = (name: keyof CouponValues) => fields[name];
  return (
    <Form method="post" {...getFormProps(form)} className="editor">
      <FormAlert message={errorSummary} />
      <Field
        label="Code"
        id={fields.code.id}
        errorId={fields.code.errorId}
        errors={fields.code.errors}
        hint="3 to 20 letters or digits; shoppers may type it in any case"
      >
        <input {...getInputProps(fields.code, { type: "text" })} autoCapitalize="characters" spellCheck={false} />
      </Field>
      <Field label="Discount" id={fields.kind.id} errorId={fields.kind.errorId} errors={fields.kind.errors}>
        <select {...getSelectProps(fields.kind)}>
          <option value="percent">Percent off the goods</option>
          <option value="flat">Rupees off the goods</option>
        </select>
      </Field>
      <Field
        label="Amount"
        id={fields.amount.id}
        errorId={fields.amount.errorId}
        errors={fields.amount.errors}
        hint="Percent: 1 to 90 (e.g. 10 or 12.5). Rupees: more than 0"
      >
        <input {...getInputProps(fields.amount, { type: "text" })} inputMode="decimal" />
      </Field>
      <div className="field">
        <label>
          <input {...getInputProps(fields.freeShipping, { type: "checkbox" })} /> Free shipping
        </label>
      </div>
      {(["minOrder", "startsAt", "endsAt", "maxUses", "maxUsesPerCustomer"] as const).map((name) => {
        const f = field(name);
        const { label, hint, type } = FIELD_TEXT[name];
        return (
          <Field key={name} label={label} id={f.id} errorId={f.errorId} errors={f.errors} hint={hint}>
            <input
              {...getInputProps(f, { type })}
              {...(type === "text" ? { inputMode: "numeric" as const } : {})}
              // conform's defaultValue is the string as typed; datetime-local takes "YYYY-MM-DDTHH:MM".
            />
          </Field>
        );
      })}
      <button type="submit" className="button primary">
        {submitLabel}
      </button>
    </Form>
  );
}

const FIELD_TEXT = {
  minOrder: {
    label: "Minimum order (₹)",
    hint: "The goods must come to at least this; empty: any order",
    type: "text",
  },
  startsAt: { label: "Starts", hint: "India time; empty: at once", type: "datetime-local" },
  endsAt: { label: "Ends", hint: "India time; empty: never", type: "datetime-local" },
  maxUses: { label: "Uses in all", hint: "Empty: no limit", type: "text" },
  maxUsesPerCustomer: { label: "Uses per customer", hint: "Empty: no limit", type: "text" },
} as const;
