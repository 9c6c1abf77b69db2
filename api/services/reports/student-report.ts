import { and, eq, sql } from "drizzle-orm";
import { users } from "../../../db/schema";
import type { QuizAttempt, ResultStatus } from "../../../db/schema/attempts";
import { pickCountingAttempt } from "../attempts/counting-attempt";
import { rateLimit } from "../auth/rate-limit";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { Invalid, NotFound } from "../core/errors";
import { assertMayReadReports, quizzesInCallersReports, studentsCallerReportsOn } from "../core/permissions";
import { say } from "../message-codes";
import { passedOf } from "../pass-mark/passed";
import { type CountingRule, countingRuleOf, MAX_REPORT_RESULTS, REPORT_LIMITS, StudentReportInput } from "./schemas";

/** One finished attempt as a report shows it (times in epoch ms, time taken in seconds by the server's clock). */
export interface ReportAttempt {
  takenQuizId: number;
  attemptNumber: number;
  percentage: number;
  /** ADR 0076: null without a pass mark or while marking is pending. */
  passed: boolean | null;
  timeTaken: number;
  startedAt: number;
  submittedAt: number;
  status: ResultStatus;
  gradingStatus: QuizAttempt["gradingStatus"];
  /** The attempt the quiz's rule counts (pickCountingAttempt): exactly one per quiz. */
  counts: boolean;
}

export interface ReportQuiz {
  quizId: number;
  quizName: string;
  quizCategory: string;
  countingRule: CountingRule;
  passPercentage: number | null;
  /** The student's finished attempts at the quiz. */
  attemptsCount: number;
  /** The counting attempt: the quiz's result for this student. */
  result: ReportAttempt;
  attempts: ReportAttempt[];
}

export interface StudentReport {
  student: { userId: number; fullname: string; email: string };
  quizzes: ReportQuiz[];
}

interface AttemptRecord {
  id: number;
  quiz_id: number;
  attempt_number: number;
  percentage: number;
  time_taken: number;
  started_at: number;
  submitted_at: number;
  status: ResultStatus;
  grading_status: QuizAttempt["gradingStatus"];
  quiz_name: string;
  quiz_category: string;
  take_best_score: number;
  pass_percentage: number | null;
}

/** Reads come after the role check, so a refused caller fills no counter. */
export async function countReportRead(services: AppServices, caller: Caller): Promise<void> {
  await rateLimit(services, [{ key: `reports:10m:${caller.userId}`, limit: REPORT_LIMITS.perTenMinutes, windowMs: 10 * 60_000 }]);
}

export function assertWithinReportCap(count: number): void {
  if (count > MAX_REPORT_RESULTS) throw new Invalid(say("REPORT_TOO_LARGE", { max: MAX_REPORT_RESULTS }));
}

/**
 * POST /api/reports/student { userId } (decisions.md "Reports", ADR 0081): one student's
 * finished attempts at every quiz the caller may report on, grouped by quiz, each quiz's
 * result the attempt its rule counts (takeBestScore: best, earliest on a tie; else latest).
 * A student the caller may not report on (another business's, outside a teacher's classes,
 * never made) is the same 404.
 */
export async function studentReport(services: AppServices, caller: Caller, input: unknown): Promise<{ data: StudentReport; format: "json" | "csv" }> {
  assertMayReadReports(caller);
  const { userId, format } = StudentReportInput.parse(input);
  const [student] = await services.db
    .select({ userId: users.id, fullname: users.fullname, email: users.email })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.businessId, caller.businessId), studentsCallerReportsOn(caller, users.id)))
    .limit(1);
  if (!student) throw new NotFound("student");
  await countReportRead(services, caller);
  const ownQuizzes = quizzesInCallersReports(caller, sql`q.teacher_id`);
  const records = await services.db.all<AttemptRecord>(sql`
    select a.id, a.quiz_id, a.attempt_number, a.percentage, a.time_taken, a.started_at, a.submitted_at, a.status, a.grading_status,
      q.quiz_name, c.name as quiz_category, q.take_best_score, q.pass_percentage
    from quiz_attempts a
    join quizzes q on q.id = a.quiz_id
    join categories c on c.id = q.category_id
    where a.student_id = ${userId} and a.business_id = ${caller.businessId} and a.submitted_at is not null
      ${ownQuizzes ? sql`and ${ownQuizzes}` : sql``}
    order by q.quiz_name collate nocase, q.id, a.attempt_number
    limit ${MAX_REPORT_RESULTS + 1}`);
  assertWithinReportCap(records.length);
  return { data: { student, quizzes: groupByQuiz(records) }, format };
}

function groupByQuiz(records: AttemptRecord[]): ReportQuiz[] {
  const byQuiz = new Map<number, AttemptRecord[]>();
  for (const record of records) byQuiz.set(Number(record.quiz_id), [...(byQuiz.get(Number(record.quiz_id)) ?? []), record]);
  return [...byQuiz.values()].map((rows) => {
    const [first] = rows;
    const passPercentage = first.pass_percentage === null ? null : Number(first.pass_percentage);
    const attempts = rows.map((r) => toAttempt(r, passPercentage));
    // The results' own rule (counting-attempt.ts), fed the summaries it reads.
    const summaries = attempts.map((a, index) => ({ index, attemptNumber: a.attemptNumber, percentage: a.percentage, submittedAt: new Date(a.submittedAt) }));
    const counting = pickCountingAttempt(summaries, countingRuleOf(first.take_best_score) === "best")?.index;
    const marked = attempts.map((attempt, index) => ({ ...attempt, counts: index === counting }));
    return {
      quizId: Number(first.quiz_id),
      quizName: first.quiz_name,
      quizCategory: first.quiz_category,
      countingRule: countingRuleOf(first.take_best_score),
      passPercentage,
      attemptsCount: marked.length,
      result: marked.find((attempt) => attempt.counts) ?? marked[0],
      attempts: marked,
    };
  });
}

function toAttempt(r: AttemptRecord, passPercentage: number | null): ReportAttempt {
  const percentage = Number(r.percentage);
  return {
    takenQuizId: Number(r.id),
    attemptNumber: Number(r.attempt_number),
    percentage,
    passed: passedOf({ percentage, gradingStatus: r.grading_status }, passPercentage),
    timeTaken: Number(r.time_taken),
    startedAt: Number(r.started_at),
    submittedAt: Number(r.submitted_at),
    status: r.status,
    gradingStatus: r.grading_status,
    counts: false,
  };
}
