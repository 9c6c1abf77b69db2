import { and, desc, eq, exists, gt, isNotNull, sql } from "drizzle-orm";
import { attemptAnswers, quizAttempts, quizzes } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { assertStudent } from "../core/permissions";

/** One in-app notice: "Your attempt at <quiz> has been marked: N %". */
export interface MarkedNotice {
  takenQuizId: number;
  quizName: string;
  percentage: number;
}

/** A student with more news than this opens their results list anyway. */
const MAX_NOTICES = 5;

/**
 * The caller's attempts a person marked since the student last opened their result (issue 26
 * point 4, ADR 0071): every answer marked (`Graded`), and one of its answers given a mark by a
 * person (`graded_by`) after `result_seen_at` (never opened: any such mark). Opening the result
 * clears it (markResultSeen). Students only; the newest first, at most five.
 */
export async function listMarkedNotices(services: AppServices, caller: Caller): Promise<MarkedNotice[]> {
  assertStudent(caller);
  return services.db
    .select({ takenQuizId: quizAttempts.id, quizName: quizzes.quizName, percentage: quizAttempts.percentage })
    .from(quizAttempts)
    .innerJoin(quizzes, eq(quizzes.id, quizAttempts.quizId))
    .where(
      and(
        eq(quizAttempts.businessId, caller.businessId),
        eq(quizAttempts.studentId, caller.userId),
        isNotNull(quizAttempts.submittedAt),
        eq(quizAttempts.gradingStatus, "Graded"),
        exists(markedSinceSeen(services)),
      ),
    )
    .orderBy(desc(quizAttempts.id))
    .limit(MAX_NOTICES);
}

/** An answer of the attempt a person marked after the student last opened its result. */
function markedSinceSeen(services: AppServices) {
  return services.db
    .select({ one: sql`1` })
    .from(attemptAnswers)
    .where(and(eq(attemptAnswers.attemptId, quizAttempts.id), isNotNull(attemptAnswers.gradedBy), gt(attemptAnswers.gradedAt, sql`coalesce(${quizAttempts.resultSeenAt}, 0)`)));
}

/**
 * The student opened this result of theirs now: a mark given before now is no longer news.
 * Written only when there is news to clear: a class opening its results writes nothing.
 * Another's attempt changes nothing.
 */
export async function markResultSeen(services: AppServices, caller: Caller, takenQuizId: number): Promise<void> {
  assertStudent(caller);
  await services.db
    .update(quizAttempts)
    .set({ resultSeenAt: services.now() })
    .where(and(eq(quizAttempts.id, takenQuizId), eq(quizAttempts.studentId, caller.userId), eq(quizAttempts.businessId, caller.businessId), exists(markedSinceSeen(services))));
}
