import { getFormProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { Field, FormAlert } from "~/components/Field";
import { useMessages } from "~/lib/i18n/messages";
import { reviewSchema } from "~/lib/review-schema";

// Derived from the schema alone: computed once, not on every render.
const constraint = getZodConstraint(reviewSchema);

/**
 * The product page's review form; the page loads it lazily (only logged-in shoppers see it).
 * `mine`: the shopper's own review of this product, which a post replaces; the form starts from it.
 */
export default function ReviewForm({
  lastResult,
  mine,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  mine: { rating: number; comment: string } | null;
}) {
  const t = useMessages().reviews;
  const [form, fields] = useForm({
    lastResult,
    constraint,
    // As the server reads it (app/routes/product.$id.tsx): the rating from its digits only.
    onValidate: ({ formData }) => parseWithZod(formData, { schema: reviewSchema, disableAutoCoercion: true }),
    shouldValidate: "onSubmit",
    defaultValue: mine ? { rating: String(mine.rating), comment: mine.comment } : { rating: "5", comment: "" },
  });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="review-form"
      aria-describedby={mine ? "review-note" : undefined}
    >
      <h3>{mine ? t.update : t.write}</h3>
      <FormAlert message={form.errors?.[0]} />
      <Field label={t.rating} id={fields.rating.id} errorId={fields.rating.errorId} errors={fields.rating.errors}>
        <select {...getSelectProps(fields.rating)}>
          {[5, 4, 3, 2, 1].map((n) => (
            <option key={n} value={n}>
              {t.stars(n)}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t.comment} id={fields.comment.id} errorId={fields.comment.errorId} errors={fields.comment.errors}>
        <textarea {...getTextareaProps(fields.comment)} rows={3} />
      </Field>
      <button type="submit" className="button primary">
        {t.submit}
      </button>
    </Form>
  );
}
