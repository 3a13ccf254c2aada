import type { ReactNode } from "react";
import { useMessages } from "~/lib/i18n/messages";
import { translateFeedback } from "~/lib/i18n/translate";

type Props = {
  label: ReactNode;
  id: string;
  errorId: string;
  descriptionId?: string;
  errors?: string[];
  hint?: ReactNode;
  children: ReactNode;
};

/**
 * A labelled form control with its hint and its first error, wired for screen readers. The error
 * is the shared schema's English text, said in the page's language.
 */
export function Field({ label, id, errorId, descriptionId, errors, hint, children }: Props) {
  const t = useMessages();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}{" "}
      {hint ? (
        <small id={descriptionId} className="hint">
          {hint}
        </small>
      ) : null}
      <p id={errorId} className="field-error" aria-live="polite">
        {errors?.[0] ? translateFeedback(t, errors[0]) : ""}
      </p>
    </div>
  );
}

export function FormAlert({ message }: { message?: string | null }) {
  const t = useMessages();
  if (!message) return null;
  return (
    <p className="form-alert" role="alert">
      {translateFeedback(t, message)}
    </p>
  );
}
