import { useTranslation } from "react-i18next";
import { TextWithMaths } from "../../maths/TextWithMaths";
import { useMathsSay } from "../../maths/use-maths-say";
import { Select } from "../../ui/Select";
import type { AnswerInputProps } from "./answer-input";
import { partOptions } from "./part-options";

/**
 * Matching: for each stem a list of the choices (react-aria's Select: opened and chosen with
 * the keyboard, read as a labelled list by screen readers; no dragging needed). Sent as
 * `{ pairs: [{ stemId, choiceId }] }`, the stems answered so far.
 */
export default function MatchingInput({ question, value, onAnswer, disabled, headingId }: AnswerInputProps) {
  const { t } = useTranslation("exam");
  const say = useMathsSay();
  const pairs = value && "pairs" in value ? value.pairs : [];
  const choiceOf = (stemId: string) => pairs.find((pair) => pair.stemId === stemId)?.choiceId ?? null;
  const options = partOptions(question.choices ?? [], say);
  const choose = (stemId: string, choiceId: string) => {
    const others = pairs.filter((pair) => pair.stemId !== stemId);
    // In the stems' order, so the same answer is always the same bytes (answer-value.ts compares them).
    const next = [...others, { stemId, choiceId }];
    const order = (question.stems ?? []).map((stem) => stem.id);
    onAnswer({ pairs: next.sort((a, b) => order.indexOf(a.stemId) - order.indexOf(b.stemId)) });
  };
  return (
    <fieldset className="exam-answer exam-matching" aria-describedby={headingId} disabled={disabled}>
      <legend>{t("types.matching.legend")}</legend>
      {(question.stems ?? []).map((stem) => (
        <Select
          key={stem.id}
          className="exam-matching__pair"
          label={<TextWithMaths text={stem.text} html={stem.textHtml} />}
          placeholder={t("types.matching.choose")}
          options={options}
          selectedKey={choiceOf(stem.id)}
          isDisabled={disabled}
          onSelectionChange={(key) => key !== null && choose(stem.id, String(key))}
        />
      ))}
    </fieldset>
  );
}
