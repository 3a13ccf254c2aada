import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, redirect } from "react-router";
import { Field, FormAlert } from "~/components/Field";
import { forgotSchema, RESET_SENT } from "~/lib/auth-schemas";
import { pageTitle } from "~/lib/shop";
import { requestPasswordReset } from "~/models/accounts/password-reset.server";
import { formFields, readForm, refused } from "~/utils/http.server";
import { requestLanguage } from "~/utils/language.server";
import { RateLimited } from "~/utils/rate-limit.server";
import { ipOf } from "~/utils/request-context.server";
import type { Route } from "./+types/forgot-password";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Forgot password") }];

export function loader({ request }: Route.LoaderArgs) {
  return { sent: new URL(request.url).searchParams.has("sent") };
}

const FORGOT_FIELDS = formFields(forgotSchema);

// The same answer, after the same time, whether or not the email has an account (the model waits
// out a floor): a redirect to ?sent, so a reload does not ask again.
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request, FORGOT_FIELDS);
  const submission = parseWithZod(form, { schema: forgotSchema });
  if (submission.status !== "success") return refused(submission.reply());
  try {
    await requestPasswordReset(submission.value.email, ipOf(context), { pageLanguage: requestLanguage(request) });
  } catch (error) {
    if (error instanceof RateLimited) return refused(submission.reply({ formErrors: [error.message] }), 429);
    throw error;
  }
  return redirect("/forgot-password?sent");
}

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useForm({
    lastResult: actionData,
    constraint: getZodConstraint(forgotSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: forgotSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  if (loaderData.sent) {
    return (
      <section className="auth-card">
        <h1>Check your email</h1>
        <p role="status">{RESET_SENT}</p>
        <p>
          No mail after a few minutes? Look in the spam folder, or <Link to="/forgot-password">ask again</Link>.
        </p>
        <p>
          Remembered it after all? <Link to="/login">Login</Link>
        </p>
      </section>
    );
  }
  return (
    <section className="auth-card">
      <h1>Forgot password</h1>
      <p>Enter the email of your account. We will send you a link to choose a new password.</p>
      <FormAlert message={form.errors?.[0]} />
      <Form method="post" {...getFormProps(form)}>
        <Field label="Email" id={fields.email.id} errorId={fields.email.errorId} errors={fields.email.errors}>
          <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" />
        </Field>
        <button type="submit" className="button primary">
          Send reset link
        </button>
      </Form>
      <p>
        Remembered it? <Link to="/login">Login</Link>
      </p>
    </section>
  );
}
