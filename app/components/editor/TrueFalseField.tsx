import { useTranslation } from "react-i18next";
import type { EditorValues } from "./question-form";
import { FieldMessage } from "./NativeField";

/**
 * decisions.md `trueFalse`: the two options are always "True" and "False" (sent as hidden
 * fields, worded in the reader's language on every page); the author only says which is right.
 */
export function TrueFalseField({ options, onChange, error }: { options: EditorValues["options"]; onChange: (trueIsRight: boolean) => void; error?: string }) {
  const { t } = useTranslation("bank");
  const trueIsRight = options[0]?.optionStatus ?? true;
  return (
    <fieldset className="editor__type" aria-invalid={error ? true : undefined} aria-describedby={error ? "options-error" : undefined}>
      <legend className="ui-field__label">{t("keyEditor.rightAnswer")}</legend>
      <input type="hidden" name="options.0.optionText" value="True" />
      <input type="hidden" name="options.1.optionText" value="False" />
      {[true, false].map((isTrue, index) => (
        <label key={index} className="editor__type-choice">
          <input type="radio" name="correct" value={index} checked={trueIsRight === isTrue} onChange={() => onChange(isTrue)} />
          {t(isTrue ? "keyEditor.preview.true" : "keyEditor.preview.false")}
        </label>
      ))}
      {error && <FieldMessage id="options-error">{error}</FieldMessage>}
    </fieldset>
  );
}
