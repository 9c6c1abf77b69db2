import { useId } from "react";
import { useTranslation } from "react-i18next";
import { type AnswerInputProps, fieldOf } from "./answer-input";

/**
 * A number as the student types it (sent as text: "1,5" or "2e3" are read by the server's own
 * rule, number-text.ts), and a unit from the question's list when it offers units.
 */
export default function NumericalInput({ question, value, onAnswer, disabled, headingId }: AnswerInputProps) {
  const { t } = useTranslation("exam");
  const id = useId();
  const units = question.units ?? [];
  const typed = fieldOf(value, "value");
  const unit = fieldOf(value, "unit");
  const send = (nextValue: string, nextUnit: string) => onAnswer(nextUnit ? { value: nextValue, unit: nextUnit } : { value: nextValue });
  return (
    <div className="exam-answer exam-answer--row">
      <div className="ui-field">
        <label className="ui-label" htmlFor={`${id}-value`}>
          {t("types.numerical.label")}
        </label>
        <input id={`${id}-value`} className="ui-input" type="text" inputMode="decimal" autoComplete="off" aria-describedby={headingId} value={typed} disabled={disabled} onChange={(event) => send(event.target.value, unit)} />
      </div>
      {units.length > 0 && (
        <div className="ui-field">
          <label className="ui-label" htmlFor={`${id}-unit`}>
            {t("types.numerical.unit")}
          </label>
          <select id={`${id}-unit`} className="ui-input" value={unit} disabled={disabled} onChange={(event) => send(typed, event.target.value)}>
            <option value="">{t("types.numerical.noUnit")}</option>
            {units.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
      )}
    </div>
  );
}
