import { type ReactNode, useId } from "react";
import type { RadioOption } from "./RadioGroup";

export interface NativeRadioGroupProps {
  /** The group's visible label (the question, e.g. 'Choose one answer'); names the radiogroup. */
  label: ReactNode;
  options: RadioOption[];
  /** The chosen option's value; null while none is chosen. */
  value: string | null;
  onChange: (value: string) => void;
  isDisabled?: boolean;
  /** The inputs' shared name; a unique one by default (the browser groups radios by name). */
  name?: string;
  className?: string;
}

/**
 * A radio group on the browser's own `<input type="radio">`, looking exactly like `RadioGroup`
 * (same class names), for the exam page: the mode step and the exam's one-answer questions.
 * Why not `RadioGroup`: react-aria's radio group moves focus with its own arrow-key handling,
 * and that brings its focusable-tree walker (FocusScope, ~4 KB gzipped) into the page that has
 * a weight budget (docs/performance.md "Exam page weight"). Native radios sharing a name give
 * the same behaviour for free: one tab stop, arrow keys move and choose (in the reading
 * direction), Space chooses, the label toggles; the group is a `radiogroup` named by its label,
 * and each option's description is read with it (aria-describedby).
 * Use `RadioGroup` in forms: it takes part in react-aria's form validation (server errors by name).
 */
export function NativeRadioGroup({ label, options, value, onChange, isDisabled = false, name, className }: NativeRadioGroupProps) {
  const id = useId();
  const groupName = name ?? `radio${id}`;
  return (
    <div role="radiogroup" aria-labelledby={`${id}-label`} aria-disabled={isDisabled || undefined} className={["ui-field", "ui-radio-group", className].filter(Boolean).join(" ")}>
      <div className="ui-field__label-row">
        <span id={`${id}-label`} className="ui-field__label">
          {label}
        </span>
      </div>
      <div className="ui-radio-group__options">
        {options.map((option, index) => {
          const disabled = isDisabled || option.isDisabled;
          const descriptionId = option.description ? `${id}-description-${index}` : undefined;
          return (
            <div key={option.value} className="ui-radio-field">
              <label className="ui-radio" data-disabled={disabled || undefined}>
                <input
                  type="radio"
                  className="ui-visually-hidden"
                  name={groupName}
                  value={option.value}
                  checked={value === option.value}
                  disabled={disabled}
                  aria-describedby={descriptionId}
                  onChange={() => onChange(option.value)}
                />
                <span className="ui-radio__circle" aria-hidden="true" />
                <span className="ui-radio__label">{option.label}</span>
              </label>
              {option.description && (
                <div id={descriptionId} className="ui-field__description">
                  {option.description}
                </div>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
