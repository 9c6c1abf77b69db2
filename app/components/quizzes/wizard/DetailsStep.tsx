import { useTranslation } from "react-i18next";
import { NativeField } from "../../editor/NativeField";
import { RadioGroup } from "../../ui/RadioGroup";
import { Select } from "../../ui/Select";
import { TextField } from "../../ui/TextField";
import { QUIZ_LEVELS } from "./draft";
import { fieldError } from "./field-error";
import type { StepProps } from "./QuizWizard";


/**
 * Step "Quiz Details" (spec 5): name and description 2–500, category, course, level, and
 * the number of questions (empty = as many as are selected). Category and course are fixed
 * once the quiz has attempts; changing the category clears the course.
 */
export function DetailsStep({ draft, update, errors, setup }: StepProps) {
  const { t } = useTranslation("quizzes");
  const taken = setup.takenCount > 0;
  const courses = setup.entries.find((entry) => entry.category === draft.category)?.course ?? [];
  return (
    <div className="quiz-wizard__fields">
      <TextField label={t("wizard.details.quizName")} name="quizName" value={draft.quizName} onChange={(quizName) => update({ quizName })} maxLength={500} showRequired {...fieldError(errors.quizName)} />
      <NativeField id="wizard-description" label={t("wizard.details.quizDescription")} error={errors.quizDescription} required>
        {(aria) => (
          <textarea
            {...aria}
            name="quizDescription"
            className="ui-input quiz-wizard__textarea"
            rows={3}
            maxLength={500}
            value={draft.quizDescription}
            onChange={(event) => update({ quizDescription: event.target.value })}
          />
        )}
      </NativeField>
      {taken && <p className="quiz-wizard__note">{t("wizard.details.takenNote")}</p>}
      <div className="quiz-wizard__pair">
        <Select
          name="category"
          label={t("wizard.details.category")}
          placeholder={t("wizard.details.chooseCategory")}
          options={setup.entries.map((entry) => ({ id: entry.category, label: entry.category }))}
          selectedKey={draft.category || null}
          onSelectionChange={(key) => update({ category: key === null ? "" : String(key), course: "" })}
          isDisabled={taken}
          showRequired
          {...fieldError(errors.category)}
        />
        <Select
          name="course"
          label={t("wizard.details.course")}
          placeholder={draft.category ? t("wizard.details.chooseCourse") : t("wizard.details.chooseCategoryFirst")}
          options={courses.map((name) => ({ id: name, label: name }))}
          selectedKey={draft.course || null}
          onSelectionChange={(key) => update({ course: key === null ? "" : String(key) })}
          isDisabled={taken || !draft.category}
          showRequired
          {...fieldError(errors.course)}
        />
      </div>
      {setup.entries.length === 0 && <p className="quiz-wizard__note">{t("wizard.details.noCategories")}</p>}
      <RadioGroup
        name="level"
        label={t("wizard.details.level")}
        value={draft.level || null}
        onChange={(level) => update({ level })}
        options={QUIZ_LEVELS.map((level) => ({ value: level, label: t(`levels.${level}`) }))}
        inline
        showRequired
        {...fieldError(errors.level)}
      />
      <TextField
        label={t("wizard.details.totalQuestion")}
        name="totalQuestion"
        inputMode="numeric"
        value={draft.totalQuestion}
        onChange={(totalQuestion) => update({ totalQuestion })}
        description={t("wizard.details.totalQuestionHint")}
        maxLength={3}
        {...fieldError(errors.totalQuestion)}
      />
    </div>
  );
}
