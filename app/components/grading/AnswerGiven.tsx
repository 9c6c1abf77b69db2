import { useTranslation } from "react-i18next";
import type { TakenQuizAnswer } from "../../../api/services/results/present-result";

type Part = { id: string; text: string };
const textOf = (parts: Part[] | undefined, id: unknown) => parts?.find((part) => part.id === id)?.text ?? "?";

/**
 * The answer a student gave, readable for a grader (ADR 0070): an essay as its sanitised HTML,
 * every other type as plain text: the text typed, the value and unit, each pair, the order, each
 * gap, the chosen options by their texts. Never any other user text as HTML.
 */
export function AnswerGiven({ answer }: { answer: TakenQuizAnswer }) {
  const { t } = useTranslation("grading");
  const given = answer.answer;
  const question = answer.question;
  if (given === null || given === undefined) return <p className="grading-given__none">{t("given.none")}</p>;
  if (Array.isArray(given)) {
    const chosen = question.options.filter((option) => given.includes(option.id));
    return chosen.length === 0 ? (
      <p className="grading-given__none">{t("given.none")}</p>
    ) : (
      <ul className="grading-given__list">
        {chosen.map((option) => (
          <li key={option.id}>{option.optionText}</li>
        ))}
      </ul>
    );
  }
  const shape = given as { html?: string; text?: string; value?: string; unit?: string; pairs?: { stemId: string; choiceId: string }[]; order?: string[]; gaps?: string[] };
  // Sanitised when it was answered (marking/essay.ts EssayAnswer): the one answer shown as HTML.
  if (typeof shape.html === "string") return <div className="grading-answer__essay" dangerouslySetInnerHTML={{ __html: shape.html }} />;
  if (typeof shape.text === "string") return <p className="grading-given__text">{shape.text}</p>;
  if (shape.value !== undefined) return <p className="grading-given__text">{[shape.value, shape.unit].filter(Boolean).join(" ")}</p>;
  if (Array.isArray(shape.pairs)) {
    return (
      <ul className="grading-given__list">
        {shape.pairs.map((pair) => (
          <li key={pair.stemId}>{t("given.pair", { stem: textOf(question.stems, pair.stemId), choice: textOf(question.choices, pair.choiceId) })}</li>
        ))}
      </ul>
    );
  }
  if (Array.isArray(shape.order)) {
    return (
      <ol className="grading-given__list">
        {shape.order.map((itemId) => (
          <li key={itemId}>{textOf(question.items, itemId)}</li>
        ))}
      </ol>
    );
  }
  if (Array.isArray(shape.gaps)) {
    return (
      <ul className="grading-given__list">
        {shape.gaps.map((gap, index) => {
          const kind = question.gaps?.[index];
          const text = kind?.kind === "choice" ? textOf(kind.choices, gap) : gap;
          return <li key={index}>{t("given.gap", { number: index + 1, text: text === "" ? "—" : text })}</li>;
        })}
      </ul>
    );
  }
  return <p className="grading-given__none">{t("given.none")}</p>;
}
