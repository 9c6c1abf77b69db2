import { type ReactNode, useState } from "react";
import {
  FieldError,
  Input,
  Text,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
  ToggleButton,
  type ValidationResult,
} from "react-aria-components";
import { FieldLabel } from "./FieldLabel";
import { useFormFieldError } from "./form-errors";
import { useTranslation } from "react-i18next";

export interface PasswordFieldProps extends Omit<AriaTextFieldProps, "children" | "type"> {
  label: ReactNode;
  description?: ReactNode;
  errorMessage?: string | ((validation: ValidationResult) => string);
  placeholder?: string;
  showRequired?: boolean;
  /** Hide the show/hide toggle (e.g. for very short PIN-like inputs). */
  hideToggle?: boolean;
}

/**
 * A password input with a show/hide toggle. The toggle is a real toggle button (aria-pressed)
 * labelled 'Show password', reachable by keyboard; the field keeps its value and caret.
 * Set `autoComplete` to "current-password" or "new-password" so password managers help.
 */
export function PasswordField({
  label,
  description,
  errorMessage: ownError,
  placeholder,
  showRequired,
  hideToggle,
  className,
  ...props
}: PasswordFieldProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const { isInvalid, errorMessage } = useFormFieldError(props.name, { isInvalid: props.isInvalid, errorMessage: ownError });
  return (
    <AriaTextField
      {...props}
      isInvalid={isInvalid}
      type={visible ? "text" : "password"}
      className={["ui-field", className].filter(Boolean).join(" ")}
    >
      <FieldLabel required={showRequired || props.isRequired}>{label}</FieldLabel>
      <div className="ui-input-group">
        <Input className="ui-input" placeholder={placeholder} spellCheck={false} />
        {!hideToggle && (
          <ToggleButton
            className="ui-input-group__button"
            aria-label={t("ui.showPassword")}
            isSelected={visible}
            onChange={setVisible}
            isDisabled={props.isDisabled}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path
                d="M12 5C6.5 5 2.7 9.3 1.5 12c1.2 2.7 5 7 10.5 7s9.3-4.3 10.5-7C21.3 9.3 17.5 5 12 5Zm0 11a4 4 0 1 1 0-8 4 4 0 0 1 0 8Z"
                fill="currentColor"
              />
              {visible && <path d="M3 3l18 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />}
            </svg>
          </ToggleButton>
        )}
      </div>
      {description && (
        <Text slot="description" className="ui-field__description">
          {description}
        </Text>
      )}
      <FieldError className="ui-field__error">{errorMessage}</FieldError>
    </AriaTextField>
  );
}
