import type { ReactNode } from "react";
import {
  Button as AriaButton,
  FieldError,
  type Key,
  ListBox,
  ListBoxItem,
  Popover,
  Select as AriaSelect,
  type SelectProps as AriaSelectProps,
  SelectValue,
  Text,
  type ValidationResult,
} from "react-aria-components";
import { FieldLabel } from "./FieldLabel";
import { useClearFormError, useFormFieldError } from "./form-errors";

export interface SelectOption {
  id: Key;
  /** The option as text: what typing a letter finds, and its accessible name when it draws `content`. */
  label: string;
  /** What the option draws instead of its label (a formula rendered as MathML); the label stays its text. */
  content?: ReactNode;
  isDisabled?: boolean;
}

export interface SelectProps extends Omit<AriaSelectProps<SelectOption>, "children" | "selectionMode"> {
  /** The visible label; without it the select is named by `aria-label` (a gap inside a sentence). */
  label?: ReactNode;
  options: SelectOption[];
  /** Prompt shown while nothing is chosen, e.g. 'Select your role'. */
  placeholder?: string;
  description?: ReactNode;
  errorMessage?: string | ((validation: ValidationResult) => string);
  showRequired?: boolean;
}

/**
 * A single-choice dropdown (react-aria Select) with label, placeholder, description and
 * error slots. It submits `name` through a hidden native select. It needs JavaScript to
 * open; for choices that must work without it, prefer `RadioGroup`.
 */
export function Select({ label, options, placeholder, description, errorMessage: ownError, showRequired, className, onSelectionChange, ...props }: SelectProps) {
  const { isInvalid, errorMessage } = useFormFieldError(props.name, { isInvalid: props.isInvalid, errorMessage: ownError });
  const clearFormError = useClearFormError();
  // A choice fires no input event on the form: clear this field's error here.
  const choose: typeof onSelectionChange = (key) => {
    if (props.name) clearFormError(props.name);
    onSelectionChange?.(key);
  };
  return (
    <AriaSelect {...props} isInvalid={isInvalid} onSelectionChange={choose} placeholder={placeholder} className={["ui-field", "ui-select", className].filter(Boolean).join(" ")}>
      {label !== undefined && <FieldLabel required={showRequired || props.isRequired}>{label}</FieldLabel>}
      <AriaButton className="ui-input ui-select__button">
        <SelectValue className="ui-select__value" />
        <svg className="ui-select__chevron" viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" focusable="false">
          <path d="M5 7.5 10 12.5 15 7.5" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </AriaButton>
      {description && (
        <Text slot="description" className="ui-field__description">
          {description}
        </Text>
      )}
      <FieldError className="ui-field__error">{errorMessage}</FieldError>
      <Popover className="ui-popover">
        <ListBox className="ui-listbox" items={options}>
          {(option) => (
            <ListBoxItem id={option.id} textValue={option.label} aria-label={option.content ? option.label : undefined} isDisabled={option.isDisabled} className="ui-listbox__item">
              {option.content ?? option.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </AriaSelect>
  );
}
