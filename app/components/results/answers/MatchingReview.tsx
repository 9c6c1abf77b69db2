import { useTranslation } from "react-i18next";
import type { TakenQuizAnswer } from "../../../../api/services/results/present-result";
import { TextWithMaths } from "../../maths/TextWithMaths";
import { useGivenLabelKey } from "./review-reader";
import { matchingRows } from "./review-rows";
import { VerdictTag } from "./VerdictTag";

/** matching: each stem with the choice given, marked right or wrong, and the right choice (with the key). */
export function MatchingReview({ answer }: { answer: TakenQuizAnswer }) {
  const { t } = useTranslation("results");
  const rows = matchingRows(answer.question.stems ?? [], answer.question.choices ?? [], answer.answer, answer.rightAnswer);
  const keyed = answer.rightAnswer !== undefined;
  const givenLabel = useGivenLabelKey();
  return (
    <table className="result-review-table">
      <thead>
        <tr>
          <th scope="col">{t("types.matching.stem")}</th>
          <th scope="col">{t(givenLabel)}</th>
          {keyed && <th scope="col">{t("answers.rightAnswer")}</th>}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => (
          <tr key={i}>
            <th scope="row">
              <TextWithMaths text={row.stem} html={row.stemHtml} />
            </th>
            <td>
              {row.given === null ? <span className="result__note">{t("types.noAnswer")}</span> : <TextWithMaths text={row.given} html={row.givenHtml} />} <VerdictTag verdict={row.verdict} />
            </td>
            {keyed && <td>{row.right === null ? null : <TextWithMaths text={row.right} html={row.rightHtml} />}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
