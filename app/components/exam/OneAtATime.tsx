import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../ui/Alert";
import { Button } from "../ui/Button";
import { CheckVerdict, type Checked } from "./CheckVerdict";
import { api, callApi } from "../../utils/api-client";
import type { LocalAnswer, StartedExam } from "./exam-types";
import { ExamTimer } from "./ExamTimer";
import { translateExamError } from "./messages";
import { answerState, questionEndsAt, questionMs, resumeIndex } from "./navigation";
import { QuestionCard } from "./QuestionCard";
import { QuestionNavigator } from "./QuestionNavigator";

interface Props {
  exam: StartedExam;
  valueOf: (questionId: number) => LocalAnswer;
  setAnswer: (questionId: number, value: LocalAnswer) => void;
  /** The student asks to finish (a confirmation follows). */
  onFinish: () => void;
  /** The last question's own time ran out: the exam ends now. */
  onTimeUp: () => void;
  offsetMs: number;
}

/**
 * One question at a time (spec 4). In a one-by-one exam, Check makes the answer final and
 * shows right or wrong with the explanation (answerOne); Next moves on, Skip only when the
 * quiz allows it; once every question has been seen, skipped ones can be revisited unless
 * time is per question. A quiz timed per question is also taken this way in an all-at-once
 * exam (no Check): each question has its own clock, reset when it is shown, and moves on
 * by itself at zero; there is no going back (the server closes passed questions too).
 */
export function OneAtATime({ exam, valueOf, setAnswer, onFinish, onTimeUp, offsetMs }: Props) {
  const { t } = useTranslation("exam");
  const checkable = exam.examMode === "onebyone";
  const perQuestion = questionMs(exam);
  const serverNow = () => Date.now() + offsetMs;
  const [index, setIndex] = useState(() => (perQuestion === null ? 0 : resumeIndex(exam)));
  const [shownAt, setShownAt] = useState(serverNow);
  const [seenAll, setSeenAll] = useState(false);
  const [reviewing, setReviewing] = useState(false);
  const [checked, setChecked] = useState<Record<number, Checked>>(() =>
    Object.fromEntries(exam.savedAnswers.filter((a) => a.answerStatus === "no" || a.answerStatus === "yes").map((a) => [a.questionId, { answerStatus: a.answerStatus as "yes" | "no" }])),
  );
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const questions = exam.questions;
  const last = questions.length - 1;
  const question = questions[index];
  const result = checked[question.id];
  const value = valueOf(question.id);
  // Spec 4: revisiting skipped questions, after all were seen, only without per-question time.
  const skipped = checkable && perQuestion === null ? questions.map((q, i) => (checked[q.id] ? -1 : i)).filter((i) => i >= 0) : [];

  const show = (next: number) => {
    setIndex(next);
    setShownAt(serverNow());
    setError(null);
  };

  function advance() {
    if (!seenAll && index < last) return show(index + 1);
    setSeenAll(true);
    if (skipped.length > 0) setReviewing(true);
    else onFinish();
  }

  function timeUp() {
    if (index === last || seenAll) onTimeUp();
    else advance();
  }

  async function check() {
    setBusy(true);
    const answer = await callApi(() => api.takeQuiz.answerOne.$post({ json: { takenQuizId: exam.takenQuizId, questionId: question.id, optionType: question.optionType, answer: value.answer } }));
    setBusy(false);
    if (answer.ok) setChecked((now) => ({ ...now, [question.id]: answer.data }));
    else setError(answer.offline ? t("finish.offline") : translateExamError(t, answer));
  }

  if (reviewing) {
    const states = questions.map((q) => answerState(valueOf(q.id), checked[q.id]?.answerStatus === "no"));
    return (
      <div className="exam__one">
        <h2 className="exam__subtitle">{t("review.title")}</h2>
        <p>{t("review.hint")}</p>
        <QuestionNavigator
          states={states}
          isAllowed={(i) => skipped.includes(i)}
          onGo={(i) => {
            setReviewing(false);
            show(i);
          }}
        />
        <div className="exam__nav">
          <Button variant="primary" onPress={onFinish}>
            {t("finish.button")}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className="exam__one">
      {perQuestion !== null && (
        <ExamTimer key={index} scope="question" deadlineAt={questionEndsAt(exam, perQuestion, index, shownAt)} offsetMs={offsetMs} startedAt={exam.startedAt} onExpire={timeUp} />
      )}
      <QuestionCard question={question} number={index + 1} total={questions.length} value={value} onChange={(v) => setAnswer(question.id, v)} locked={Boolean(result)} />
      {error && (
        <Alert variant="danger" onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      {result && <CheckVerdict result={result} question={question} />}
      <div className="exam__nav">
        {checkable && !result && (
          <Button variant="primary" onPress={check} isDisabled={value.answer.length === 0 || busy}>
            {t("check.button")}
          </Button>
        )}
        {checkable && !result && exam.quiz.allowSkip === "Yes" && (
          <Button variant="secondary" onPress={advance}>
            {t("check.skip")}
          </Button>
        )}
        {(result || !checkable) && (
          <Button variant="primary" onPress={advance}>
            {index === last || seenAll ? t("finish.button") : t("check.next")}
          </Button>
        )}
      </div>
    </div>
  );
}
