import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../ui/Alert";
import { Button } from "../ui/Button";
import { CheckVerdict, type Checked } from "./CheckVerdict";
import { api, callApi } from "../../utils/api-client";
import type { LocalAnswer, StartedExam } from "./exam-types";
import { ExamTimer } from "./ExamTimer";
import { isAnswered } from "./answer-value";
import { examFailureMessage } from "./messages";
import { canRevisit, checkedOnResume, firstOpenIndex, nextIndex, oneByOneState, questionEndsAt, questionMs, resumeIndex, seenOnResume } from "./navigation";
import { QuestionCard, questionHeadingId } from "./QuestionCard";
import { QuestionNavigator } from "./QuestionNavigator";

interface Props {
  exam: StartedExam;
  valueOf: (questionId: number) => LocalAnswer;
  setAnswer: (questionId: number, value: LocalAnswer) => void;
  /** The last question's own time ran out: the exam ends now. */
  onTimeUp: () => void;
  offsetMs: number;
}

/**
 * One question at a time (spec 4). In a one-by-one exam, Check makes the answer final and
 * shows right or wrong, on the chosen option itself and in a panel with the explanation
 * (answerOne); Next moves on, Skip only when the quiz allows it. The navigator shows every
 * question's state; once every question has been seen it opens the skipped ones, unless
 * time is per question. A resumed exam starts at its first question not yet checked. A quiz
 * timed per question is also taken this way in an all-at-once exam (no Check): each
 * question has its own clock, reset when it is shown, and moves on by itself at zero; there
 * is no going back (the server closes passed questions too). Finish is in the exam's bar.
 */
export function OneAtATime({ exam, valueOf, setAnswer, onTimeUp, offsetMs }: Props) {
  const { t } = useTranslation("exam");
  const oneByOne = exam.examMode === "onebyone";
  const perQuestion = questionMs(exam);
  // Spec 4: revisiting skipped questions, after all were seen, only without per-question time.
  const mayRevisit = oneByOne && perQuestion === null;
  const serverNow = () => Date.now() + offsetMs;
  const [checked, setChecked] = useState<Record<number, Checked>>(() => (oneByOne ? checkedOnResume(exam) : {}));
  const [index, setIndex] = useState(() => (mayRevisit ? firstOpenIndex(exam.questions, checked) : perQuestion === null ? 0 : resumeIndex(exam)));
  const [furthest, setFurthest] = useState(() => seenOnResume(exam.questions, checked, index));
  const [shownAt, setShownAt] = useState(serverNow);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const questions = exam.questions;
  const last = questions.length - 1;
  const question = questions[index];
  const result = checked[question.id];
  // An essay is marked by a person: no Check (the server refuses one), the student moves on with Next.
  const checkable = oneByOne && question.optionType !== "essay";
  const value = valueOf(question.id);
  const seenAll = furthest >= last;
  // Still to be answered: not checked (an all-at-once exam timed per question checks nothing).
  const open = questions.map((q) => !checked[q.id]);
  const target = nextIndex(index, open, seenAll, mayRevisit);

  const show = (next: number, focus = false) => {
    setIndex(next);
    setFurthest((now) => Math.max(now, next));
    setShownAt(serverNow());
    setError(null);
    // From the navigator, the question's heading takes the focus (as in the all-at-once navigator).
    if (focus) requestAnimationFrame(() => document.getElementById(questionHeadingId(questions[next].id))?.focus());
  };

  function advance() {
    if (target !== null) show(target);
  }

  function timeUp() {
    if (index === last) onTimeUp();
    else show(index + 1);
  }

  async function check() {
    setBusy(true);
    const answer = await callApi(() => api.takeQuiz.answerOne.$post({ json: { takenQuizId: exam.takenQuizId, questionId: question.id, optionType: question.optionType, answer: value.answer } }));
    setBusy(false);
    if (answer.ok) setChecked((now) => ({ ...now, [question.id]: answer.data }));
    else setError(examFailureMessage(t, "check", answer));
  }

  const skippedLeft = mayRevisit && seenAll && open.some((isOpen, i) => isOpen && i !== index);
  return (
    <div className="exam__one">
      {mayRevisit && (
        <div className="exam__one-nav">
          <QuestionNavigator
            states={questions.map((q) => oneByOneState(valueOf(q.id), checked[q.id]?.answerStatus))}
            isAllowed={(i) => canRevisit(i, index, open, seenAll, mayRevisit)}
            onGo={(i) => show(i, true)}
            current={index}
          />
          <p className="exam__hint">{skippedLeft ? t("review.hint") : t("nav.oneByOneHint")}</p>
        </div>
      )}
      {perQuestion !== null && (
        <ExamTimer key={index} scope="question" deadlineAt={questionEndsAt(exam, perQuestion, index, shownAt)} offsetMs={offsetMs} startedAt={exam.startedAt} onExpire={timeUp} />
      )}
      <QuestionCard
        key={question.id}
        question={question}
        number={index + 1}
        total={questions.length}
        value={value}
        onChange={(v) => setAnswer(question.id, v)}
        locked={Boolean(result)}
        verdict={result}
      />
      {error && (
        <Alert variant="danger" onClose={() => setError(null)} resetKey={error}>
          {error}
        </Alert>
      )}
      {result && <CheckVerdict result={result} question={question} />}
      <div className="exam__nav">
        {checkable && !result && (
          <Button variant="primary" onPress={check} isDisabled={!isAnswered(value.answer) || busy}>
            {t("check.button")}
          </Button>
        )}
        {checkable && !result && exam.quiz.allowSkip === "Yes" && target !== null && (
          <Button variant="secondary" onPress={advance}>
            {t("check.skip")}
          </Button>
        )}
        {(result || !checkable) && target !== null && (
          <Button variant="primary" onPress={advance}>
            {target < index ? t("check.toSkipped", { number: target + 1 }) : t("check.next")}
          </Button>
        )}
      </div>
      {(result || !checkable) && target === null && <p className="exam__hint">{t("check.lastHint")}</p>}
    </div>
  );
}
