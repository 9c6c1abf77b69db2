import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { translateQuizErrors, translateQuizMessage } from "../messages";
import { DetailsStep } from "./DetailsStep";
import { useTimeZone } from "../../layout/use-time-zone";
import { draftFromQuiz, draftPayload, newDraft, type QuizDraft } from "./draft";
import { PickQuestionsStep } from "./PickQuestionsStep";
import { PickQuizzesStep } from "./PickQuizzesStep";
import { SettingsStep } from "./SettingsStep";
import type { QuestionSummary, WizardAnswer, WizardSetup } from "./setup";
import { Stepper } from "./Stepper";
import { goToStep, STEP_FIELDS, stepOfFields, type StepId, wizardSteps } from "./steps";
import { TypeStep } from "./TypeStep";
import { VisibilityStep } from "./VisibilityStep";

export interface StepProps {
  draft: QuizDraft;
  update: (patch: Partial<QuizDraft>) => void;
  /** Field name → message, already in the user's language. */
  errors: Record<string, string>;
  setup: WizardSetup;
}

/**
 * The quiz wizard (spec 2.5, 4): the steps in order, Previous / Next / Submit. The draft
 * lives here until Submit; Next asks the server to check the current step by the rules
 * Submit applies (wizard.server.ts), so the texts and limits are the API's own. A refused
 * Submit opens the step of the first field it names.
 */
export function QuizWizard({ setup, onCancel }: { setup: WizardSetup; onCancel: () => void }) {
  const { t } = useTranslation(["quizzes", "common"]);
  const fetcher = useFetcher<WizardAnswer>();
  const timeZone = useTimeZone();
  const [draft, setDraft] = useState<QuizDraft>(() => (setup.quiz ? draftFromQuiz(setup.quiz, timeZone) : newDraft(setup.place)));
  const [current, setCurrent] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<{ text: string; variant: "danger" | "warning" } | null>(null);
  const [summaries, setSummaries] = useState(() => new Map(setup.questionSummaries.map((q) => [q.id, q])));
  const [handled, setHandled] = useState<WizardAnswer | undefined>(undefined);
  const translate = (key: string, values?: Record<string, unknown>) => t(key, values ?? {});

  const steps = wizardSteps(setup.mode, draft.quizType);
  const step = steps[Math.min(current, steps.length - 1)];
  const last = current === steps.length - 1;
  const busy = fetcher.state !== "idle";

  // The server's answer to Next or Submit, read once (state set during render, React's pattern for derived updates).
  if (fetcher.state === "idle" && fetcher.data && fetcher.data !== handled) {
    const answer = fetcher.data;
    setHandled(answer);
    const translated = translateQuizErrors(translate, answer);
    setErrors(translated);
    if (answer.intent === "check") {
      const first = Object.values(translated)[0];
      if (first) setAlert({ text: first, variant: "danger" });
      else if (answer.step === step) moveTo(current + 1);
    } else {
      setAlert({ text: translateQuizMessage(translate, answer), variant: "danger" });
      const target = stepOfFields(steps, Object.keys(answer.errors ?? {}));
      if (target) setCurrent(steps.indexOf(target));
    }
  }

  function moveTo(target: number) {
    setCurrent((now) => goToStep(now, target, steps.length));
    setAlert(null);
  }

  function update(patch: Partial<QuizDraft>) {
    setDraft((now) => ({ ...now, ...patch }));
    const touched = Object.keys(patch);
    if (touched.some((name) => errors[name])) setErrors((now) => Object.fromEntries(Object.entries(now).filter(([name]) => !touched.includes(name))));
  }

  function submit(intent: "check" | "save", stepId: StepId) {
    fetcher.submit({ intent, step: stepId, draft: JSON.stringify(draftPayload(draft, timeZone)) }, { method: "post" });
  }

  function next() {
    // Pick Quizes is checked here: its rule needs the business's quizzes, which Submit reads.
    if (step === "pickQuizzes" && draft.selectedQuizes.length === 0) {
      setErrors({ selectedQuizes: t("wizard.pickQuizzes.required") });
      setAlert({ text: t("wizard.pickQuizzes.required"), variant: "danger" });
      return;
    }
    submit("check", step);
  }

  const rememberQuestions = useCallback(
    (found: QuestionSummary[]) =>
      setSummaries((now) => {
        const missing = found.filter((q) => !now.has(q.id));
        return missing.length ? new Map([...now, ...missing.map((q) => [q.id, q] as const)]) : now;
      }),
    [],
  );

  const stepProps: StepProps = { draft, update, errors, setup };
  const stepErrors = STEP_FIELDS[step].filter((name) => errors[name]).length;

  return (
    <div className="quiz-wizard">
      <Stepper steps={steps} current={current} onGo={(index) => moveTo(index)} />
      {alert && (
        <Alert variant={alert.variant} onClose={() => setAlert(null)} resetKey={alert}>
          {alert.text}
        </Alert>
      )}
      <section className="quiz-wizard__step" aria-labelledby="wizard-step-title" data-step={step}>
        <h3 id="wizard-step-title" className="quiz-wizard__step-title">
          {t(`wizard.steps.${step}`)}
          {stepErrors > 0 && <span className="ui-visually-hidden">{` (${t("wizard.errorsOnStep", { count: stepErrors })})`}</span>}
        </h3>
        {step === "type" && <TypeStep {...stepProps} />}
        {step === "details" && <DetailsStep {...stepProps} />}
        {step === "settings" && <SettingsStep {...stepProps} />}
        {step === "visibility" && <VisibilityStep {...stepProps} />}
        {step === "pickQuizzes" && <PickQuizzesStep {...stepProps} onWarn={(text) => setAlert({ text, variant: "warning" })} />}
        {step === "pickQuestions" && (
          <PickQuestionsStep {...stepProps} summaries={summaries} onFound={rememberQuestions} onWarn={(text) => setAlert({ text, variant: "warning" })} />
        )}
      </section>
      <div className="quiz-wizard__actions">
        <Button variant="secondary" onPress={onCancel}>
          {t("wizard.cancel")}
        </Button>
        <span className="quiz-wizard__spacer" />
        {current > 0 && (
          <Button variant="secondary" onPress={() => moveTo(current - 1)} isDisabled={busy}>
            {t("wizard.previous")}
          </Button>
        )}
        {last ? (
          <Button variant="primary" onPress={() => submit("save", step)} isPending={busy}>
            {t("wizard.submit")}
          </Button>
        ) : (
          <Button variant="primary" onPress={next} isPending={busy}>
            {t("wizard.next")}
          </Button>
        )}
      </div>
    </div>
  );
}
