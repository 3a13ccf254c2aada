import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, redirect } from "react-router";
import { Field, FormAlert } from "~/components/Field";
import { forgotSchema, RESET_SENT } from "~/lib/auth-schemas";
import { metaMessages, useMessages } from "~/lib/i18n/messages";
import { translateFeedback } from "~/lib/i18n/translate";
import { pageTitle } from "~/lib/shop";
import { requestPasswordReset } from "~/models/accounts/password-reset.server";
import { formFields, readForm, refused } from "~/utils/http.server";
import { requestLanguage } from "~/utils/language.server";
import { RateLimited } from "~/utils/rate-limit.server";
import { ipOf } from "~/utils/request-context.server";
import type { Route } from "./+types/forgot-password";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(metaMessages(matches).auth.forgotTitle) }];

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
  const t = useMessages();
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
        <h1>{t.auth.checkEmail}</h1>
        <p role="status">{translateFeedback(t, RESET_SENT)}</p>
        <p>
          {t.auth.noMailBefore}
          <Link to="/forgot-password">{t.auth.askAgain}</Link>
          {t.auth.noMailAfter}
        </p>
        <p>
          {`${t.auth.rememberedAfterAll} `}
          <Link to="/login">{t.auth.login}</Link>
        </p>
      </section>
    );
  }
  return (
    <section className="auth-card">
      <h1>{t.auth.forgotTitle}</h1>
      <p>{t.auth.forgotIntro}</p>
      <FormAlert message={form.errors?.[0]} />
      <Form method="post" {...getFormProps(form)}>
        <Field label={t.auth.email} id={fields.email.id} errorId={fields.email.errorId} errors={fields.email.errors}>
          <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" />
        </Field>
        <button type="submit" className="button primary">
          {t.auth.sendResetLink}
        </button>
      </Form>
      <p>
        {`${t.auth.remembered} `}
        <Link to="/login">{t.auth.login}</Link>
      </p>
    </section>
  );
}
