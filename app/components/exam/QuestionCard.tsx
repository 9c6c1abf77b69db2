import { memo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Checkbox } from "../ui/Checkbox";
import { NativeRadioGroup } from "../ui/NativeRadioGroup";
import type { Checked } from "./CheckVerdict";
import type { ExamQuestion, LocalAnswer } from "./exam-types";
import { type OptionVerdict, optionVerdict } from "./navigation";
import { TextWithMaths } from "../maths/TextWithMaths";

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
  const answered = value.answer.length > 0;
  // An answer clears a mark for review (spec 4: only unanswered questions are marked).
  const [markDropped, setMarkDropped] = useState(false);
  const answer = (next: LocalAnswer) => {
    if (value.markedForReview && next.answer.length > 0) setMarkDropped(true);
    onChange(next);
  };
  // Each option's mark, as its description: seen beside it, and read with it (aria-describedby).
  const markOf = (optionId: number) => {
    const mark = verdict && optionVerdict(optionId, value.answer, question.optionType as "radio" | "checkbox", verdict);
    return mark ? <OptionMark verdict={mark} /> : undefined;
  };
  return (
    <article className="exam-question" aria-labelledby={headingId}>
      {/* Focusable from script only: the navigator moves focus here (tabIndex -1). */}
      <h2 id={headingId} className="exam-question__title" tabIndex={-1}>
        <span className="exam-question__number">{t("question.number", { number, total })}</span>
        <TextWithMaths className="exam-question__text" text={question.questionText} html={question.questionTextHtml} />
      </h2>
      {question.questionImage && <img className="exam-question__image" src={question.questionImage} alt={t("question.image", { number })} />}
      {question.optionType === "radio" ? (
        <NativeRadioGroup
          label={t("question.chooseOne")}
          value={value.answer[0] ? String(value.answer[0]) : null}
          onChange={(id) => answer({ answer: [Number(id)], markedForReview: false })}
          isDisabled={locked}
          options={question.options.map((option) => ({ value: String(option.id), label: <TextWithMaths text={option.optionText} html={option.optionTextHtml} />, description: markOf(option.id) }))}
        />
      ) : (
        <fieldset className="exam-question__options" disabled={locked}>
          <legend>{t("question.chooseSeveral")}</legend>
          {question.options.map((option) => (
            <Checkbox
              key={option.id}
              // A card like a one-answer option (ui.css), so both kinds of question look alike.
              className="ui-checkbox-field--card"
              isSelected={value.answer.includes(option.id)}
              isDisabled={locked}
              description={markOf(option.id)}
              onChange={(on) => {
                const chosen = on ? [...value.answer, option.id].sort((a, b) => a - b) : value.answer.filter((id) => id !== option.id);
                answer({ answer: chosen, markedForReview: false });
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
