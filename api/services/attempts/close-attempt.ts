import { and, eq, isNull } from "drizzle-orm";
import { attemptAnswers, quizAttempts, quizzes } from "../../../db/schema";
import type { QuizAttempt } from "../../../db/schema/attempts";
import type { AppServices } from "../../context";
import { secondsTaken } from "./deadline";
import { loadAnswerKey } from "./exam-paper";
import { gradeAttempt } from "./scoring";

/** Saves racing the close make it read again; more rounds than this means something is wrong. */
const MAX_ROUNDS = 5;

/**
 * Grades an attempt once and closes it (answerAll, the deadline). The answers and the
 * attempt's `answersVersion` are read together; the close is a compare-and-set on that
 * version, so an answer saved meanwhile makes it read and grade again, and once it is
 * closed every save is refused (save-answers.ts): no acknowledged answer is ever left out.
 * Whoever closes first wins; everyone else gets the same stored result.
 */
export async function closeAttempt(services: AppServices, attempt: QuizAttempt): Promise<QuizAttempt> {
  const db = services.db;
  const [{ keys }, [quiz]] = await Promise.all([
    loadAnswerKey(services, attempt.quizId),
    db
      .select({ negativeMarking: quizzes.negativeMarking, consecutiveWrongAnswersForNegativeMarking: quizzes.consecutiveWrongAnswersForNegativeMarking })
      .from(quizzes)
      .where(eq(quizzes.id, attempt.quizId)),
  ]);
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const [[current], saved] = await db.batch([
      db.select().from(quizAttempts).where(eq(quizAttempts.id, attempt.id)),
      db.select({ questionId: attemptAnswers.questionId, answer: attemptAnswers.selectedOptionIds }).from(attemptAnswers).where(eq(attemptAnswers.attemptId, attempt.id)),
    ]);
    if (current.submittedAt) return current;
    const grade = gradeAttempt(keys, saved, quiz);
    const now = services.now();
    const closed = await db
      .update(quizAttempts)
      .set({
        submittedAt: now,
        correctAnswered: grade.correctAnswered,
        negativePoints: grade.negativePoints,
        percentage: grade.percentage,
        timeTaken: secondsTaken(current, now),
      })
      .where(and(eq(quizAttempts.id, attempt.id), isNull(quizAttempts.submittedAt), eq(quizAttempts.answersVersion, current.answersVersion)))
      .returning();
    if (closed.length === 1) return closed[0];
  }
  throw new Error(`attempt ${attempt.id} kept changing while it was being graded`);
}
