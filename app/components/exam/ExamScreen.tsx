import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useBlocker } from "react-router";
import { Alert } from "../ui/Alert";
import { Button } from "../ui/Button";
import { Dialog } from "../ui/Dialog";
import { api, callApi } from "../../utils/api-client";
import type { LocalAnswer, StartedExam, TakenQuizObject } from "./exam-types";
import { ExamTimer } from "./ExamTimer";
import { isAnswered } from "./answer-value";
import { AllAtOnce } from "./AllAtOnce";
import { examFailureMessage } from "./messages";
import { questionMs } from "./navigation";
import { OneAtATime } from "./OneAtATime";
import { SaveStatus } from "./SaveStatus";
import { useAnswerSync } from "./use-answer-sync";
import { useExamHasTheScreen } from "./use-exam-has-the-screen";

const EMPTY: LocalAnswer = { answer: [], markedForReview: false };
/** How often a submission that failed for want of a network is tried again. */
const SUBMIT_RETRY_MS = 5000;

/** Why the exam ended: the student's Finish, the clock, or the server closing the attempt (time up there, or submitted elsewhere). */
export type FinishReason = "student" | "time" | "closed";

/**
 * The exam (spec 2.4 step 4, 4): the questions, and a bar that stays in view with the
 * timer, the save status and Finish. The server is the referee: answers are saved as the
 * student goes (use-answer-sync.ts), the deadline is the server's, and the exam finishes by
 * itself at zero, once. Leaving mid-exam asks first ('You'll lose your data!'); the answers
 * themselves are never lost. While it runs the app's menus step aside (spec 2.4: full
 * screen), and every failed call says what happened and what the student can do.
 */
export function ExamScreen({ exam, onFinished }: { exam: StartedExam; onFinished: (result: TakenQuizObject, why: FinishReason) => void }) {
  const { t } = useTranslation("exam");
  useExamHasTheScreen();
  const [notice, setNotice] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  // The server's clock minus this device's, once: every timer of the exam counts by the server.
  const [offsetMs] = useState(() => exam.serverNow - Date.now());
  const finished = useRef(false);
  const inSubmit = useRef(false);
  // The answers as they are now, whenever submit runs (a timer or a 409 may call it from an older render).
  const latest = useRef<ReturnType<typeof useAnswerSync> | null>(null);
  // A submission that failed offline, to be sent again when the network returns.
  const retry = useRef<(() => void) | null>(null);

  const submit = useCallback(
    async (why: FinishReason) => {
      // Once: the timer, a 409 from an autosave and the button may all ask at the same moment.
      if (finished.current || inSubmit.current) return;
      inSubmit.current = true;
      setSubmitting(true);
      if (why === "time") setNotice(t("finish.timeUp"));
      const current = latest.current!;
      await current.flush();
      const answers = Object.entries(latest.current!.answers).map(([questionId, value]) => ({ questionId: Number(questionId), answer: value.answer, markedForReview: value.markedForReview }));
      const result = await callApi(() => api.takeQuiz.answerAll.$post({ json: { takenQuizId: exam.takenQuizId, quizId: exam.quizId, answers } }));
      if (result.ok) finished.current = true;
      inSubmit.current = false;
      setSubmitting(false);
      if (result.ok) {
        current.forget();
        onFinished(result.data.data.takenQuizObject, why);
      } else if (result.offline) {
        // The student (or the clock) has finished: keep trying until the network is back.
        setNotice(t("finish.retrying"));
        retry.current = () => void submit(why);
      } else setNotice(examFailureMessage(t, "finish", result));
    },
    [exam.takenQuizId, exam.quizId, onFinished, t],
  );
  useEffect(() => {
    const again = () => {
      const pending = retry.current;
      retry.current = null;
      pending?.();
    };
    window.addEventListener("online", again);
    const every = setInterval(again, SUBMIT_RETRY_MS);
    return () => {
      window.removeEventListener("online", again);
      clearInterval(every);
    };
  }, []);
  // An attempt the server closed for its time ends as the clock would have ended it.
  const sync = useAnswerSync(exam, (code) => void submit(code === "DEADLINE_PASSED" ? "time" : "closed"));
  latest.current = sync;

  // Leaving mid-exam: the browser's own prompt on reload or close, ours on in-app navigation.
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (finished.current) return;
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, []);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => !finished.current && currentLocation.pathname !== nextLocation.pathname);

  const answered = exam.questions.filter((q) => isAnswered(sync.answers[q.id]?.answer)).length;
  const valueOf = (id: number) => sync.answers[id] ?? EMPTY;

  // The deadline as the server last said (extra time given mid-exam arrives with a save): the question clocks follow it.
  const withLiveDeadline = useMemo(() => ({ ...exam, deadlineAt: sync.deadlineAt }), [exam, sync.deadlineAt]);

  return (
    <section className="exam" aria-labelledby="exam-title">
      <title>{`${exam.quiz.quizName} · ${t("common:app.name")}`}</title>
      <header className="exam__bar">
        <h1 id="exam-title" className="exam__title">
          {exam.quiz.quizName}
        </h1>
        <ExamTimer deadlineAt={sync.deadlineAt} offsetMs={offsetMs} startedAt={exam.startedAt} onExpire={() => void submit("time")} />
        <SaveStatus state={sync.state} pending={sync.pendingCount} serverFailed={sync.failure !== null && !sync.failure.offline} />
        <p className="exam__progress">{t("progress", { answered, total: exam.questions.length })}</p>
        <Button variant="primary" className="exam__finish-button" onPress={() => setConfirming(true)} isDisabled={submitting}>
          {t("finish.button")}
        </Button>
      </header>
      {notice && (
        <Alert variant="warning" autoHideMs={null} onClose={() => setNotice(null)} resetKey={notice}>
          {notice}
        </Alert>
      )}
      {/* A failed save, until the next one succeeds: what happened, and that the answers wait here. */}
      {sync.failure && (
        <Alert variant="danger" autoHideMs={null} isDismissable={false} resetKey={sync.failure}>
          {examFailureMessage(t, "save", sync.failure)}
        </Alert>
      )}
      {exam.examMode === "onebyone" || questionMs(exam) !== null ? (
        <OneAtATime exam={withLiveDeadline} valueOf={valueOf} setAnswer={sync.setAnswer} onTimeUp={() => void submit("time")} offsetMs={offsetMs} />
      ) : (
        <AllAtOnce exam={exam} valueOf={valueOf} setAnswer={sync.setAnswer} />
      )}
      <Dialog title={t("finish.title")} isOpen={confirming} onOpenChange={setConfirming} role="alertdialog">
        {({ close }) => (
          <>
            <p>{answered < exam.questions.length ? t("finish.unanswered", { count: exam.questions.length - answered }) : t("finish.allAnswered")}</p>
            <div className="exam__dialog-actions">
              <Button variant="secondary" onPress={close}>
                {t("finish.keepGoing")}
              </Button>
              <Button
                variant="primary"
                isDisabled={submitting}
                onPress={async () => {
                  close();
                  await submit("student");
                }}
              >
                {t("finish.confirm")}
              </Button>
            </div>
          </>
        )}
      </Dialog>
      <Dialog title={t("leave.title")} isOpen={blocker.state === "blocked"} onOpenChange={(open) => !open && blocker.reset?.()} role="alertdialog">
        <p>{t("leave.body")}</p>
        <div className="exam__dialog-actions">
          <Button variant="primary" onPress={() => blocker.reset?.()}>
            {t("leave.stay")}
          </Button>
          <Button variant="secondary" onPress={() => blocker.proceed?.()}>
            {t("leave.go")}
          </Button>
        </div>
      </Dialog>
    </section>
  );
}
