import { and, eq, isNull, sql } from "drizzle-orm";
import { prepared } from "../../../db/prepared";
import { quizAttempts } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import type { QuizAttempt } from "../../../db/schema/attempts";
import { type AttemptWithEnd, secondsTaken } from "./deadline";
import { loadQuestionsKey } from "./answer-key";
import { gradeAttempt } from "./scoring";
import { type AttemptSnapshot, readAttemptSnapshot } from "./attempt-snapshot";
import { partIdsOf } from "./part-ids";
import { closeWithMarkings } from "./store-markings";
import { writeTogether } from "../../../db/write-together";
import { isKeyedType } from "../marking/question-types";

/** Saves racing the close make it read again; more rounds than this means something is wrong. */
const MAX_ROUNDS = 5;

/**
 * Grades an attempt once and closes it (answerAll, the deadline). The answers and the
 * attempt's `answersVersion` are read together; the close is a compare-and-set on that
 * version, so an answer saved meanwhile makes it read and grade again, and once it is
 * closed every save is refused (save-answers.ts): no acknowledged answer is ever left out.
 * Whoever closes first wins; everyone else gets the same stored result. A caller that has
 * just read a snapshot (answerAll) passes it instead of having it read again.
 */
export async function closeAttempt(services: AppServices, attempt: Pick<QuizAttempt, "id" | "quizId">, snapshot?: AttemptSnapshot): Promise<AttemptWithEnd> {
  const db = services.db;
  // The questions' part of the key is kept; the marking rule comes with each snapshot.
  const [{ keys }, partIds] = await Promise.all([loadQuestionsKey(services, attempt.quizId), partIdsOf(services, attempt.id)]);
  // A paper with types without options stores each answer's marking with the close (store-markings.ts).
  const withMarkings = keys.some((key) => isKeyedType(key.optionType));
  let read = snapshot ?? null;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    // A save between the read and the close (the compare-and-set missed) makes it read again.
    read ??= await readAttemptSnapshot(services, attempt.id);
    if (!read) throw new Error(`attempt ${attempt.id} is gone`);
    const { attempt: current, answers: saved, rule } = read;
    if (current.submittedAt) return current;
    const grade = gradeAttempt(keys, saved, rule, partIds);
    const now = services.now();
    const values = {
      submittedAt: now,
      correctAnswered: grade.correctAnswered,
      negativePoints: grade.negativePoints,
      percentage: grade.percentage,
      timeTaken: secondsTaken(current, now),
      // Whole numbers (quiz-score.ts keeps marks in 10⁻⁷ and hundredths): exact when read back.
      scoreE7: Math.round(grade.score * 1e7),
      totalMarkHundredths: Math.round(grade.totalMarks * 100),
      // decisions.md: an essay awaiting a grader leaves the percentage provisional.
      gradingStatus: grade.pending > 0 ? ("NeedsGrading" as const) : ("Graded" as const),
    };
    if (withMarkings) {
      // The close and the markings in one transaction (store-markings.ts); the row closed is the one read, with these values.
      const [closedRows] = await writeTogether(db, closeWithMarkings(attempt.id, current.answersVersion, values, grade));
      if (closedRows === 1) return { ...current, ...values };
      read = null;
      continue;
    }
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
          scoreE7: sql`${sql.placeholder("scoreE7")}`,
          totalMarkHundredths: sql`${sql.placeholder("totalMarkHundredths")}`,
          gradingStatus: sql`${sql.placeholder("gradingStatus")}`,
        })
        .where(and(eq(quizAttempts.id, sql.placeholder("attemptId")), isNull(quizAttempts.submittedAt), eq(quizAttempts.answersVersion, sql.placeholder("answersVersion"))))
        .returning()
        .prepare(),
    ).all({ ...values, submittedAt: now.getTime(), attemptId: attempt.id, answersVersion: current.answersVersion });
    if (closed.length === 1) {
      return { ...closed[0], quizEndsAt: current.quizEndsAt };
    }
    read = null;
  }
  throw new Error(`attempt ${attempt.id} kept changing while it was being graded`);
}
