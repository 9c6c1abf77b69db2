import { useId } from "react";
import { useTranslation } from "react-i18next";
import { type AnswerInputProps, fieldOf } from "./answer-input";
import { htmlToText, textToHtml, wordCount } from "./essay-text";

/**
 * An essay: a text box that starts from the question's response template, with its word count
 * against the limits beside it, announced politely (a live region read when the typing pauses).
 * Every change is autosaved like any answer, so a draft survives a reload or a lost connection.
 */
export default function EssayInput({ question, value, onAnswer, disabled, headingId }: AnswerInputProps) {
  const { t } = useTranslation("exam");
  const id = useId();
  const text = value ? htmlToText(fieldOf(value, "html")) : htmlToText(question.responseTemplate ?? "");
  const words = wordCount(text);
  const { minWords, maxWords } = question;
  const outside = (minWords !== undefined && words < minWords) || (maxWords !== undefined && words > maxWords);
  const limits =
    minWords !== undefined && maxWords !== undefined
      ? t("types.essay.between", { min: minWords, max: maxWords })
      : minWords !== undefined
        ? t("types.essay.atLeast", { min: minWords })
        : maxWords !== undefined
          ? t("types.essay.atMost", { max: maxWords })
          : null;
  return (
    <div className="ui-field exam-answer">
      <label className="ui-label" htmlFor={id}>
        {t("types.essay.label")}
      </label>
      <textarea id={id} className="ui-input exam-answer__essay" rows={10} aria-describedby={`${headingId} ${id}-count`} value={text} disabled={disabled} onChange={(event) => onAnswer({ html: textToHtml(event.target.value) })} />
      <p id={`${id}-count`} className={`exam-answer__count${outside ? " exam-answer__count--outside" : ""}`} aria-live="polite">
        {t("types.essay.words", { count: words })}
        {limits && ` · ${limits}`}
      </p>
    </div>
  );
}
