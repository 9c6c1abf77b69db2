import { and, count, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { quizAttempts, quizQuestions } from "../../../db/schema";
import { drawnCount } from "../quizzes/schemas";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import type { ShowAnswerTiming } from "../../../db/schema/quizzes";
import { showAnswerTimingOf } from "../quizzes/answer-timing";
import { loadTakeableQuiz } from "./quiz-access";
import { assertQuizPassword } from "./quiz-password";
import { studentSettingsOfQuiz } from "../quiz-classes/student-settings";
import { msOf } from "../quiz-classes/effective-settings";

const QuizIdInput = z.object({ quizId: z.coerce.number({ error: "quizId must be an id" }).int("quizId must be an id").positive("quizId must be an id") });

export interface QuizForStudent {
  quizId: number;
  quizName: string;
  quizDescription: string;
  level: string;
  questionCount: number;
  /** Minutes; -1 = no limit. Per question when quiztimetype is "Question". */
  time: number;
  quiztimetype: "Quiz" | "Question";
  allowSkip: "Yes" | "No";
  showAnswer: "Yes" | "No";
  /** When right answers are shown (ADR 0030); one by one (spec 2.4 step 2) only with AfterEachAttempt. */
  showAnswerTiming: ShowAnswerTiming;
  negativeMarking: "Yes" | "No";
  consuctiveWrongAnswersForNegativeMarking: number;
  attemptsAllowed: number;
  attemptsTaken: number;
  /** Never the password itself. */
  hasPassword: boolean;
  /** An attempt is open: Start resumes it (no password, no mode choice). */
  resumable: boolean;
  /** The student's own window (epoch ms; null = no bound): the quiz's, their classes' or their override's (ADR 0079). */
  opensAt: number | null;
  closesAt: number | null;
}

/**
 * What the take page shows before the exam (spec 2.4 steps 1–3): the quiz as a student may
 * see it, under the same access rules as startQuiz, without its password or questions.
 */
export async function describeQuizForStudent(services: AppServices, caller: Caller, input: unknown): Promise<QuizForStudent> {
  const { quizId } = QuizIdInput.parse(input);
  const quiz = await loadTakeableQuiz(services, caller, quizId);
  const db = services.db;
  const mine = and(eq(quizAttempts.quizId, quizId), eq(quizAttempts.studentId, caller.userId));
  const [settings, [[{ questionCount }], [{ attemptsTaken }], [{ open }]]] = await Promise.all([studentSettingsOfQuiz(services, caller.userId, quiz), db.batch([
    db.select({ questionCount: count() }).from(quizQuestions).where(and(eq(quizQuestions.quizId, quizId), isNull(quizQuestions.inDraws))),
    db.select({ attemptsTaken: count() }).from(quizAttempts).where(mine),
    db.select({ open: count() }).from(quizAttempts).where(and(mine, isNull(quizAttempts.submittedAt))),
  ])]);
  const yesNo = (flag: boolean) => (flag ? "Yes" : "No") as "Yes" | "No";
  return {
    quizId,
    quizName: quiz.quizName,
    quizDescription: quiz.quizDescription,
    level: quiz.level,
    // A paper holds the quiz's own questions and what its draws draw (ADR 0077).
    questionCount: questionCount + drawnCount(quiz.draws),
    // The student's own (their classes' or override: ADR 0079).
    time: settings.time,
    quiztimetype: quiz.quizTimeType,
    allowSkip: yesNo(quiz.allowSkip),
    showAnswer: yesNo(quiz.showAnswer),
    showAnswerTiming: showAnswerTimingOf(quiz),
    negativeMarking: yesNo(quiz.negativeMarking),
    consuctiveWrongAnswersForNegativeMarking: quiz.consecutiveWrongAnswersForNegativeMarking,
    attemptsAllowed: settings.attemptsAllowed,
    attemptsTaken,
    hasPassword: settings.passwords.length > 0,
    resumable: open > 0,
    opensAt: msOf(settings.startDate),
    closesAt: msOf(settings.endDate),
  };
}

/** Spec 2.4 step 1: the password, checked before the exam starts (startQuiz checks it again). */
export async function checkQuizPassword(
  services: AppServices,
  caller: Caller,
  input: { quizId: unknown; password: unknown },
  context: { clientAddress: string },
): Promise<void> {
  const { quizId } = QuizIdInput.parse(input);
  const quiz = await loadTakeableQuiz(services, caller, quizId);
  const { passwords } = await studentSettingsOfQuiz(services, caller.userId, quiz);
  const password = typeof input.password === "string" ? input.password : "";
  // The same counted check as startQuiz's (quiz-password.ts): the step cannot be used to guess either.
  await assertQuizPassword(services, caller, { id: quiz.id, passwords }, password, context.clientAddress);
}
