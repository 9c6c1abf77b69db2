import { and, eq, isNull, sql } from "drizzle-orm";
import { prepared } from "../../../db/prepared";
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
    prepared(db, "closeAttempt:marking", (db) =>
      db
        .select({ negativeMarking: quizzes.negativeMarking, consecutiveWrongAnswersForNegativeMarking: quizzes.consecutiveWrongAnswersForNegativeMarking })
        .from(quizzes)
        .where(eq(quizzes.id, sql.placeholder("quizId")))
        .prepare(),
    ).all({ quizId: attempt.quizId }),
  ]);
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const [[current], saved] = await db.batch([
      db.select().from(quizAttempts).where(eq(quizAttempts.id, attempt.id)),
      db.select({ questionId: attemptAnswers.questionId, answer: attemptAnswers.selectedOptionIds }).from(attemptAnswers).where(eq(attemptAnswers.attemptId, attempt.id)),
    ]);
    if (current.submittedAt) return current;
    const grade = gradeAttempt(keys, saved, quiz);
    const now = services.now();
    // A class submits in the same second: built once (db/prepared.ts).
    const closed = await prepared(db, "closeAttempt:close", (db) =>
      db
        .update(quizAttempts)
        .set({
          // Wrapped in sql: update's set() takes no bare placeholder, and submittedAt binds as stored (epoch ms).
          submittedAt: sql`${sql.placeholder("submittedAt")}`,
          correctAnswered: sql`${sql.placeholder("correctAnswered")}`,
          negativePoints: sql`${sql.placeholder("negativePoints")}`,
          percentage: sql`${sql.placeholder("percentage")}`,
          timeTaken: sql`${sql.placeholder("timeTaken")}`,
        })
        .where(and(eq(quizAttempts.id, sql.placeholder("attemptId")), isNull(quizAttempts.submittedAt), eq(quizAttempts.answersVersion, sql.placeholder("answersVersion"))))
        .returning()
        .prepare(),
    ).all({
      submittedAt: now.getTime(),
      correctAnswered: grade.correctAnswered,
      negativePoints: grade.negativePoints,
      percentage: grade.percentage,
      timeTaken: secondsTaken(current, now),
      attemptId: attempt.id,
      answersVersion: current.answersVersion,
    });
    if (closed.length === 1) return closed[0];
  }
  throw new Error(`attempt ${attempt.id} kept changing while it was being graded`);
}
