import { useTranslation } from "react-i18next";
import type { TakenQuizAnswer } from "../../../../api/services/results/present-result";
import { GivenAndRight } from "./GivenAndRight";

const record = (value: unknown) => (typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {});

/** shortAnswer: the text given (as text, never HTML) and every accepted answer with its credit. */
export function ShortAnswerReview({ answer }: { answer: TakenQuizAnswer }) {
  const { t } = useTranslation("results");
  const text = record(answer.answer).text;
  const accepted = (answer.acceptedAnswers ?? []).flatMap((a) => ("text" in a ? [a] : []));
  return (
    <GivenAndRight
      given={typeof text === "string" && text.trim() !== "" ? <q className="result-review__typed">{text}</q> : null}
      right={
        accepted.length > 0 ? (
          <ul className="result-review__accepted">
            {accepted.map((a, i) => (
              <li key={i}>
                <q className="result-review__typed">{a.text}</q> {t("types.credit", { credit: a.credit })}
              </li>
            ))}
            {answer.caseSensitive && <li className="result__note">{t("types.shortAnswer.caseSensitive")}</li>}
          </ul>
        ) : undefined
      }
    />
  );
}

/** numerical: the value and unit given, and every accepted value ± its tolerance in the units the key takes. */
export function NumericalReview({ answer }: { answer: TakenQuizAnswer }) {
  const { t } = useTranslation("results");
  const given = record(answer.answer);
  const value = typeof given.value === "string" ? given.value : "";
  const unit = typeof given.unit === "string" ? given.unit : "";
  const accepted = (answer.acceptedAnswers ?? []).flatMap((a) => ("value" in a ? [a] : []));
  const baseUnit = answer.acceptedUnits?.find((u) => u.multiplier === 1)?.unit ?? "";
  return (
    <GivenAndRight
      given={value.trim() !== "" ? <span className="result-review__typed">{[value, unit].filter(Boolean).join(" ")}</span> : null}
      right={
        accepted.length > 0 ? (
          <ul className="result-review__accepted">
            {accepted.map((a, i) => (
              <li key={i}>
                {t(a.tolerance > 0 ? "types.numerical.within" : "types.numerical.exactly", { value: a.value, tolerance: a.tolerance, unit: baseUnit })} {t("types.credit", { credit: a.credit })}
              </li>
            ))}
            {(answer.acceptedUnits?.length ?? 0) > 0 && (
              <li className="result__note">
                {t(answer.unitRequired ? "types.numerical.unitsRequired" : "types.numerical.units", { units: (answer.acceptedUnits ?? []).map((u) => u.unit).join(", ") })}
              </li>
            )}
          </ul>
        ) : undefined
      }
    />
  );
}
