import { useTranslation } from "react-i18next";
import type { TakenQuizAnswer } from "../../../../api/services/results/present-result";
import { TextWithMaths } from "../../maths/TextWithMaths";
import { GivenAndRight } from "./GivenAndRight";
import { orderingRows } from "./review-rows";
import { VerdictTag } from "./VerdictTag";

/** ordering: the order given, each item placed where the right order has it marked, and the right order (with the key). */
export function OrderingReview({ answer }: { answer: TakenQuizAnswer }) {
  const { t } = useTranslation("results");
  const { given, right } = orderingRows(answer.question.items ?? [], answer.answer, answer.rightAnswer);
  return (
    <GivenAndRight
      given={
        given.length > 0 ? (
          <ol className="result-review__order">
            {given.map((row, i) => (
              <li key={i}>
                <TextWithMaths text={row.text} html={row.textHtml} /> <VerdictTag verdict={row.verdict} />
              </li>
            ))}
          </ol>
        ) : null
      }
      right={
        right ? (
          <ol className="result-review__order" aria-label={t("types.ordering.rightOrder")}>
            {right.map((item, i) => (
              <li key={i}>
                <TextWithMaths text={item.text} html={item.textHtml} />
              </li>
            ))}
          </ol>
        ) : undefined
      }
    />
  );
}
