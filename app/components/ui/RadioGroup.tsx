import type { ReactNode } from "react";
import {
  FieldError,
  RadioButton,
  RadioField,
  RadioGroup as AriaRadioGroup,
  type RadioGroupProps as AriaRadioGroupProps,
  Text,
  type ValidationResult,
} from "react-aria-components";
import { FieldLabel } from "./FieldLabel";
import { useFormFieldError } from "./form-errors";

export interface RadioOption {
  value: string;
  label: ReactNode;
  /** Optional help text for this option. */
  description?: ReactNode;
  isDisabled?: boolean;
}

export interface RadioGroupProps extends Omit<AriaRadioGroupProps, "children"> {
  /** The group's visible label (the question, e.g. 'Select your role'). */
  label: ReactNode;
  options: RadioOption[];
  description?: ReactNode;
  errorMessage?: string | ((validation: ValidationResult) => string);
  /** Lay the options out in a row (wraps on small screens) instead of a column. */
  inline?: boolean;
  showRequired?: boolean;
}

/**
 * A labelled group of radio buttons (react-aria RadioGroup). The options are native radio
 * inputs sharing `name`, so the choice submits without JavaScript and arrow keys move
 * between options.
 */
export function RadioGroup({
  label,
  options,
  description,
  errorMessage: ownError,
  inline = false,
  showRequired,
  className,
  ...props
}: RadioGroupProps) {
  const { isInvalid, errorMessage } = useFormFieldError(props.name, { isInvalid: props.isInvalid, errorMessage: ownError });
  return (
    <AriaRadioGroup
      {...props}
      isInvalid={isInvalid}
      className={["ui-field", "ui-radio-group", inline && "ui-radio-group--inline", className].filter(Boolean).join(" ")}
    >
      <FieldLabel required={showRequired || props.isRequired}>{label}</FieldLabel>
      <div className="ui-radio-group__options">
        {options.map((option) => (
          <RadioField key={option.value} value={option.value} isDisabled={option.isDisabled} className="ui-radio-field">
            <RadioButton className="ui-radio">
              <span className="ui-radio__circle" aria-hidden="true" />
              <span className="ui-radio__label">{option.label}</span>
            </RadioButton>
            {option.description && (
              <Text slot="description" className="ui-field__description">
                {option.description}
              </Text>
            )}
          </RadioField>
        ))}
      </div>
      {description && (
        <Text slot="description" className="ui-field__description">
          {description}
        </Text>
      )}
      <FieldError className="ui-field__error">{errorMessage}</FieldError>
    </AriaRadioGroup>
  );
}
