import { Fragment, lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { TextWithMaths } from "../../maths/TextWithMaths";
import type { AnswerInputProps } from "./answer-input";
import { clozeParts } from "./cloze-text";

/**
 * A dropdown gap whose choices have formulas: a react-aria list drawing their MathML (a native
 * `<option>` holds text only). Loaded only when such a gap is drawn; the native select stands
 * in while it loads.
 */
const ClozeChoiceList = lazy(() => import("./ClozeChoiceList"));

type Gap = NonNullable<AnswerInputProps["question"]["gaps"]>[number];

/**
 * A gap text: the question's text (its formulas drawn) with a field in place of each gap, a
 * text field, a number field (typed as text, read by the server's rule) or a list of choices,
 * each named "Gap n". Sent as `{ gaps: [typed or choice id, …] }` in gap order.
 */
export default function ClozeInput({ question, value, onAnswer, disabled, headingId }: AnswerInputProps) {
  const { t } = useTranslation("exam");
  const gaps = question.gaps ?? [];
  const typed = value && "gaps" in value ? value.gaps : [];
  const valueAt = (index: number) => typed[index] ?? "";
  const set = (index: number, next: string) => onAnswer({ gaps: gaps.map((_, g) => (g === index ? next : valueAt(g))) });
  return (
    <div className="exam-answer exam-cloze" aria-describedby={headingId}>
      {clozeParts(question.questionText, question.questionTextHtml).map((part, index) => {
        if (typeof part !== "number") return <TextWithMaths key={index} text={part.text} html={part.html} />;
        const gap = gaps[part - 1];
        if (!gap) return <Fragment key={index}>{`{${part}}`}</Fragment>;
        const label = t("types.cloze.gap", { number: part });
        const choose = (next: string) => set(part - 1, next);
        if (gap.kind === "choice") {
          const native = <NativeChoices gap={gap} label={label} value={valueAt(part - 1)} disabled={disabled} onChoose={choose} />;
          if (!(gap.choices ?? []).some((choice) => choice.textHtml)) return <Fragment key={index}>{native}</Fragment>;
          return (
            <Suspense key={index} fallback={native}>
              <ClozeChoiceList choices={gap.choices ?? []} label={label} value={valueAt(part - 1)} disabled={disabled} onChoose={choose} />
            </Suspense>
          );
        }
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
            onChange={(event) => choose(event.target.value)}
          />
        );
      })}
    </div>
  );
}

/** A dropdown gap as a native select: the lightest, and the phone's own picker (its choices are text). */
function NativeChoices({ gap, label, value, disabled, onChoose }: { gap: Gap; label: string; value: string; disabled: boolean; onChoose: (id: string) => void }) {
  const { t } = useTranslation("exam");
  return (
    <select className="ui-input exam-cloze__gap" aria-label={label} value={value} disabled={disabled} onChange={(event) => onChoose(event.target.value)}>
      <option value="">{t("types.cloze.choose")}</option>
      {(gap.choices ?? []).map((choice) => (
        <option key={choice.id} value={choice.id}>
          {choice.text}
        </option>
      ))}
    </select>
  );
}
