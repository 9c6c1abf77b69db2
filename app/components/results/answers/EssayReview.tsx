import { useContext } from "react";
import { useTranslation } from "react-i18next";
import { ReviewReaderContext } from "./review-reader";
import type { TakenQuizAnswer } from "../../../../api/services/results/present-result";

const htmlOf = (value: unknown) => (typeof value === "object" && value !== null && typeof (value as { html?: unknown }).html === "string" ? (value as { html: string }).html : "");

/**
 * essay: the answer as stored, the only student text drawn as HTML: the server sanitised it
 * with the explanations' sanitiser when it was saved (marking/essay.ts, ADR 0014). The rubric
 * levels a grader chose, when the key may be seen.
 */
export function EssayReview({ answer }: { answer: TakenQuizAnswer }) {
  const { t } = useTranslation("results");
  const html = htmlOf(answer.answer);
  return (
    <div className="result-review">
      <p className="result-answer__explanation-title">{t(useContext(ReviewReaderContext) === "author" ? "types.essay.given" : "types.essay.title")}</p>
      {html === "" ? <p className="result__note">{t("types.noAnswer")}</p> : <div className="result-essay" dangerouslySetInnerHTML={{ __html: html }} />}
      {answer.rubricLevels && answer.rubricLevels.length > 0 && (
        <>
          <p className="result-answer__explanation-title">{t("types.essay.rubric")}</p>
          <ul className="result-review__accepted">
            {answer.rubricLevels.map((level, i) => (
              <li key={i}>{t("types.essay.level", { ...level })}</li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
