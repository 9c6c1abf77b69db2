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

/** A column of the grid: a quiz set for the class (ADR 0079) or one some member of the class has finished (ADR 0081). */
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

/** Columns of quizzes set for the class ride in the same statement as the results: room for them past the cap. */
const ROWS_READ = MAX_REPORT_RESULTS + 1_000;

/** A counted result, or (id and student null) a quiz set for the class, for its column. */
interface CountedRecord {
  id: number | null;
  quiz_id: number;
  student_id: number | null;
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
 * × the quizzes set for the class and those any of them finished (a teacher's own quizzes only;
 * the owner's all), by name, each cell
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
      ),
      cells as (
        select id, quiz_id, student_id, percentage, time_taken, submitted_at, status, grading_status, attempts from counted
        union all
        -- A column without a cell for each quiz set for the class (ADR 0079), taken or not: "Not taken" until someone finishes it.
        select null, qc.quiz_id, null, null, null, null, null, null, 0
        from quiz_classes qc join quizzes q on q.id = qc.quiz_id
        where qc.class_id = ${klass.id} and q.business_id = ${caller.businessId}
          ${ownQuizzes ? sql`and ${ownQuizzes}` : sql``}
      )
      select cells.*, q.quiz_name, c.name as quiz_category, q.take_best_score, q.pass_percentage
      from cells
      join quizzes q on q.id = cells.quiz_id
      join categories c on c.id = q.category_id
      order by q.quiz_name collate nocase, q.id
      limit ${ROWS_READ}`),
  ]);
  // A full read may have cut results off: too large, whatever it holds.
  assertWithinReportCap(records.length === ROWS_READ ? ROWS_READ : records.filter((r) => r.id !== null).length);
  const quizzes = new Map<number, GridQuiz>();
  const resultsOf = new Map<number, GridResult[]>();
  for (const r of records) {
    const quizId = Number(r.quiz_id);
    const passPercentage = r.pass_percentage === null ? null : Number(r.pass_percentage);
    if (!quizzes.has(quizId)) quizzes.set(quizId, { quizId, quizName: r.quiz_name, quizCategory: r.quiz_category, countingRule: countingRuleOf(r.take_best_score), passPercentage });
    if (r.id === null || r.student_id === null) continue; // a quiz set for the class: its column only
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
