import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import type { AnswerInputProps } from "./answer-input";

/** The text around the gaps and each gap's number (`{1}`, `{2}`… as the author wrote them, cloze.ts). */
export function clozeParts(text: string): (string | number)[] {
  return text.split(/\{(\d{1,4})\}/).map((part, index) => (index % 2 === 1 ? Number(part) : part));
}

/**
 * A gap text: the question's text with a field in place of each gap, a text field, a number
 * field (typed as text, read by the server's rule) or a list of choices, each named "Gap n".
 * Sent as `{ gaps: [typed or choice id, …] }` in gap order.
 */
export default function ClozeInput({ question, value, onAnswer, disabled, headingId }: AnswerInputProps) {
  const { t } = useTranslation("exam");
  const gaps = question.gaps ?? [];
  const typed = value && "gaps" in value ? value.gaps : [];
  const valueAt = (index: number) => typed[index] ?? "";
  const set = (index: number, next: string) => onAnswer({ gaps: gaps.map((_, g) => (g === index ? next : valueAt(g))) });
  return (
    <p className="exam-answer exam-cloze" aria-describedby={headingId}>
      {clozeParts(question.questionText).map((part, index) => {
        if (typeof part === "string") return <Fragment key={index}>{part}</Fragment>;
        const gap = gaps[part - 1];
        if (!gap) return <Fragment key={index}>{`{${part}}`}</Fragment>;
        const label = t("types.cloze.gap", { number: part });
        if (gap.kind === "choice")
          return (
            <select key={index} className="ui-input exam-cloze__gap" aria-label={label} value={valueAt(part - 1)} disabled={disabled} onChange={(event) => set(part - 1, event.target.value)}>
              <option value="">{t("types.cloze.choose")}</option>
              {(gap.choices ?? []).map((choice) => (
                <option key={choice.id} value={choice.id}>
                  {choice.text}
                </option>
              ))}
            </select>
          );
        return (
          <input
            key={index}
            className="ui-input exam-cloze__gap"
            type="text"
            inputMode={gap.kind === "number" ? "decimal" : undefined}
            autoComplete="off"
            spellCheck={false}
            aria-label={label}
            value={valueAt(part - 1)}
            disabled={disabled}
            onChange={(event) => set(part - 1, event.target.value)}
          />
        );
      })}
    </p>
  );
}
