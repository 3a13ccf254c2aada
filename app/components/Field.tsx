import type { ReactNode } from "react";

type Props = {
  label: string;
  id: string;
  errorId: string;
  descriptionId?: string;
  errors?: string[];
  hint?: ReactNode;
  children: ReactNode;
};

/** A labelled form control with its hint and its first error, wired for screen readers. */
export function Field({ label, id, errorId, descriptionId, errors, hint, children }: Props) {
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
        {errors?.[0] ?? ""}
      </p>
    </div>
  );
}

export function FormAlert({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <p className="form-alert" role="alert">
      {message}
    </p>
  );
}
