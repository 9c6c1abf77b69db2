import { useTranslation } from "react-i18next";
import type { QuestionEntity } from "../../../api/services/questions/question-entity";
import { TextWithMaths } from "../maths/TextWithMaths";
import { KeyDetails } from "./KeyDetails";

/**
 * The question as its author sees it (view dialog): options with the correct marks (or the
 * other types' answer key), tags,
 * images and the explanation. The explanation is rendered as HTML because the service
 * stored it sanitised (api/services/questions/sanitise-explanation.ts allowlist).
 */
export function QuestionDetails({ question }: { question: QuestionEntity }) {
  const { t } = useTranslation("bank");
  return (
    <div className="question-details">
      <p className="question-details__place">
        {question.category} <span aria-hidden="true">›</span> {question.course} · {t(`list.optionType.${question.optionType}`)}
      </p>
      <p className="question-details__text">
        <TextWithMaths text={question.questionText} html={question.questionTextHtml} />
      </p>
      {question.questionImageUrl && <img className="editor-image__preview" src={question.questionImageUrl} alt={t("editor.questionImage")} />}
      <KeyDetails question={question} />
      {question.options.length > 0 && (
      <ol className="question-details__options" aria-label={t("editor.options")}>
        {question.options.map((option) => (
          <li key={option.id} className={option.optionStatus ? "question-details__option question-details__option--correct" : "question-details__option"}>
            <TextWithMaths className="question-details__option-text" text={option.optionText} html={option.optionTextHtml} />
            {option.optionStatus && <span className="shell-badge shell-badge--success">{t("editor.correctAnswer")}</span>}
          </li>
        ))}
      </ol>
      )}
      <h3 className="question-details__heading">{t("editor.tags")}</h3>
      {question.tags.length ? (
        <ul className="bank-tags">
          {question.tags.map((tag) => (
            <li key={tag} className="bank-tags__tag">
              {tag}
            </li>
          ))}
        </ul>
      ) : (
        <p>{t("editor.noTags")}</p>
      )}
      <h3 className="question-details__heading">{t("editor.explanation")}</h3>
      {/* Sanitised by the service before it was stored: an allowlist without scripts, styles or images. */}
      <div className="question-details__explanation" dangerouslySetInnerHTML={{ __html: question.answerExplaination }} />
      {question.imageUrl && <img className="editor-image__preview" src={question.imageUrl} alt={t("editor.explanationImage")} />}
    </div>
  );
}
