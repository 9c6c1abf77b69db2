import type { ReactNode } from "react";

/**
 * A label, help text and error around a native control (the editor's lists of options and
 * tags are plain inputs so that they submit without JavaScript). The error is the caller's:
 * the editor passes its Form's for the control's name (useFormErrors), so it goes when the
 * control is typed in; the wizard's steps and the overrides panel pass their own.
 */
export function NativeField({
  id,
  label,
  description,
  error,
  required,
  children,
}: {
  id: string;
  label: ReactNode;
  description?: ReactNode;
  error?: string;
  required?: boolean;
  children: (aria: { id: string; "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode;
}) {
  const describedBy = [description && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ") || undefined;
  return (
    <div className="ui-field" data-invalid={error ? true : undefined}>
      <div className="ui-field__label-row">
        <label className="ui-field__label" htmlFor={id}>
          {label}
        </label>
        {required && (
          <span className="ui-field__required" aria-hidden="true">
            *
          </span>
        )}
      </div>
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      {description && (
        <p id={`${id}-hint`} className="ui-field__description">
          {description}
        </p>
      )}
      {error && <FieldMessage id={`${id}-error`}>{error}</FieldMessage>}
    </div>
  );
}

export function FieldMessage({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="ui-field__error">
      {children}
    </p>
  );
}
