import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher, useNavigate } from "react-router";
import type { QuizForStudent } from "../../../api/services/attempts/describe-quiz";
import { Alert } from "../ui/Alert";
import { useDates } from "../layout/use-dates";
import { Button } from "../ui/Button";
import { NativePasswordField } from "../ui/NativePasswordField";
import { NativeRadioGroup } from "../ui/NativeRadioGroup";
import { api, callApi } from "../../utils/api-client";
import type { StartedExam } from "./exam-types";
import { ExamScreen } from "./ExamScreen";
import { examFailureMessage, translateExamError } from "./messages";
import type { ActionFailure } from "../../utils/form-answers.server";

type Step = "password" | "mode" | "guidelines" | "exam";

/**
 * Spec 2.4's four steps in order: password (skipped without one), exam mode (skipped, and
 * 'all', where answers are not shown), guidelines with Start, the exam; then 'quiz
 * completed' on the result page. An open attempt skips straight to the guidelines: Start resumes it.
 */
export function TakeQuiz({ quiz }: { quiz: QuizForStudent }) {
  const { t } = useTranslation("exam");
  const dates = useDates();
  const firstStep: Step = quiz.resumable ? "guidelines" : quiz.hasPassword ? "password" : quiz.showAnswerTiming === "AfterEachAttempt" ? "mode" : "guidelines";
  const [step, setStep] = useState<Step>(firstStep);
  const [password, setPassword] = useState("");
  const [mode, setMode] = useState<"all" | "onebyone" | "">(quiz.showAnswerTiming === "AfterEachAttempt" ? "" : "all");
  const [alert, setAlert] = useState<string | null>(null);
  const [exam, setExam] = useState<StartedExam | null>(null);
  const navigate = useNavigate();
  const [starting, setStarting] = useState(false);
  const passwordCheck = useFetcher<{ ok: true } | ({ ok: false } & ActionFailure)>();
  const [seen, setSeen] = useState<unknown>(null);

  if (passwordCheck.state === "idle" && passwordCheck.data && passwordCheck.data !== seen) {
    setSeen(passwordCheck.data);
    if (passwordCheck.data.ok) {
      setAlert(null);
      setStep(quiz.showAnswerTiming === "AfterEachAttempt" ? "mode" : "guidelines");
    } else setAlert(translateExamError(t, passwordCheck.data));
  }

  function submitPassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = new FormData(event.currentTarget).get("password");
    const value = typeof typed === "string" ? typed : "";
    setPassword(value);
    if (!value) return setAlert(t("password.required"));
    passwordCheck.submit({ intent: "password", password: value }, { method: "post" });
  }

  function chooseMode(event: FormEvent) {
    event.preventDefault();
    if (!mode) return setAlert(t("mode.required"));
    setAlert(null);
    setStep("guidelines");
  }

  async function start() {
    setStarting(true);
    const answer = await callApi(() => api.takeQuiz.startQuiz.$post({ json: { quizId: quiz.quizId, password: password || undefined, examMode: mode || undefined } }));
    setStarting(false);
    // Never silent (issue 18): what failed, by its code, and what the student can do.
    if (!answer.ok) return setAlert(examFailureMessage(t, "start", answer));
    // Spec 2.4: the exam opens full screen (where the browser allows it).
    void document.documentElement.requestFullscreen?.().catch(() => undefined);
    setExam(answer.data);
    setStep("exam");
  }

  if (step === "exam" && exam) {
    return (
      <ExamScreen
        exam={exam}
        onFinished={(taken, why) => {
          if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
          // Spec 4: finishing leads to the result page with 'quiz completed'; when the clock ended it, the page says so.
          navigate(`/student/takenQuiz/${taken.takenQuizId}/newResult?notice=${why === "time" ? "timeUp" : "completed"}`, { replace: true });
        }}
      />
    );
  }

  return (
    <section className="shell-page take-quiz" aria-labelledby="page-title">
      <title>{`${quiz.quizName} · ${t("common:app.name")}`}</title>
      <h1 id="page-title" className="shell-page__title">
        {quiz.quizName}
      </h1>
      {alert && (
        <Alert variant="danger" onClose={() => setAlert(null)} resetKey={alert} autoHideMs={null}>
          {alert}
        </Alert>
      )}
      {step === "password" && (
        // method="post": without JavaScript the password goes to this route's action, never into the URL.
        <form className="take-quiz__card" method="post" onSubmit={submitPassword} aria-labelledby="take-password">
          <h2 id="take-password">{t("password.title")}</h2>
          {/* Uncontrolled, read from the form when it is sent: what was typed before hydration counts. */}
          <NativePasswordField label={t("password.label")} name="password" autoComplete="off" />
          <Button type="submit" variant="primary" isDisabled={passwordCheck.state !== "idle"}>
            {t("next")}
          </Button>
        </form>
      )}
      {step === "mode" && (
        <form className="take-quiz__card" onSubmit={chooseMode}>
          <NativeRadioGroup
            label={t("mode.label")}
            value={mode || null}
            onChange={(value) => setMode(value as "all" | "onebyone")}
            options={[
              { value: "all", label: t("mode.all"), description: t("mode.allHint") },
              { value: "onebyone", label: t("mode.onebyone"), description: t("mode.onebyoneHint") },
            ]}
          />
          <Button type="submit" variant="primary">
            {t("next")}
          </Button>
        </form>
      )}
      {step === "guidelines" && (
        <div className="take-quiz__card">
          <h2>{t("guidelines.title")}</h2>
          {quiz.quizDescription && <p>{quiz.quizDescription}</p>}
          <ul className="take-quiz__rules">
            <li>{t("guidelines.questions", { count: quiz.questionCount })}</li>
            <li>
              {quiz.time === -1
                ? t("guidelines.noLimit")
                : quiz.quiztimetype === "Question"
                  ? t("guidelines.perQuestion", { count: quiz.time })
                  : t("guidelines.time", { count: quiz.time })}
            </li>
            <li>{t("guidelines.attempts", { used: quiz.attemptsTaken, allowed: quiz.attemptsAllowed })}</li>
            {/* When the quiz closes for this student (their classes' or override's date, ADR 0079), on the school's clock named and, abroad, their own too (ADR 0082): the page opens only inside their window. */}
            {quiz.closesAt !== null && <li>{t("classSettings.closes", { date: dates.forReader(quiz.closesAt) })}</li>}
            {quiz.negativeMarking === "Yes" && <li>{t("guidelines.negative", { count: quiz.consuctiveWrongAnswersForNegativeMarking })}</li>}
            <li>{t("guidelines.autosave")}</li>
            <li>{t("guidelines.noLeaving")}</li>
          </ul>
          <Button variant="primary" onPress={start} isDisabled={starting}>
            {quiz.resumable ? t("guidelines.resume") : t("guidelines.start")}
          </Button>
        </div>
      )}
    </section>
  );
}
