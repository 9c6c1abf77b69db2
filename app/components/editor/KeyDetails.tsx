import { useTranslation } from "react-i18next";
import type { AnswerKeyOf } from "../../../api/services/marking/schemas";
import type { QuestionEntity } from "../../../api/services/questions/question-entity";
import { TextWithMaths } from "../maths/TextWithMaths";

/**
 * A keyed question's answer key as its author reads it in the bank's view dialog: the accepted
 * answers with their credit, the pairs, the right order, the gaps, the essay's limits and rubric.
 */
export function KeyDetails({ question }: { question: QuestionEntity }) {
  const { t } = useTranslation("bank");
  const key = question.answerKey;
  if (!key) return null;
  const html = question.answerKeyHtml ?? {};
  const drawn = (path: string, text: string) => <TextWithMaths text={text} html={html[path]} />;
  const credit = (value: number) => `${value} %`;
  let body;
  switch (question.optionType) {
    case "shortAnswer": {
      const { answers, caseSensitive } = key as AnswerKeyOf<"shortAnswer">;
      body = (
        <>
          <ol>{answers.map((answer, i) => <li key={i}>{answer.text} — {credit(answer.credit)}</li>)}</ol>
          {caseSensitive && <p>{t("keyEditor.caseSensitive")}</p>}
        </>
      );
      break;
    }
    case "numerical": {
      const { answers, units, unitRequired } = key as AnswerKeyOf<"numerical">;
      body = (
        <>
          <ol>{answers.map((answer, i) => <li key={i}>{answer.value} ± {answer.tolerance} — {credit(answer.credit)}</li>)}</ol>
          {units.length > 0 && <p>{t("keyEditor.units")}: {units.map((unit) => `${unit.unit} (× ${unit.multiplier})`).join(", ")}</p>}
          {unitRequired && <p>{t("keyEditor.unitRequired")}</p>}
        </>
      );
      break;
    }
    case "matching": {
      const { pairs, distractors } = key as AnswerKeyOf<"matching">;
      body = (
        <>
          <ul>{pairs.map((pair, i) => <li key={i}>{drawn(`pairs.${i}.stem`, pair.stem)} → {drawn(`pairs.${i}.choice`, pair.choice)}</li>)}</ul>
          {distractors.length > 0 && <p>{t("keyEditor.distractors")}: {distractors.join(", ")}</p>}
        </>
      );
      break;
    }
    case "ordering": {
      const { items, grading } = key as AnswerKeyOf<"ordering">;
      body = (
        <>
          <ol>{items.map((item, i) => <li key={i}>{drawn(`items.${i}`, item)}</li>)}</ol>
          <p>{t(`keyEditor.gradings.${grading}`)}</p>
        </>
      );
      break;
    }
    case "cloze":
      body = (
        <ol>
          {(key as AnswerKeyOf<"cloze">).gaps.map((gap, g) => (
            <li key={g}>
              {t(`keyEditor.gapKinds.${gap.kind}`)}: {gap.answers.map((answer) => `${"text" in answer ? answer.text : answer.value} (${credit(answer.credit)})`).join(", ")}
            </li>
          ))}
        </ol>
      );
      break;
    case "essay": {
      const { minWords, maxWords, rubric } = key as AnswerKeyOf<"essay">;
      body = (
        <>
          {(minWords !== undefined || maxWords !== undefined) && <p>{[minWords !== undefined && t("keyEditor.preview.minWords", { count: minWords }), maxWords !== undefined && t("keyEditor.preview.maxWords", { count: maxWords })].filter(Boolean).join(" · ")}</p>}
          {rubric && <ul>{rubric.map((criterion, c) => <li key={c}>{criterion.criterion}: {criterion.levels.map((level) => `${level.label} (${level.points})`).join(", ")}</li>)}</ul>}
        </>
      );
      break;
    }
    default:
      return null;
  }
  return (
    <section className="question-details__key" aria-label={t("keyEditor.keyHeading")}>
      <h3 className="question-details__heading">{t("keyEditor.keyHeading")}</h3>
      {body}
    </section>
  );
}
