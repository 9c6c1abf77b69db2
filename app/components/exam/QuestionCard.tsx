import { useTranslation } from "react-i18next";
import { Checkbox } from "../ui/Checkbox";
import { RadioGroup } from "../ui/RadioGroup";
import type { ExamQuestion, LocalAnswer } from "./exam-types";

interface Props {
  question: ExamQuestion;
  number: number;
  total: number;
  value: LocalAnswer;
  onChange: (value: LocalAnswer) => void;
  /** Checked in one-by-one mode: the answer is final. */
  locked?: boolean;
}

export const questionHeadingId = (questionId: number) => `exam-q-${questionId}`;

/**
 * One exam question (spec 2.4): text, optional image, its options as radio buttons or
 * checkboxes, and "mark for review", possible only while unanswered (spec 4).
 */
export function QuestionCard({ question, number, total, value, onChange, locked = false }: Props) {
  const { t } = useTranslation("exam");
  const headingId = questionHeadingId(question.id);
  const answered = value.answer.length > 0;
  return (
    <article className="exam-question" aria-labelledby={headingId}>
      {/* Focusable from script only: the navigator moves focus here (tabIndex -1). */}
      <h2 id={headingId} className="exam-question__title" tabIndex={-1}>
        <span className="exam-question__number">{t("question.number", { number, total })}</span>
        <span className="exam-question__text">{question.questionText}</span>
      </h2>
      {question.questionImage && <img className="exam-question__image" src={question.questionImage} alt={t("question.image", { number })} />}
      {question.optionType === "radio" ? (
        <RadioGroup
          label={t("question.chooseOne")}
          value={value.answer[0] ? String(value.answer[0]) : null}
          onChange={(id) => onChange({ answer: [Number(id)], markedForReview: false })}
          isDisabled={locked}
          options={question.options.map((option) => ({ value: String(option.id), label: option.optionText }))}
        />
      ) : (
        <fieldset className="exam-question__options" disabled={locked}>
          <legend>{t("question.chooseSeveral")}</legend>
          {question.options.map((option) => (
            <Checkbox
              key={option.id}
              isSelected={value.answer.includes(option.id)}
              isDisabled={locked}
              onChange={(on) => {
                const answer = on ? [...value.answer, option.id].sort((a, b) => a - b) : value.answer.filter((id) => id !== option.id);
                onChange({ answer, markedForReview: false });
              }}
            >
              {option.optionText}
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
          description={answered ? t("question.reviewOnlyUnanswered") : undefined}
        >
          {t("question.markForReview")}
        </Checkbox>
      )}
    </article>
  );
}
