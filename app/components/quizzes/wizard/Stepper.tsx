import { useTranslation } from "react-i18next";
import { type StepId, stepState } from "./steps";

/**
 * The wizard's steps as a list (spec 4: pending, current or done). Done steps are buttons
 * back to them; the current one is marked `aria-current="step"`; pending ones are reached
 * only through Next, which checks each step on the way.
 */
export function Stepper({ steps, current, onGo }: { steps: StepId[]; current: number; onGo: (index: number) => void }) {
  const { t } = useTranslation("quizzes");
  return (
    <nav aria-label={t("wizard.progress")}>
      <ol className="quiz-stepper">
        {steps.map((step, index) => {
          const state = stepState(index, current);
          const label = (
            <>
              <span className="quiz-stepper__number" aria-hidden="true">
                {state === "done" ? "✓" : index + 1}
              </span>
              <span className="quiz-stepper__name">{t(`wizard.steps.${step}`)}</span>
              <span className="ui-visually-hidden">{` (${t(`wizard.state.${state}`)})`}</span>
            </>
          );
          return (
            <li key={step} className={`quiz-stepper__item quiz-stepper__item--${state}`} aria-current={state === "current" ? "step" : undefined}>
              {state === "done" ? (
                <button type="button" className="quiz-stepper__button" onClick={() => onGo(index)}>
                  {label}
                </button>
              ) : (
                <span className="quiz-stepper__button">{label}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
