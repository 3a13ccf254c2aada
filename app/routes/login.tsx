import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, redirect, useSearchParams } from "react-router";
import { Field, FormAlert } from "~/components/Field";
import { isDatabaseUnavailable } from "~/db/unavailable.server";
import { isCheckoutReturn, LOGIN_FAILED, LOGIN_REQUIRED, loginSchema, safeRedirect } from "~/lib/auth-schemas";
import { metaMessages, messagesFor, useMessages } from "~/lib/i18n/messages";
import { pageTitle } from "~/lib/shop";
import { authenticateForm, getUser, startUserSession } from "~/models/accounts/auth.server";
import { LoginError } from "~/models/accounts/login.server";
import { firstName } from "~/utils/greeting.server";
import { formFields, readForm, refused } from "~/utils/http.server";
import { requestLanguage } from "~/utils/language.server";
import { RateLimited } from "~/utils/rate-limit.server";
import { redirectWithToast } from "~/utils/toast.server";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(metaMessages(matches).auth.login) }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getUser(request);
  if (user) {
    const to = new URL(request.url).searchParams.get("redirect");
    throw redirect(safeRedirect(to, user.isAdmin ? "/admin" : "/"));
  }
  return null;
}

const LOGIN_FIELDS = formFields(loginSchema);

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request, LOGIN_FIELDS);
  const submission = parseWithZod(form, { schema: loginSchema });
  if (submission.status !== "success") {
    return refused(submission.reply({ formErrors: [LOGIN_REQUIRED], hideFields: ["password"] }));
  }
  let user;
  try {
    // remix-auth's form strategy reads the body itself: it is given the form as read here, so the
    // credentials it checks are the ones validated above, not a repeat of a name further on.
    user = await authenticateForm(new Request(request.url, { method: "POST", body: form }), context);
  } catch (error) {
    // A database that is down is not a wrong password: the 503 page says so (utils/unavailable.server.ts).
    if (error instanceof Response || isDatabaseUnavailable(error)) throw error;
    if (error instanceof RateLimited)
      return refused(submission.reply({ formErrors: [error.message], hideFields: ["password"] }), 429);
    const message = error instanceof LoginError ? error.message : LOGIN_FAILED;
    return refused(submission.reply({ formErrors: [message], hideFields: ["password"] }), 401);
  }
  const cookie = await startUserSession(request, user.id);
  const to = safeRedirect(submission.value.redirect, user.isAdmin ? "/admin" : "/");
  const t = messagesFor(requestLanguage(request));
  return redirectWithToast(
    request,
    to,
    { type: "success", title: t.auth.welcomeBack, description: t.auth.hiName(firstName(user.name, user.email)) },
    { headers: { "Set-Cookie": cookie } },
  );
}

export default function Login({ actionData }: Route.ComponentProps) {
  const t = useMessages();
  const [searchParams] = useSearchParams();
  const redirectTo = searchParams.get("redirect") ?? "";
  const [form, fields] = useForm({
    lastResult: actionData,
    constraint: getZodConstraint(loginSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const fieldError = fields.email.errors?.[0] ?? fields.password.errors?.[0];
  return (
    <section className="auth-card">
      <h1>{t.auth.login}</h1>
      {isCheckoutReturn(redirectTo) ? <p className="auth-note">{t.auth.checkoutNote}</p> : null}
      <FormAlert message={form.errors?.[0] ?? fieldError} />
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="redirect" value={redirectTo} />
        <Field label={t.auth.email} id={fields.email.id} errorId={fields.email.errorId}>
          <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" />
        </Field>
        <Field label={t.auth.password} id={fields.password.id} errorId={fields.password.errorId}>
          <input {...getInputProps(fields.password, { type: "password" })} autoComplete="current-password" />
        </Field>
        <button type="submit" className="button primary">
          {t.auth.login}
        </button>
      </Form>
      <p>
        <Link to="/forgot-password">{t.auth.forgotLink}</Link>
        {t.auth.forgotAfter}
      </p>
      <p>
        {t.auth.newHere}{" "}
        <Link to={redirectTo ? `/register?redirect=${encodeURIComponent(redirectTo)}` : "/register"}>
          {t.auth.signUp}
        </Link>
      </p>
    </section>
  );
}
