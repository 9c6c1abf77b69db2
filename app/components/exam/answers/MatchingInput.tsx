import { useTranslation } from "react-i18next";
import { mathsAsText } from "../../maths/maths-as-text";
import { TextWithMaths } from "../../maths/TextWithMaths";
import { Select } from "../../ui/Select";
import type { AnswerInputProps } from "./answer-input";

/**
 * Matching: for each stem a list of the choices (react-aria's Select: opened and chosen with
 * the keyboard, read as a labelled list by screen readers; no dragging needed). Sent as
 * `{ pairs: [{ stemId, choiceId }] }`, the stems answered so far.
 */
export default function MatchingInput({ question, value, onAnswer, disabled, headingId }: AnswerInputProps) {
  const { t } = useTranslation("exam");
  const pairs = value && "pairs" in value ? value.pairs : [];
  const choiceOf = (stemId: string) => pairs.find((pair) => pair.stemId === stemId)?.choiceId ?? null;
  // A choice with a formula draws its MathML; its words, without the TeX source, name it (react-aria names no option from MathML).
  const options = (question.choices ?? []).map((choice) =>
    choice.textHtml ? { id: choice.id, label: mathsAsText(choice.textHtml), content: <TextWithMaths text={choice.text} html={choice.textHtml} /> } : { id: choice.id, label: choice.text },
  );
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
