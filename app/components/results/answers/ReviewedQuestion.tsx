import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { TakenQuizAnswer } from "../../../../api/services/results/present-result";
import { TextWithMaths } from "../../maths/TextWithMaths";
import { AnswerReview } from "./AnswerReview";
import { roundMark } from "./review-rows";

const STATUS_SYMBOL = { yes: "✓", partial: "◐", no: "✗", pending: "◌", empty: "–" } as const;

/**
 * One question of a finished attempt: its text, the status in words with a shape (partial and
 * pending each their own, not by colour only), "mark / maxMark", the answer by its type, the
 * grader's comment, and the explanation when the key may be seen. `facts` (the teacher's saved
 * time and grader) and `children` (the student's thumbs, the teacher's Mark link) are the
 * page's own.
 */
export function ReviewedQuestion({ answer, number, facts, children }: { answer: TakenQuizAnswer; number: number; facts?: ReactNode; children?: ReactNode }) {
  const { t } = useTranslation("results");
  const cloze = answer.question.optionType === "cloze";
  return (
    <li className={`result-answer result-answer--${answer.answerStatus}`} data-question-type={answer.question.optionType}>
      <h3 className="result-answer__title">
        <span className="result-answer__number">{t("answers.number", { number })}</span>{" "}
        {cloze ? t("types.cloze.title") : <TextWithMaths text={answer.question.questionText} html={answer.question.questionTextHtml} />}
      </h3>
      <p className="result-answer__status">
        <span className={`result-status result-status--${answer.answerStatus}`}>
          <span aria-hidden="true">{STATUS_SYMBOL[answer.answerStatus]}</span> {t(`answers.status.${answer.answerStatus}`)}
        </span>
        <span className="result-answer__mark">
          {t("answers.mark", { mark: answer.mark === null ? "–" : roundMark(answer.mark), maxMark: roundMark(answer.maxMark) })}
        </span>
        {answer.costsNegativePoint && <span>{t("answers.negativePoint")}</span>}
      </p>
      {facts}
      {answer.question.questionImage && <img className="result-answer__image" src={answer.question.questionImage} alt={t("answers.image", { number })} />}
      <AnswerReview answer={answer} />
      {answer.comment && (
        <div className="result-answer__comment">
          <p className="result-answer__explanation-title">{t("answers.comment")}</p>
          {/* A grader's comment is plain text. */}
          <p className="result-answer__comment-text">{answer.comment}</p>
        </div>
      )}
      {answer.answerExplaination && (
        <div className="result-answer__explanation">
          <p className="result-answer__explanation-title">{t("answers.explanation")}</p>
          {/* Sanitised on the server when stored (ADR 0014). */}
          <div dangerouslySetInnerHTML={{ __html: answer.answerExplaination }} />
          {answer.image && <img className="result-answer__image" src={answer.image} alt={t("answers.explanationImage", { number })} />}
        </div>
      )}
      {children}
    </li>
  );
}
