import { asc, eq, sql } from "drizzle-orm";
import { classStudents, users } from "../../../db/schema";
import type { QuizAttempt, ResultStatus } from "../../../db/schema/attempts";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { assertMayReadReports, quizzesInCallersReports } from "../core/permissions";
import { loadManagedClass } from "../classes/load-class";
import { passedOf } from "../pass-mark/passed";
import { ClassReportInput, type CountingRule, countingRuleOf, MAX_REPORT_RESULTS } from "./schemas";
import { assertWithinReportCap, countReportRead } from "./student-report";

/** A column of the grid: a quiz some member of the class has finished (ADR 0081). */
export interface GridQuiz {
  quizId: number;
  quizName: string;
  quizCategory: string;
  countingRule: CountingRule;
  passPercentage: number | null;
}

/** A cell of the grid: a student's result at a quiz, the attempt its rule counts. */
export interface GridResult {
  quizId: number;
  takenQuizId: number;
  percentage: number;
  passed: boolean | null;
  /** The student's finished attempts at the quiz. */
  attemptsCount: number;
  timeTaken: number;
  submittedAt: number;
  status: ResultStatus;
  gradingStatus: QuizAttempt["gradingStatus"];
}

export interface ClassReport {
  class: { classId: number; name: string; code: string | null };
  quizzes: GridQuiz[];
  /** Every member of the class, by name; `results` only for the quizzes they finished. */
  students: { userId: number; fullname: string; email: string; results: GridResult[] }[];
}

interface CountedRecord {
  id: number;
  quiz_id: number;
  student_id: number;
  percentage: number;
  time_taken: number;
  submitted_at: number;
  status: ResultStatus;
  grading_status: QuizAttempt["gradingStatus"];
  attempts: number;
  quiz_name: string;
  quiz_category: string;
  take_best_score: number;
  pass_percentage: number | null;
}

/**
 * POST /api/reports/class { classId } (decisions.md "Reports", ADR 0081): the class's members
 * × the quizzes any of them finished (a teacher's own quizzes only; the owner's all), each cell
 * the attempt the quiz's rule counts. The class is the caller's to manage or the 404 of an id
 * never used.
 *
 * One grouped pass, as the leader board's (leader-board/board-query.ts): the maximum of
 * `percentage × 10^6 − attemptNumber` (best score, the earliest on a tie) or of `attemptNumber`
 * (the latest) is the counting attempt, pickCountingAttempt's rule, and SQLite takes the row's
 * other columns from that attempt. Never a query per student.
 */
export async function classReport(services: AppServices, caller: Caller, input: unknown): Promise<{ data: ClassReport; format: "json" | "csv" }> {
  assertMayReadReports(caller);
  const { classId, format } = ClassReportInput.parse(input);
  const klass = await loadManagedClass(services, caller, classId);
  await countReportRead(services, caller);
  const ownQuizzes = quizzesInCallersReports(caller, sql`q.teacher_id`);
  const [members, records] = await Promise.all([
    services.db
      .select({ userId: users.id, fullname: users.fullname, email: users.email })
      .from(classStudents)
      .innerJoin(users, eq(users.id, classStudents.userId))
      .where(eq(classStudents.classId, klass.id))
      .orderBy(asc(sql`${users.fullname} collate nocase`), asc(users.id)),
    services.db.all<CountedRecord>(sql`
      with counted as (
        select a.id, a.quiz_id, a.student_id, a.percentage, a.time_taken, a.submitted_at, a.status, a.grading_status,
          max(case when q.take_best_score = 1 then a.percentage * 1000000 - a.attempt_number else a.attempt_number end) as counting_key,
          count(*) as attempts
        from quiz_attempts a
        join quizzes q on q.id = a.quiz_id
        where a.business_id = ${caller.businessId} and a.submitted_at is not null
          and a.student_id in (select user_id from class_students where class_id = ${klass.id})
          ${ownQuizzes ? sql`and ${ownQuizzes}` : sql``}
        group by a.quiz_id, a.student_id
      )
      select counted.*, q.quiz_name, c.name as quiz_category, q.take_best_score, q.pass_percentage
      from counted
      join quizzes q on q.id = counted.quiz_id
      join categories c on c.id = q.category_id
      order by q.quiz_name collate nocase, q.id
      limit ${MAX_REPORT_RESULTS + 1}`),
  ]);
  assertWithinReportCap(records.length);
  const quizzes = new Map<number, GridQuiz>();
  const resultsOf = new Map<number, GridResult[]>();
  for (const r of records) {
    const quizId = Number(r.quiz_id);
    const passPercentage = r.pass_percentage === null ? null : Number(r.pass_percentage);
    if (!quizzes.has(quizId)) quizzes.set(quizId, { quizId, quizName: r.quiz_name, quizCategory: r.quiz_category, countingRule: countingRuleOf(r.take_best_score), passPercentage });
    const percentage = Number(r.percentage);
    const result: GridResult = {
      quizId,
      takenQuizId: Number(r.id),
      percentage,
      passed: passedOf({ percentage, gradingStatus: r.grading_status }, passPercentage),
      attemptsCount: Number(r.attempts),
      timeTaken: Number(r.time_taken),
      submittedAt: Number(r.submitted_at),
      status: r.status,
      gradingStatus: r.grading_status,
    };
    resultsOf.set(Number(r.student_id), [...(resultsOf.get(Number(r.student_id)) ?? []), result]);
  }
  return {
    data: {
      class: { classId: klass.id, name: klass.name, code: klass.code },
      quizzes: [...quizzes.values()],
      students: members.map((member) => ({ ...member, results: resultsOf.get(member.userId) ?? [] })),
    },
    format,
  };
}
