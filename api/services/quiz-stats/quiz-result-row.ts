import type { QuizAttempt, ResultStatus } from "../../../db/schema/attempts";

/**
 * One attempt as a quiz's stats list it (spec 3 "Taken quiz", decisions.md "Results lists":
 * `id` and `takenQuizId`, the student's `fullname` and `email` with the spec's aliases
 * `studentName` and `studentEmail`, dates epoch ms).
 */
export interface QuizResultRow {
  id: number;
  takenQuizId: number;
  quizId: number;
  studentId: number;
  fullname: string;
  studentName: string;
  email: string;
  studentEmail: string;
  /** 1, 2, 3…: which of the student's attempts at this quiz it is. */
  attemptNumber: number;
  percentage: number;
  correctAnswered: number;
  negativePoints: number;
  /** Seconds by the server's clock; for an attempt in progress, the time so far. */
  timeTaken: number;
  /** Epoch ms of the start. */
  attemptDate: number;
  /** Epoch ms of the grading; null while in progress. */
  submittedAt: number | null;
  status: ResultStatus;
  /** NeedsGrading while an essay of the finished attempt awaits a grader: its percentage is provisional (decisions.md "Manual grading"). */
  gradingStatus: QuizAttempt["gradingStatus"];
  /** Still being taken: no grade yet, and no status decision can be made on it. */
  inProgress: boolean;
  /** In progress only: epoch ms when it closes (its time limit or the quiz's end date), null without one. */
  closesAt: number | null;
  /** In progress only: whole seconds left until it closes, null without a limit (and for finished attempts). */
  timeLeft: number | null;
  /** ADR 0076: reaches the quiz's pass mark; null without one, while marking is pending, or while in progress. */
  passed: boolean | null;
}
