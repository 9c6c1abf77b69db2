import type { ReactNode } from "react";
import {
  CheckboxButton,
  CheckboxField,
  type CheckboxFieldProps,
  FieldError,
  Text,
  type ValidationResult,
} from "react-aria-components";
import { useFormFieldError } from "./form-errors";

export interface CheckboxProps extends Omit<CheckboxFieldProps, "children"> {
  /** The label; clicking it toggles the box. Keep links out of it (use `description`). */
  children: ReactNode;
  /** Extra text (may contain links) under the label, linked with aria-describedby. */
  description?: ReactNode;
  errorMessage?: string | ((validation: ValidationResult) => string);
}

/**
 * A single checkbox with label, description and error message (react-aria CheckboxField).
 * It renders a native checkbox, so it submits as `name=value` ("on" by default) without
 * JavaScript.
 */
export function Checkbox({ children, description, errorMessage: ownError, className, ...props }: CheckboxProps) {
  const { isInvalid, errorMessage } = useFormFieldError(props.name, { isInvalid: props.isInvalid, errorMessage: ownError });
  return (
    <CheckboxField {...props} isInvalid={isInvalid} className={["ui-checkbox-field", className].filter(Boolean).join(" ")}>
      <CheckboxButton className="ui-checkbox">
        <span className="ui-checkbox__box" aria-hidden="true">
          <svg viewBox="0 0 18 18" focusable="false">
            <polyline points="3 9.5 7.5 14 15 4.5" fill="none" />
          </svg>
        </span>
        <span className="ui-checkbox__label">{children}</span>
      </CheckboxButton>
      {description && (
        <Text slot="description" className="ui-field__description">
          {description}
        </Text>
      )}
      <FieldError className="ui-field__error">{errorMessage}</FieldError>
    </CheckboxField>
  );
}
