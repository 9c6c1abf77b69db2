import { and, count, desc, eq, isNotNull, isNull, type SQL } from "drizzle-orm";
import { questionFeedback, questions, quizAttempts, quizzes, users } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { isOwner, isStudent, ownRowsUnlessOwner } from "../core/permissions";
import { studentPoolScope } from "../attempts/quiz-access";
import { totalWaiting, waitingCountsQuery } from "../grading/waiting-counts";

export interface RecentResult {
  takenQuizId: number;
  quizName: string;
  percentage: number;
  status: "Pending" | "Accepted" | "Rejected";
  submittedAt: number;
}

/** The home page's numbers (docs/decisions/0046): which ones depend on the caller's role. */
export type DashboardSummary =
  | { role: "Student"; openQuizzes: number; inProgress: number; recentResults: RecentResult[] }
  | {
      role: "Teacher" | "Owner";
      quizzes: number;
      inProgress: number;
      pendingFeedback: number;
      /** Answers of finished attempts waiting for a grader in the quizzes the caller may grade (issue 26 point 4). */
      answersWaiting: number;
      /** Owner only: self-registered teachers waiting for a decision, and the business's accounts. */
      pendingTeacherRequests: number | null;
      users: number | null;
    };

const total = (rows: { n: number }[]) => rows[0]?.n ?? 0;

/**
 * One round trip (db.batch of builder queries: D1 binds only those in a batch). The scopes
 * are the list screens' own: the student's pool (studentPoolScope), the author's quizzes and
 * questions (an owner sees the whole business, like the quiz and feedback lists).
 */
export async function dashboardSummary(services: AppServices, caller: Caller): Promise<DashboardSummary> {
  const { db } = services;
  const now = services.now();
  const open = isNull(quizAttempts.submittedAt);

  if (isStudent(caller)) {
    const [pool, running, recent] = await db.batch([
      db.select({ n: count() }).from(quizzes).where(studentPoolScope(caller, now)),
      db
        .select({ n: count() })
        .from(quizAttempts)
        .where(and(eq(quizAttempts.businessId, caller.businessId), eq(quizAttempts.studentId, caller.userId), open)),
      db
        .select({ takenQuizId: quizAttempts.id, quizName: quizzes.quizName, percentage: quizAttempts.percentage, status: quizAttempts.status, submittedAt: quizAttempts.submittedAt })
        .from(quizAttempts)
        .innerJoin(quizzes, and(eq(quizzes.id, quizAttempts.quizId), eq(quizzes.businessId, quizAttempts.businessId)))
        .where(and(eq(quizAttempts.businessId, caller.businessId), eq(quizAttempts.studentId, caller.userId), isNotNull(quizAttempts.submittedAt)))
        .orderBy(desc(quizAttempts.submittedAt), desc(quizAttempts.id))
        .limit(3),
    ]);
    return {
      role: "Student",
      openQuizzes: total(pool),
      inProgress: total(running),
      recentResults: recent.map((r) => ({ ...r, percentage: Math.round(r.percentage * 100) / 100, submittedAt: r.submittedAt!.getTime() })),
    };
  }

  const owner = isOwner(caller);
  // The author's own rows; the owner's view is the whole business.
  const mine = (column: typeof quizzes.teacherId | typeof questions.teacherId): SQL | undefined => ownRowsUnlessOwner.where(caller, column);
  const [quizRows, running, feedback, requests, accounts, waiting] = await db.batch([
    db.select({ n: count() }).from(quizzes).where(and(eq(quizzes.businessId, caller.businessId), mine(quizzes.teacherId))),
    db
      .select({ n: count() })
      .from(quizAttempts)
      .innerJoin(quizzes, eq(quizzes.id, quizAttempts.quizId))
      .where(and(eq(quizAttempts.businessId, caller.businessId), eq(quizzes.businessId, caller.businessId), mine(quizzes.teacherId), open)),
    db
      .select({ n: count() })
      .from(questionFeedback)
      .innerJoin(questions, eq(questions.id, questionFeedback.questionId))
      .where(and(eq(questionFeedback.businessId, caller.businessId), eq(questions.businessId, caller.businessId), mine(questions.teacherId), eq(questionFeedback.status, "Pending"))),
    db.select({ n: count() }).from(users).where(and(eq(users.businessId, caller.businessId), eq(users.teacherRequest, "pending"))),
    db.select({ n: count() }).from(users).where(eq(users.businessId, caller.businessId)),
    waitingCountsQuery(db, caller),
  ]);
  return {
    role: owner ? "Owner" : "Teacher",
    quizzes: total(quizRows),
    inProgress: total(running),
    pendingFeedback: total(feedback),
    answersWaiting: totalWaiting(waiting),
    // Counted for everyone in the same batch (cheap, indexed), answered only to the owner.
    pendingTeacherRequests: owner ? total(requests) : null,
    users: owner ? total(accounts) : null,
  };
}
