import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import { Field, FormAlert } from "~/components/Field";
import { RESET_LINK_INVALID, resetSchema } from "~/lib/auth-schemas";
import { metaMessages, messagesFor, useMessages } from "~/lib/i18n/messages";
import { pageTitle } from "~/lib/shop";
import { startUserSession } from "~/models/accounts/auth.server";
import { ResetLinkInvalid, resetPassword, userOfResetToken } from "~/models/accounts/password-reset.server";
import { getUserById } from "~/models/accounts/users.server";
import { firstName } from "~/utils/greeting.server";
import { formFields, readForm, refused } from "~/utils/http.server";
import { requestLanguage } from "~/utils/language.server";
import { RateLimited } from "~/utils/rate-limit.server";
import { ipOf } from "~/utils/request-context.server";
import { redirectWithToast } from "~/utils/toast.server";
import type { Route } from "./+types/reset-password";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(metaMessages(matches).auth.resetTitle) },
  // The token is in this page's address: no search engine. (Other sites get no path in a Referer:
  // the server's strict-origin-when-cross-origin. A "no-referrer" meta here would make the form's
  // post carry `Origin: null`, which the cross-site guard refuses.)
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const userId = await userOfResetToken(token);
  // The link came to this inbox: naming its account tells someone with several which one this is.
  const email = userId ? ((await getUserById(userId))?.email ?? null) : null;
  return email ? { token, valid: true, email } : { token: "", valid: false, email: "" };
}

const RESET_FIELDS = formFields(resetSchema);

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request, RESET_FIELDS);
  const submission = parseWithZod(form, { schema: resetSchema });
  if (submission.status !== "success") {
    const reply = submission.reply({ hideFields: ["password"] });
    return refused(submission.error?.token ? { ...reply, linkDead: true } : reply);
  }
  let user;
  try {
    user = await resetPassword(submission.value.token, submission.value.password, ipOf(context));
  } catch (error) {
    if (error instanceof ResetLinkInvalid)
      return refused({ ...submission.reply({ hideFields: ["password"] }), linkDead: true });
    if (error instanceof RateLimited)
      return refused(submission.reply({ formErrors: [error.message], hideFields: ["password"] }), 429);
    throw error;
  }
  // Every session of the account ended with the new password; this browser gets a fresh one.
  const cookie = await startUserSession(request, user.id);
  const t = messagesFor(requestLanguage(request));
  return redirectWithToast(
    request,
    "/",
    {
      type: "success",
      title: t.auth.passwordChanged,
      description: t.auth.loggedInName(firstName(user.name, user.email)),
    },
    { headers: { "Set-Cookie": cookie } },
  );
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const t = useMessages();
  const [form, fields] = useForm({
    lastResult: actionData,
    constraint: getZodConstraint(resetSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const linkDead = !loaderData.valid || (actionData && "linkDead" in actionData && actionData.linkDead);
  if (linkDead) {
    return (
      <section className="auth-card">
        <h1>{t.auth.resetInvalidTitle}</h1>
        <FormAlert message={RESET_LINK_INVALID} />
        <p>
          <Link to="/forgot-password" className="button primary">
            {t.auth.askNewLink}
          </Link>
        </p>
      </section>
    );
  }
  return (
    <section className="auth-card">
      <h1>{t.auth.resetTitle}</h1>
      <p>
        {t.auth.resetForAccount}
        <strong>{loaderData.email}</strong>
        {t.auth.resetRules}
      </p>
      <FormAlert message={form.errors?.[0]} />
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="token" value={loaderData.token} />
        {/* For password managers: the account the new password belongs to. */}
        <input type="email" name="username" value={loaderData.email} autoComplete="username" readOnly hidden />
        <Field
          label={t.auth.newPassword}
          id={fields.password.id}
          errorId={fields.password.errorId}
          errors={fields.password.errors}
        >
          <input {...getInputProps(fields.password, { type: "password" })} autoComplete="new-password" />
        </Field>
        <button type="submit" className="button primary">
          {t.auth.setNewPassword}
        </button>
      </Form>
    </section>
  );
}
