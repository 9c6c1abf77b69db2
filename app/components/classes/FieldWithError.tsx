import type { InputHTMLAttributes } from "react";

interface FieldWithErrorProps extends InputHTMLAttributes<HTMLInputElement> {
  name: string;
  label: string;
  hint?: string;
  /** The field's refusal, already in the reader's language. */
  error?: string;
}

/** A labelled text input of the class forms (they work without JavaScript), its hint and its refusal tied to it for screen readers. */
export function FieldWithError({ name, label, hint, error, className, ...input }: FieldWithErrorProps) {
  const described = [hint ? `${name}-hint` : "", error ? `${name}-error` : ""].filter(Boolean).join(" ");
  return (
    <label className="ui-field">
      <span className="ui-field__label">{label}</span>
      <input className={["ui-input", className].filter(Boolean).join(" ")} name={name} aria-invalid={error ? true : undefined} aria-describedby={described || undefined} {...input} />
      {hint ? (
        <span id={`${name}-hint`} className="ui-field__description">
          {hint}
        </span>
      ) : null}
      {error ? (
        <span id={`${name}-error`} className="classes-error">
          {error}
        </span>
      ) : null}
    </label>
  );
}
