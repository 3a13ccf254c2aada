import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useLocation } from "react-router";
import { Field, FormAlert } from "~/components/Field";
import { CURRENT_PASSWORD_WRONG, passwordChangeSchema, profileSchema } from "~/lib/auth-schemas";
import { metaMessages, messagesFor, useMessages } from "~/lib/i18n/messages";
import { pageTitle } from "~/lib/shop";
import { requireUser } from "~/models/accounts/auth.server";
import { changePassword, updateProfile, WrongPasswordError } from "~/models/accounts/users.server";
import { formFields, readForm, refused } from "~/utils/http.server";
import { requestLanguage } from "~/utils/language.server";
import { RateLimited } from "~/utils/rate-limit.server";
import { getSession } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import type { Route } from "./+types/account";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(metaMessages(matches).account.title) }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return { email: user.email, name: user.name, phone: user.phone ?? "" };
}

// Two forms on one page, told apart by the button that sent them (stack notes: one action per
// route switching on `intent`).
const ACCOUNT_FIELDS = formFields(profileSchema, { currentPassword: 1, newPassword: 1, intent: 1 });

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request, ACCOUNT_FIELDS);
  if (form.get("intent") === "password") {
    const submission = parseWithZod(form, { schema: passwordChangeSchema });
    const hide = { hideFields: ["currentPassword", "newPassword"] };
    if (submission.status !== "success")
      return refused({ intent: "password" as const, result: submission.reply(hide) });
    try {
      const { id: sessionId } = await getSession(request);
      await changePassword(user.id, submission.value.currentPassword, submission.value.newPassword, sessionId);
    } catch (error) {
      if (error instanceof WrongPasswordError) {
        const result = submission.reply({
          ...hide,
          formErrors: [CURRENT_PASSWORD_WRONG],
          fieldErrors: { currentPassword: [CURRENT_PASSWORD_WRONG] },
        });
        return refused({ intent: "password" as const, result }, 401);
      }
      if (error instanceof RateLimited) {
        const result = submission.reply({ ...hide, formErrors: [error.message] });
        return refused({ intent: "password" as const, result }, 429);
      }
      throw error;
    }
    const t = messagesFor(requestLanguage(request));
    return redirectWithToast(request, "/account", {
      type: "success",
      title: t.account.passwordChanged,
      description: t.account.otherDevicesOut,
    });
  }
  const submission = parseWithZod(form, { schema: profileSchema });
  if (submission.status !== "success") return refused({ intent: "profile" as const, result: submission.reply() });
  await updateProfile(user.id, submission.value);
  const t = messagesFor(requestLanguage(request));
  return redirectWithToast(request, "/account", { type: "success", title: t.account.updated });
}

export default function Account(props: Route.ComponentProps) {
  // After a save the action redirects back here: the forms start afresh from the saved values (with
  // JS, React would otherwise keep what was typed, untrimmed, and the passwords in their fields).
  return <AccountForms key={useLocation().key} {...props} />;
}

function AccountForms({ loaderData, actionData }: Route.ComponentProps) {
  const t = useMessages();
  const [profile, profileFields] = useForm({
    id: "profile",
    lastResult: actionData?.intent === "profile" ? actionData.result : undefined,
    defaultValue: { name: loaderData.name, phone: loaderData.phone },
    constraint: getZodConstraint(profileSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: profileSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const [password, passwordFields] = useForm({
    id: "password",
    lastResult: actionData?.intent === "password" ? actionData.result : undefined,
    constraint: getZodConstraint(passwordChangeSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: passwordChangeSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const { name, phone } = profileFields;
  const { currentPassword, newPassword } = passwordFields;
  return (
    <section className="auth-card">
      <h1>{t.account.title}</h1>
      <p>
        {t.account.email}
        <strong>{loaderData.email}</strong>
      </p>

      <h2>{t.account.yourDetails}</h2>
      <FormAlert message={profile.errors?.[0]} />
      <Form method="post" {...getFormProps(profile)}>
        <Field label={t.auth.name} id={name.id} errorId={name.errorId} errors={name.errors}>
          <input {...getInputProps(name, { type: "text" })} autoComplete="name" />
        </Field>
        <Field
          label={t.auth.phone}
          id={phone.id}
          errorId={phone.errorId}
          descriptionId={phone.descriptionId}
          errors={phone.errors}
          hint={t.auth.phoneHint}
        >
          <input
            {...getInputProps(phone, { type: "tel", ariaDescribedBy: phone.descriptionId })}
            inputMode="numeric"
            autoComplete="tel-national"
          />
        </Field>
        <button type="submit" name="intent" value="profile" className="button primary">
          {t.account.saveDetails}
        </button>
      </Form>

      <h2>{t.account.changePassword}</h2>
      <FormAlert message={password.errors?.[0]} />
      <Form method="post" {...getFormProps(password)}>
        <Field
          label={t.account.currentPassword}
          id={currentPassword.id}
          errorId={currentPassword.errorId}
          errors={currentPassword.errors}
        >
          <input {...getInputProps(currentPassword, { type: "password" })} autoComplete="current-password" />
        </Field>
        <Field
          label={t.account.newPassword}
          id={newPassword.id}
          errorId={newPassword.errorId}
          errors={newPassword.errors}
        >
          <input {...getInputProps(newPassword, { type: "password" })} autoComplete="new-password" />
        </Field>
        <button type="submit" name="intent" value="password" className="button primary">
          {t.account.changePassword}
        </button>
      </Form>
      <p className="hint">{t.account.passwordHint}</p>
    </section>
  );
}
