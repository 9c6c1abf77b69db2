import { useId } from "react";
import { useTranslation } from "react-i18next";
import { type AnswerInputProps, fieldOf } from "./answer-input";

/** A short answer: one line of text, sent as `{ text }`. */
export default function ShortAnswerInput({ value, onAnswer, disabled, headingId }: AnswerInputProps) {
  const { t } = useTranslation("exam");
  const id = useId();
  return (
    <div className="ui-field exam-answer">
      <label className="ui-label" htmlFor={id}>
        {t("types.shortAnswer.label")}
      </label>
      <input id={id} className="ui-input" type="text" autoComplete="off" spellCheck={false} aria-describedby={headingId} value={fieldOf(value, "text")} disabled={disabled} onChange={(event) => onAnswer({ text: event.target.value })} />
    </div>
  );
}
