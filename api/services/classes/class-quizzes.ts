import { and, asc, count, eq, isNotNull, sql } from "drizzle-orm";
import { quizAttempts, quizzes } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { quizzesWhoseResultsCallerReads } from "../core/permissions";
import { attemptsOfClass, type ClassFilter } from "./class-filter";

/** Quizzes one class page lists: far more than a class sits in a year. */
export const MOST_CLASS_QUIZZES = 200;

export interface ClassQuiz {
  quizId: number;
  quizName: string;
  /** Members of the class with a finished attempt at the quiz. */
  students: number;
  /** Their finished attempts. */
  attempts: number;
}

/**
 * "A teacher sees … their quizzes' results by class" (issue 27 point 1, ADR 0080): the quizzes
 * the class's members have finished attempts at, among those whose results the caller reads
 * (a teacher's own quizzes, the owner's all), each to be opened as its stats filtered by the
 * class. The class is one the caller manages (the page loaded it first). One grouped statement.
 */
export async function classQuizzes(services: AppServices, caller: Caller, inClass: ClassFilter): Promise<ClassQuiz[]> {
  return services.db
    .select({ quizId: quizzes.id, quizName: quizzes.quizName, students: sql<number>`count(distinct ${quizAttempts.studentId})`, attempts: count() })
    .from(quizAttempts)
    .innerJoin(quizzes, eq(quizzes.id, quizAttempts.quizId))
    .where(
      and(
        eq(quizAttempts.businessId, caller.businessId),
        isNotNull(quizAttempts.submittedAt),
        attemptsOfClass(inClass, quizAttempts.studentId),
        quizzesWhoseResultsCallerReads(caller, quizzes.teacherId),
      ),
    )
    .groupBy(quizzes.id)
    .orderBy(sql`lower(${quizzes.quizName})`, asc(quizzes.id))
    .limit(MOST_CLASS_QUIZZES);
}
