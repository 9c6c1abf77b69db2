import { useMemo } from "react";
import type { LocalAnswer, StartedExam } from "./exam-types";
import { answerState, canJumpTo } from "./navigation";
import { QuestionCard, questionHeadingId } from "./QuestionCard";
import { QuestionNavigator } from "./QuestionNavigator";

interface Props {
  exam: StartedExam;
  valueOf: (questionId: number) => LocalAnswer;
  setAnswer: (questionId: number, value: LocalAnswer) => void;
}

/**
 * Every question on one page (spec 4, all at once, timed as a whole or not at all). The
 * navigator goes only to unanswered or review-marked questions; answered ones stay on the
 * page to read and change. Finish is in the exam's bar, always in view.
 */
export function AllAtOnce({ exam, valueOf, setAnswer }: Props) {
  const states = exam.questions.map((q) => answerState(valueOf(q.id)));
  // One handler per question for the exam's life, so that a card whose answer did not change is not redrawn (QuestionCard is memoized).
  const onChangeOf = useMemo(
    () => new Map(exam.questions.map((question) => [question.id, (value: LocalAnswer) => setAnswer(question.id, value)])),
    [exam.questions, setAnswer],
  );
  const go = (index: number) => {
    const heading = document.getElementById(questionHeadingId(exam.questions[index].id));
    heading?.scrollIntoView({ block: "start", behavior: "smooth" });
    heading?.focus({ preventScroll: true });
  };
  return (
    <div className="exam__questions">
      <QuestionNavigator states={states} isAllowed={(index) => canJumpTo(states[index])} onGo={go} />
      {exam.questions.map((question, index) => (
        <QuestionCard key={question.id} question={question} number={index + 1} total={exam.questions.length} value={valueOf(question.id)} onChange={onChangeOf.get(question.id)!} />
      ))}
    </div>
  );
}
