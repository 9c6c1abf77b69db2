import type { ReactNode } from "react";
import {
  FieldError,
  Input,
  Text,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
  type ValidationResult,
} from "react-aria-components";
import { FieldLabel } from "./FieldLabel";
import { useFormFieldError } from "./form-errors";

export interface TextFieldProps extends Omit<AriaTextFieldProps, "children"> {
  /** Visible label (every control is labelled). */
  label: ReactNode;
  /** Help text under the field, linked with aria-describedby. */
  description?: ReactNode;
  /**
   * Error text under the field. Usually leave it out: errors come from the enclosing
   * `Form`'s `validationErrors` (keyed by `name`) or from `validate`.
   */
  errorMessage?: string | ((validation: ValidationResult) => string);
  placeholder?: string;
  /** Marks the label with a required asterisk without native browser validation. */
  showRequired?: boolean;
}

/**
 * A labelled single-line text input (react-aria TextField) with description and error
 * message slots. Pass `name` so that it submits with a plain HTML form and picks up
 * server errors from `Form validationErrors`.
 */
export function TextField({ label, description, errorMessage: ownError, placeholder, showRequired, className, ...props }: TextFieldProps) {
  const { isInvalid, errorMessage } = useFormFieldError(props.name, { isInvalid: props.isInvalid, errorMessage: ownError });
  return (
    <AriaTextField {...props} isInvalid={isInvalid} className={["ui-field", className].filter(Boolean).join(" ")}>
      <FieldLabel required={showRequired || props.isRequired}>{label}</FieldLabel>
      <Input className="ui-input" placeholder={placeholder} />
      {description && (
        <Text slot="description" className="ui-field__description">
          {description}
        </Text>
      )}
      <FieldError className="ui-field__error">{errorMessage}</FieldError>
    </AriaTextField>
  );
}
