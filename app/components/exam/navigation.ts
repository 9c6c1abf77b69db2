import type { LocalAnswer, StartedExam } from "./exam-types";

/** Spec 4's answer states: empty, yes (answered), no (checked wrong, one by one), not (marked for review). */
export type AnswerState = "empty" | "yes" | "no" | "not";

export function answerState(value: LocalAnswer | undefined, checkedWrong = false): AnswerState {
  if (checkedWrong) return "no";
  if (value && value.answer.length > 0) return "yes";
  return value?.markedForReview ? "not" : "empty";
}

/**
 * Milliseconds each question has when the quiz is timed per question (the student's extra
 * time included), or null. Each question's share of the attempt's time, as the server
 * counts it (question-window.ts), from the deadline the browser knows now: extra time given
 * during the exam reaches it with the next save's `deadlineAt` and stretches every
 * question's clock from then on.
 */
export function questionMs(exam: Pick<StartedExam, "questionTime" | "startedAt" | "deadlineAt" | "questions">): number | null {
  if (exam.questionTime === null) return null;
  if (exam.deadlineAt === null || exam.questions.length === 0) return exam.questionTime * 1000;
  return (exam.deadlineAt - exam.startedAt) / exam.questions.length;
}

/**
 * When the question at `index` must end on the server (api/services/attempts/question-window.ts):
 * no later than its place in the schedule, and never later than `shownAt + perQuestion`
 * in the browser, which resets each question's clock when it is shown.
 */
export function questionEndsAt(exam: Pick<StartedExam, "startedAt" | "deadlineAt">, perQuestion: number, index: number, shownAt: number): number {
  const scheduled = exam.startedAt + (index + 1) * perQuestion;
  return Math.min(shownAt + perQuestion, scheduled, exam.deadlineAt ?? Infinity);
}

/** Spec 4, all at once: the navigator moves only to unanswered or review-marked questions. */
export function canJumpTo(state: AnswerState): boolean {
  return state === "empty" || state === "not";
}

/**
 * Where a per-question exam resumes after a reload: after the last question that has an
 * answer, since earlier ones are closed (no going back when time is per question).
 */
export function resumeIndex(exam: Pick<StartedExam, "questions" | "savedAnswers">): number {
  const answered = new Set(exam.savedAnswers.filter((a) => a.answerStatus !== "empty").map((a) => a.questionId));
  let last = -1;
  exam.questions.forEach((q, index) => {
    if (answered.has(q.id)) last = index;
  });
  return Math.min(last + 1, exam.questions.length - 1);
}
