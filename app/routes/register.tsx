import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, redirect, useSearchParams } from "react-router";
import { Field, FormAlert } from "~/components/Field";
import { EMAIL_TAKEN, isCheckoutReturn, registerSchema, registerSummary, safeRedirect } from "~/lib/auth-schemas";
import { metaMessages, messagesFor, useMessages } from "~/lib/i18n/messages";
import { pageTitle } from "~/lib/shop";
import { getUser, startUserSession } from "~/models/accounts/auth.server";
import { registerAccount } from "~/models/accounts/login.server";
import { EmailTakenError } from "~/models/accounts/users.server";
import { firstName } from "~/utils/greeting.server";
import { formFields, readForm, refused } from "~/utils/http.server";
import { requestLanguage } from "~/utils/language.server";
import { RateLimited } from "~/utils/rate-limit.server";
import { ipOf } from "~/utils/request-context.server";
import { redirectWithToast } from "~/utils/toast.server";
import type { Route } from "./+types/register";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(metaMessages(matches).auth.signUp) }];

export async function loader({ request }: Route.LoaderArgs) {
  if (await getUser(request)) throw redirect(safeRedirect(new URL(request.url).searchParams.get("redirect"), "/"));
  return null;
}

const REGISTER_FIELDS = formFields(registerSchema, { redirect: 1 });

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request, REGISTER_FIELDS);
  const submission = parseWithZod(formData, { schema: registerSchema });
  if (submission.status !== "success") {
    const summary = registerSummary(Object.fromEntries(formData), submission.error ?? {});
    return refused(submission.reply({ formErrors: [summary], hideFields: ["password"] }));
  }
  let user;
  try {
    user = await registerAccount(submission.value, ipOf(context), requestLanguage(request));
  } catch (error) {
    if (error instanceof RateLimited)
      return refused(submission.reply({ formErrors: [error.message], hideFields: ["password"] }), 429);
    if (!(error instanceof EmailTakenError)) throw error;
    return refused(
      submission.reply({ fieldErrors: { email: [EMAIL_TAKEN] }, formErrors: [EMAIL_TAKEN], hideFields: ["password"] }),
      409,
    );
  }
  const cookie = await startUserSession(request, user.id);
  const to = safeRedirect(formData.get("redirect"), "/");
  const t = messagesFor(requestLanguage(request));
  return redirectWithToast(
    request,
    to,
    {
      type: "success",
      title: t.auth.accountCreated,
      description: t.auth.welcomeName(firstName(user.name, user.email)),
    },
    { headers: { "Set-Cookie": cookie } },
  );
}

export default function Register({ actionData }: Route.ComponentProps) {
  const t = useMessages();
  const [searchParams] = useSearchParams();
  const redirectTo = searchParams.get("redirect") ?? "";
  const [form, fields] = useForm({
    lastResult: actionData,
    constraint: getZodConstraint(registerSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: registerSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  // The client shows the same summary as the server (whose reply puts it in form.errors).
  const hasFieldErrors = Object.keys(form.allErrors).length > 0;
  const summary = form.errors?.[0] ?? (hasFieldErrors ? registerSummary(form.value ?? {}, form.allErrors) : null);
  return (
    <section className="auth-card">
      <h1>{t.auth.createAccount}</h1>
      {isCheckoutReturn(redirectTo) ? <p className="auth-note">{t.auth.checkoutNote}</p> : null}
      <FormAlert message={summary} />
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="redirect" value={redirectTo} />
        <Field label={t.auth.name} id={fields.name.id} errorId={fields.name.errorId} errors={fields.name.errors}>
          <input {...getInputProps(fields.name, { type: "text" })} autoComplete="name" />
        </Field>
        <Field label={t.auth.email} id={fields.email.id} errorId={fields.email.errorId} errors={fields.email.errors}>
          <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" />
        </Field>
        <Field
          label={t.auth.phone}
          id={fields.phone.id}
          errorId={fields.phone.errorId}
          descriptionId={fields.phone.descriptionId}
          errors={fields.phone.errors}
          hint={t.auth.phoneHint}
        >
          <input
            {...getInputProps(fields.phone, { type: "tel", ariaDescribedBy: fields.phone.descriptionId })}
            inputMode="numeric"
            autoComplete="tel-national"
          />
        </Field>
        <Field
          label={t.auth.password}
          id={fields.password.id}
          errorId={fields.password.errorId}
          errors={fields.password.errors}
        >
          <input {...getInputProps(fields.password, { type: "password" })} autoComplete="new-password" />
        </Field>
        <button type="submit" className="button primary">
          {t.auth.signUp}
        </button>
      </Form>
      <p>
        {t.auth.haveAccount}{" "}
        <Link to={redirectTo ? `/login?redirect=${encodeURIComponent(redirectTo)}` : "/login"}>{t.auth.login}</Link>
      </p>
    </section>
  );
}
