import { lazy, memo, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Checkbox } from "../ui/Checkbox";
import { NativeRadioGroup } from "../ui/NativeRadioGroup";
import type { Checked } from "./CheckVerdict";
import type { ExamQuestion, LocalAnswer } from "./exam-types";
import { type OptionVerdict, optionVerdict } from "./navigation";
import { TextWithMaths } from "../maths/TextWithMaths";
import { type AnswerValue, isAnswered, type TypedAnswer } from "./answer-value";

/** The inputs of the types without options, loaded only when the paper has such a question (answers/TypedAnswerInput.tsx). */
const TypedAnswerInput = lazy(() => import("./answers/TypedAnswerInput"));
/** The types answered by choosing options; every other type has its own input. */
const CHOICE_TYPES: readonly string[] = ["radio", "checkbox", "trueFalse"];

const chosenOf = (answer: AnswerValue): number[] => (Array.isArray(answer) ? answer : []);
const typedOf = (answer: AnswerValue): TypedAnswer | undefined => (Array.isArray(answer) ? undefined : answer);

interface Props {
  question: ExamQuestion;
  number: number;
  total: number;
  value: LocalAnswer;
  onChange: (value: LocalAnswer) => void;
  /** Checked in one-by-one mode: the answer is final. */
  locked?: boolean;
  /** The server's verdict on the final answer: each option it concerns shows it. */
  verdict?: Checked;
}

export const questionHeadingId = (questionId: number) => `exam-q-${questionId}`;

/**
 * One exam question (spec 2.4): text, optional image, its options as radio buttons or
 * checkboxes, and "mark for review", possible only while unanswered (spec 4).
 * Memoized: with all 50 questions on one page, an answer or a save status used to redraw
 * every card, ~0.1–0.4 s each time on a slow phone (docs/performance.md "Exam page weight").
 */
export const QuestionCard = memo(function QuestionCard({ question, number, total, value, onChange, locked = false, verdict }: Props) {
  const { t } = useTranslation("exam");
  const headingId = questionHeadingId(question.id);
  const answered = isAnswered(value.answer);
  const chosen = chosenOf(value.answer);
  const type = question.optionType;
  // An answer clears a mark for review (spec 4: only unanswered questions are marked).
  const [markDropped, setMarkDropped] = useState(false);
  const answer = (next: LocalAnswer) => {
    if (value.markedForReview && isAnswered(next.answer)) setMarkDropped(true);
    onChange(next);
  };
  // True and False in the student's language (stored as the English words, choice.ts TRUE_FALSE_TEXTS).
  const trueFalseLabel = (text: string) => (text.trim() === "True" ? t("types.trueFalse.true") : text.trim() === "False" ? t("types.trueFalse.false") : text);
  // Each option's mark, as its description: seen beside it, and read with it (aria-describedby).
  const markOf = (optionId: number) => {
    const mark = verdict && optionVerdict(optionId, chosen, type === "checkbox" ? "checkbox" : "radio", verdict);
    return mark ? <OptionMark verdict={mark} /> : undefined;
  };
  return (
    <article className="exam-question" aria-labelledby={headingId}>
      {/* Focusable from script only: the navigator moves focus here (tabIndex -1). */}
      <h2 id={headingId} className="exam-question__title" tabIndex={-1}>
        <span className="exam-question__number">{t("question.number", { number, total })}</span>
        {/* A gap text is drawn with its gaps below (ClozeInput): the heading names the task. */}
        {type === "cloze" ? <span className="exam-question__text">{t("types.cloze.legend")}</span> : <TextWithMaths className="exam-question__text" text={question.questionText} html={question.questionTextHtml} />}
      </h2>
      {question.questionImage && <img className="exam-question__image" src={question.questionImage} alt={t("question.image", { number })} />}
      {!CHOICE_TYPES.includes(type) ? (
        <Suspense fallback={null}>
          <TypedAnswerInput question={question} value={typedOf(value.answer)} onAnswer={(next) => answer({ answer: next, markedForReview: false })} disabled={locked} headingId={headingId} />
        </Suspense>
      ) : type !== "checkbox" ? (
        <NativeRadioGroup
          label={t("question.chooseOne")}
          value={chosen[0] ? String(chosen[0]) : null}
          onChange={(id) => answer({ answer: [Number(id)], markedForReview: false })}
          isDisabled={locked}
          options={question.options.map((option) => ({ value: String(option.id), label: type === "trueFalse" ? trueFalseLabel(option.optionText) : <TextWithMaths text={option.optionText} html={option.optionTextHtml} />, description: markOf(option.id) }))}
        />
      ) : (
        <fieldset className="exam-question__options" disabled={locked}>
          <legend>{t("question.chooseSeveral")}</legend>
          {question.options.map((option) => (
            <Checkbox
              key={option.id}
              // A card like a one-answer option (ui.css), so both kinds of question look alike.
              className="ui-checkbox-field--card"
              isSelected={chosen.includes(option.id)}
              isDisabled={locked}
              description={markOf(option.id)}
              onChange={(on) => {
                const next = on ? [...chosen, option.id].sort((a, b) => a - b) : chosen.filter((id) => id !== option.id);
                answer({ answer: next, markedForReview: false });
              }}
            >
              <TextWithMaths text={option.optionText} html={option.optionTextHtml} />
            </Checkbox>
          ))}
        </fieldset>
      )}
      {!locked && (
        <Checkbox
          className="exam-question__review"
          isSelected={value.markedForReview}
          isDisabled={answered}
          onChange={(markedForReview) => onChange({ answer: value.answer, markedForReview })}
          // Said once, where it matters: under the question whose mark an answer just took away (issue 25 point 6).
          description={answered && markDropped ? t("question.reviewOnlyUnanswered") : undefined}
        >
          <span className="exam-question__flag" aria-hidden="true">
            ⚑
          </span>
          {t("question.markForReview")}
        </Checkbox>
      )}
    </article>
  );
});

/** An option's verdict: a tick or a cross and words, never colour alone. */
function OptionMark({ verdict }: { verdict: OptionVerdict }) {
  const { t } = useTranslation("exam");
  const right = verdict === "chosenRight" || verdict === "missed";
  return (
    <span className={`exam-option-mark exam-option-mark--${right ? "right" : "wrong"}`} data-verdict={verdict}>
      <span className="exam-option-mark__icon" aria-hidden="true">
        {right ? "✓" : "✗"}
      </span>
      {t(`check.option.${verdict}`)}
    </span>
  );
}
