import { useTranslation } from "react-i18next";
import { RadioGroup } from "../../ui/RadioGroup";
import type { QuizType } from "./draft";
import type { StepProps } from "./QuizWizard";

/** Spec 4: the price of a quiz built from other quizzes is a label only; nothing is charged. */
export const QUIZ_BASED_PRICE_LABEL = "8.00";

/** Step "Quiz Type" (create only): it decides whether Pick Quizes exists. */
export function TypeStep({ draft, update, errors }: StepProps) {
  const { t } = useTranslation("quizzes");
  return (
    <RadioGroup
      name="quizType"
      label={t("wizard.type.label")}
      value={draft.quizType}
      // Questions of a quiz-based quiz come from its sources: a new type starts a new choice.
      onChange={(value) => update({ quizType: value as QuizType, selectedQuizes: [], selectedQuestions: [] })}
      errorMessage={errors.quizType}
      isInvalid={Boolean(errors.quizType)}
      options={[
        { value: "questions", label: t("wizard.type.questions"), description: t("wizard.type.questionsHint") },
        {
          value: "quizzes",
          label: (
            <>
              {t("wizard.type.quizzes")} <span className="quiz-wizard__price">{QUIZ_BASED_PRICE_LABEL}</span>
            </>
          ),
          description: t("wizard.type.quizzesHint"),
        },
      ]}
    />
  );
}
