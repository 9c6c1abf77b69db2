import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import type { RubricShape } from "../../../api/services/grading/grading-page";
import { MAX_GRADER_COMMENT } from "../../../api/services/grading/limits";
import type { ActionFailure } from "../../utils/form-answers.server";
import { sayAnswer, sayFieldErrors } from "../../utils/message-codes";
import { GRADE_FORM_CODE_KEYS } from "./grade-codes";

export interface GradeFormProps {
  takenQuizId: number;
  questionId: number;
  maxMark: number;
  rubric?: RubricShape[];
  /** The action's refusal, when it was this form's (the page matches it by its ids). */
  failure?: ActionFailure;
  submitting: boolean;
  /** The grade already given (the override page: grading-page.ts startingGrade), put in the fields to start with. */
  current?: { mark: number | null; comment?: string; levels?: Record<number, number> };
  /** Hidden fields the page's action needs besides the grade (where to go back to). */
  hidden?: Record<string, string>;
}

/** Sums in hundredths, as the server does (mark-of-grade.ts), so 0.1 + 0.2 shows 0.3. */
const hundredths = (points: number) => Math.round(points * 100);

/**
 * One grade (ADR 0069, 0070): a mark from 0 to the question's mark with two decimals and a
 * comment; with a rubric, one radio group per criterion whose chosen levels' points add up,
 * shown as they are chosen, to the mark used when no mark is typed (a typed mark wins, as the
 * server rules). Refusals are worded from their codes, each field's beside it. Native controls
 * throughout: Tab, arrows and Space do everything, and the form posts without JavaScript.
 */
export function GradeForm({ takenQuizId, questionId, maxMark, rubric, failure, submitting, current, hidden }: GradeFormProps) {
  const { t, i18n } = useTranslation(["grading", "results"]);
  const id = useId();
  const [levels, setLevels] = useState<Record<number, number>>(current?.levels ?? {});
  const [typedMark, setTypedMark] = useState(current?.mark != null ? String(current.mark) : "");
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  const chosenSum = Object.entries(levels).reduce((sum, [criterion, level]) => sum + hundredths(rubric?.[Number(criterion)]?.levels[level]?.points ?? 0), 0) / 100;
  const anyLevel = Object.keys(levels).length > 0;
  const fieldErrors = failure ? (sayFieldErrors(t, GRADE_FORM_CODE_KEYS, failure) ?? {}) : {};
  const shownFields = ["mark", "rubric", "comment"].filter((field) => fieldErrors[field]);
  const general = failure && shownFields.length === 0 ? sayAnswer(t, GRADE_FORM_CODE_KEYS, failure) : undefined;
  const errorId = (field: string) => `${id}-${field}-error`;
  const fieldError = (field: string) =>
    fieldErrors[field] ? (
      <p id={errorId(field)} className="ui-field__error grade-form__error">
        {fieldErrors[field]}
      </p>
    ) : null;

  return (
    // noValidate: the server's refusal, by code and in the reader's language, beside its field (min and max stay, for what they tell).
    <Form method="post" preventScrollReset noValidate className="grade-form" aria-label={t("form.label")}>
      <input type="hidden" name="takenQuizId" value={takenQuizId} />
      <input type="hidden" name="questionId" value={questionId} />
      {Object.entries(hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {rubric && rubric.length > 0 && (
        <div className="grade-form__rubric" aria-describedby={fieldErrors.rubric ? errorId("rubric") : undefined}>
          {rubric.map((criterion, criterionIndex) => (
            <fieldset key={criterionIndex} className="grade-form__criterion">
              <legend className="ui-field__label">{criterion.criterion}</legend>
              <div className="grade-form__levels">
                {criterion.levels.map((level, levelIndex) => (
                  <label key={levelIndex} className="grade-form__level">
                    <input
                      type="radio"
                      name={`rubric.${criterionIndex}`}
                      value={levelIndex}
                      checked={levels[criterionIndex] === levelIndex}
                      onChange={() => setLevels((chosen) => ({ ...chosen, [criterionIndex]: levelIndex }))}
                    />
                    <span>{t("form.level", { label: level.label, points: number.format(level.points) })}</span>
                  </label>
                ))}
              </div>
            </fieldset>
          ))}
          <output className="grade-form__sum" aria-live="polite">
            {t("form.rubricSum", { sum: number.format(chosenSum), max: number.format(maxMark) })}
            {anyLevel && typedMark.trim() !== "" ? ` ${t("form.typedWins")}` : ""}
          </output>
          {fieldError("rubric")}
        </div>
      )}
      <div className="ui-field grade-form__mark">
        <label htmlFor={`${id}-mark`} className="ui-field__label">
          {t("form.mark", { max: number.format(maxMark) })}
        </label>
        <input
          id={`${id}-mark`}
          className="ui-input"
          type="number"
          name="mark"
          inputMode="decimal"
          min={0}
          max={maxMark}
          step={0.01}
          value={typedMark}
          onChange={(event) => setTypedMark(event.target.value)}
          aria-invalid={fieldErrors.mark ? true : undefined}
          aria-describedby={[`${id}-mark-hint`, fieldErrors.mark ? errorId("mark") : ""].filter(Boolean).join(" ")}
        />
        <p id={`${id}-mark-hint`} className="ui-field__description">
          {rubric && rubric.length > 0 ? t("form.markHintRubric") : t("form.markHint", { max: number.format(maxMark) })}
        </p>
        {fieldError("mark")}
      </div>
      <div className="ui-field grade-form__comment">
        <label htmlFor={`${id}-comment`} className="ui-field__label">
          {t("form.comment")}
        </label>
        <textarea
          id={`${id}-comment`}
          className="ui-input grade-form__textarea"
          name="comment"
          rows={3}
          maxLength={MAX_GRADER_COMMENT}
          defaultValue={current?.comment ?? ""}
          aria-invalid={fieldErrors.comment ? true : undefined}
          aria-describedby={fieldErrors.comment ? errorId("comment") : undefined}
        />
        {fieldError("comment")}
      </div>
      {general && (
        <p role="alert" className="grade-form__alert">
          {general}
        </p>
      )}
      <button type="submit" className="ui-button ui-button--primary ui-button--md" disabled={submitting} aria-disabled={submitting || undefined}>
        {submitting ? t("form.saving") : t("form.save")}
      </button>
    </Form>
  );
}
