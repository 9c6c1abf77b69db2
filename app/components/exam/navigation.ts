import { isAnswered } from "./answer-value";
import type { LocalAnswer, StartedExam } from "./exam-types";

/** Spec 4's answer states: empty, yes (answered), no (checked wrong, one by one), not (marked for review). */
export type AnswerState = "empty" | "yes" | "no" | "not";

export function answerState(value: LocalAnswer | undefined, checkedWrong = false): AnswerState {
  if (checkedWrong) return "no";
  if (value && isAnswered(value.answer)) return "yes";
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

/** The saved answers a one-by-one Check made final, with their verdict (a resumed exam's). */
export function checkedOnResume(exam: Pick<StartedExam, "savedAnswers">): Record<number, { answerStatus: "yes" | "no" }> {
  return Object.fromEntries(
    exam.savedAnswers.filter((a) => a.final && (a.answerStatus === "yes" || a.answerStatus === "no")).map((a) => [a.questionId, { answerStatus: a.answerStatus as "yes" | "no" }]),
  );
}

/**
 * Where a one-by-one exam without per-question time resumes: the first question not yet
 * checked (an answer only saved is not final, so it is not done), or the last when all are.
 */
export function firstOpenIndex(questions: readonly { id: number }[], final: Readonly<Record<number, unknown>>): number {
  const open = questions.findIndex((q) => !final[q.id]);
  return open < 0 ? questions.length - 1 : open;
}

/** The furthest question a resumed one-by-one exam has certainly shown: the last one checked, or where it resumes. */
export function seenOnResume(questions: readonly { id: number }[], final: Readonly<Record<number, unknown>>, resumeAt: number): number {
  let furthest = resumeAt;
  questions.forEach((q, index) => {
    if (final[q.id]) furthest = Math.max(furthest, index);
  });
  return furthest;
}

/** A one-by-one question's state in the navigator: its verdict once checked, else unanswered or marked (a choice not checked is not an answer yet). */
export function oneByOneState(value: LocalAnswer | undefined, verdict: "yes" | "partial" | "no" | undefined): AnswerState {
  // Part of the mark is not the whole of it: the navigator shows it as not right (issue 26's types only).
  if (verdict) return verdict === "partial" ? "no" : verdict;
  return value?.markedForReview ? "not" : "empty";
}

/**
 * Where Next or Skip goes in a one-by-one exam (spec 4): the next question until every one
 * has been seen; after that, without per-question time, the next skipped one (after the
 * current, wrapping round); null when there is nowhere left to go (Finish is next).
 */
export function nextIndex(index: number, open: readonly boolean[], seenAll: boolean, mayRevisit: boolean): number | null {
  const last = open.length - 1;
  if (!seenAll && index < last) return index + 1;
  if (!mayRevisit) return index < last ? index + 1 : null;
  for (let step = 1; step < open.length; step++) {
    const candidate = (index + step) % open.length;
    if (open[candidate]) return candidate;
  }
  return null;
}

/** Spec 4, one by one: once every question was seen, the navigator opens the skipped (unchecked) ones, never with per-question time. */
export function canRevisit(index: number, current: number, open: readonly boolean[], seenAll: boolean, mayRevisit: boolean): boolean {
  return mayRevisit && seenAll && index !== current && open[index];
}

/** How a checked question's option is marked (issue 18: on the option itself, not only in a text panel). */
export type OptionVerdict = "chosenRight" | "chosenWrong" | "answerWrong" | "missed";

/**
 * One option's mark after a Check. With the right options (the quiz shows answers), each
 * option is judged alone: chosen and right, chosen and wrong, right but not chosen. Without
 * them only the whole answer's verdict is known: it marks the chosen options, and a wrong
 * checkbox answer's chosen options are "in a wrong answer" (one of them may be right).
 */
export function optionVerdict(optionId: number, chosen: readonly number[], optionType: string, checked: { answerStatus: "yes" | "partial" | "no"; correctOptionIds?: number[] }): OptionVerdict | null {
  const isChosen = chosen.includes(optionId);
  if (checked.correctOptionIds) {
    const isRight = checked.correctOptionIds.includes(optionId);
    if (isChosen) return isRight ? "chosenRight" : "chosenWrong";
    return isRight ? "missed" : null;
  }
  if (!isChosen) return null;
  if (checked.answerStatus === "yes") return "chosenRight";
  return optionType === "radio" ? "chosenWrong" : "answerWrong";
}
