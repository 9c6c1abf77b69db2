import { useTranslation } from "react-i18next";
import { QUESTION_LIMITS } from "../../../api/services/questions/schemas";
import { Button } from "../ui/Button";
import { FieldMessage } from "./NativeField";
import type { EditorValues } from "./question-form";

type Options = EditorValues["options"];

/**
 * Spec 5: 2 to 5 options, each with its text and a correct mark. One answer: the marks are
 * a radio group (exactly one); several answers: checkboxes. Both submit as `correct=<index>`.
 */
export function OptionsField({
  optionType,
  options,
  onChange,
  errorOf,
}: {
  optionType: EditorValues["optionType"];
  options: Options;
  onChange: (options: Options) => void;
  errorOf: (name: string) => string | undefined;
}) {
  const { t } = useTranslation("bank");
  const groupError = errorOf("options");
  const set = (index: number, change: Partial<Options[number]>) =>
    onChange(
      options.map((option, i) => {
        if (i === index) return { ...option, ...change };
        // One answer: marking one unmarks the others.
        if (optionType === "radio" && change.optionStatus) return { ...option, optionStatus: false };
        return option;
      }),
    );

  return (
    <fieldset className="editor-options" aria-describedby={groupError ? "options-error" : "options-hint"} aria-invalid={groupError ? true : undefined}>
      <legend className="ui-field__label">{t("editor.options")}</legend>
      <p id="options-hint" className="ui-field__description">
        {optionType === "radio" ? t("editor.optionsHintRadio") : t("editor.optionsHintCheckbox")}
      </p>
      <ol className="editor-options__list">
        {options.map((option, index) => {
          const number = index + 1;
          const textError = errorOf(`options.${index}.optionText`);
          return (
            <li key={index} className="editor-option" data-invalid={textError ? true : undefined}>
              <label className="editor-option__mark">
                <input
                  type={optionType === "radio" ? "radio" : "checkbox"}
                  name="correct"
                  value={index}
                  checked={option.optionStatus}
                  onChange={(event) => set(index, { optionStatus: event.target.checked })}
                  aria-label={t("editor.correctLabel", { number })}
                />
                <span aria-hidden="true">{t("editor.correct")}</span>
              </label>
              <div className="editor-option__text">
                <label className="ui-visually-hidden" htmlFor={`option-${index}`}>
                  {t("editor.optionLabel", { number })}
                </label>
                <input
                  id={`option-${index}`}
                  className="ui-input"
                  name={`options.${index}.optionText`}
                  value={option.optionText}
                  maxLength={QUESTION_LIMITS.optionText}
                  placeholder={t("editor.optionLabel", { number })}
                  onChange={(event) => set(index, { optionText: event.target.value })}
                  aria-invalid={textError ? true : undefined}
                  aria-describedby={textError ? `option-${index}-error` : undefined}
                  data-invalid={textError ? true : undefined}
                />
                {textError && <FieldMessage id={`option-${index}-error`}>{textError}</FieldMessage>}
              </div>
              <Button
                variant="ghost"
                size="sm"
                aria-label={t("editor.removeOption", { number })}
                isDisabled={options.length <= QUESTION_LIMITS.minOptions}
                onPress={() => onChange(options.filter((_, i) => i !== index))}
              >
                ✕
              </Button>
            </li>
          );
        })}
      </ol>
      {groupError && <FieldMessage id="options-error">{groupError}</FieldMessage>}
      <Button
        variant="secondary"
        size="sm"
        isDisabled={options.length >= QUESTION_LIMITS.maxOptions}
        onPress={() => onChange([...options, { optionText: "", optionStatus: false }])}
      >
        {t("editor.addOption")}
      </Button>
    </fieldset>
  );
}
