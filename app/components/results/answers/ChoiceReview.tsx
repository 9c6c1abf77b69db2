import { useTranslation } from "react-i18next";
import type { TakenQuizAnswer } from "../../../../api/services/results/present-result";
import { TextWithMaths } from "../../maths/TextWithMaths";
import { useGivenLabelKey } from "./review-reader";

/** radio, checkbox, trueFalse: every option, the chosen ones and (with the key) the right ones tagged. */
export function ChoiceReview({ answer }: { answer: TakenQuizAnswer }) {
  const { t } = useTranslation("results");
  const chosen = new Set(answer.answerFurthers.map((o) => o.id));
  const right = new Set(answer.correctOptionIds ?? []);
  const givenLabel = useGivenLabelKey();
  return (
    <ul className="result-answer__options">
      {answer.question.options.map((option) => (
        <li key={option.id} className={[chosen.has(option.id) && "is-chosen", right.has(option.id) && "is-right"].filter(Boolean).join(" ") || undefined}>
          <TextWithMaths text={option.optionText} html={option.optionTextHtml} />
          {chosen.has(option.id) && <span className="result-answer__tag">{t(givenLabel)}</span>}
          {right.has(option.id) && <span className="result-answer__tag result-answer__tag--right">{t("answers.rightAnswer")}</span>}
        </li>
      ))}
    </ul>
  );
}
