import { sql, type SQL } from "drizzle-orm";
import { qualified } from "../../../db/qualified";
import { classStudents, quizAttempts, quizClasses, quizOverrides, quizzes } from "../../../db/schema";

/**
 * The two settings the answer-key rule (results/answer-review.ts) reads, as columns beside a
 * quiz_attempts row and its quiz (ADR 0079), so the result's one read stays one statement:
 */

/**
 * The attempts the attempt's student has at its quiz: their override's, else the most of their
 * classes' (a class without a number takes the quiz's), else the quiz's. A student given an
 * extra attempt must not see the key "after the last attempt" while it is still to come.
 */
export function studentAttemptsAllowedColumn(): SQL {
  const quizAttemptsAllowed = qualified(quizzes.attemptsAllowed);
  return sql`coalesce(
    (select ${qualified(quizOverrides.attemptsAllowed)} from ${quizOverrides} where ${qualified(quizOverrides.quizId)} = ${qualified(quizzes.id)} and ${qualified(quizOverrides.studentId)} = ${qualified(quizAttempts.studentId)}),
    (select max(coalesce(${qualified(quizClasses.attemptsAllowed)}, ${quizAttemptsAllowed})) from ${quizClasses} where ${qualified(quizClasses.quizId)} = ${qualified(quizzes.id)}
      and ${qualified(quizClasses.classId)} in (select ${qualified(classStudents.classId)} from ${classStudents} where ${qualified(classStudents.userId)} = ${qualified(quizAttempts.studentId)})),
    ${quizAttemptsAllowed})`;
}

/**
 * When the quiz closes for everyone (epoch seconds): the latest of its end, its classes' ends and
 * its overrides' ends. "After the quiz closes" waits for the last of them: a student whose
 * class closed must not pass the key to a class still sitting it. Null for a quiz without an end.
 */
export function lastCloseColumn(): SQL {
  const quizEnd = qualified(quizzes.endTimestamp);
  return sql`max(${quizEnd},
    coalesce((select max(coalesce(${qualified(quizClasses.endTimestamp)}, ${quizEnd})) from ${quizClasses} where ${qualified(quizClasses.quizId)} = ${qualified(quizzes.id)}), ${quizEnd}),
    coalesce((select max(${qualified(quizOverrides.endTimestamp)}) from ${quizOverrides} where ${qualified(quizOverrides.quizId)} = ${qualified(quizzes.id)}), ${quizEnd}))`;
}
