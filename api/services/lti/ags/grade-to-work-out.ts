import { and, eq, inArray } from "drizzle-orm";
import { ltiUsers, quizAttempts, quizzes } from "../../../../db/schema";
import type { AppServices } from "../../core/app-services";
import { pickCountingAttempt } from "../../attempts/counting-attempt";
import { type AgsScore, scorePayload } from "./score-payload";
import { chunkRows, MAX_BOUND_PARAMETERS } from "../../../../db/statement-limits";

/** Students a statement: the quiz id is bound beside them. */
const STUDENTS_PER_STATEMENT = MAX_BOUND_PARAMETERS - 1;

/**
 * The outbox row's payload as the grading write leaves it (queue-grade.ts): not yet the score,
 * but which grade to work out it from: the attempt, its answers' version and the time of the
 * grade. Each grade that wins writes a marker no other grade writes (one close per attempt,
 * each grader's mark a new version), so the sender's "mark sent only while the payload is the
 * one posted" still tells a newer grade from the one it sent. Never JSON, so it is never taken
 * for a score: the teacher's list works out the score it stands for (workOutGrades) as the
 * sender will.
 */
const PREFIX = "grade-to-work-out:";

export function gradeToWorkOut(grade: { attemptId: number; answersVersion: number; at: number }): string {
  return `${PREFIX}${grade.attemptId}:${grade.answersVersion}:${grade.at}`;
}

/** The time of the grade a marker stands for; null when the payload is already a score. */
export function gradeTimeOf(payload: string): Date | null {
  if (!payload.startsWith(PREFIX)) return null;
  const at = Number(payload.slice(PREFIX.length).split(":")[2]);
  return Number.isFinite(at) ? new Date(at) : null;
}

/** A (link, student) row holding a marker: the student, the link's platform and the grade's time. */
export interface GradeToWorkOut {
  userId: number;
  platformId: number;
  at: Date;
}

/** The score a marker stands for and the attempt it is of. */
export interface WorkedOutGrade {
  score: AgsScore;
  attemptId: number;
}

/**
 * The scores to post for rows of one quiz, worked out as the sender posts them: each student's
 * counting attempt at the quiz (best or latest as the quiz says: pickCountingAttempt, the rule
 * results use) as the AGS score of their `sub` on the row's platform, stamped with the grade's
 * time; null for a row with nothing to send (no graded attempt, or no `sub` left). One batch
 * however many rows (the sender asks for one row, the teacher's list for every marker it shows,
 * up to 200, so the list shows the score the sender will send): the students go in chunks, since
 * D1 binds at most 100 values a statement; each student's `sub` rows are few (one a platform),
 * so the platform is picked here rather than bound.
 */
export async function workOutGrades(services: AppServices, quizId: number, rows: readonly GradeToWorkOut[]): Promise<(WorkedOutGrade | null)[]> {
  if (rows.length === 0) return [];
  const db = services.db;
  const studentChunks = chunkRows([...new Set(rows.map((row) => row.userId))], STUDENTS_PER_STATEMENT);
  const [[quiz], ...perChunk] = await db.batch([
    db.select({ takeBestScore: quizzes.takeBestScore }).from(quizzes).where(eq(quizzes.id, quizId)),
    ...studentChunks.map((ids) => db.select({ platformId: ltiUsers.platformId, userId: ltiUsers.userId, sub: ltiUsers.sub }).from(ltiUsers).where(inArray(ltiUsers.userId, ids))),
    ...studentChunks.map((ids) => attemptsOfStudents(db, quizId, ids)),
  ]);
  const users = perChunk.slice(0, studentChunks.length).flat() as { platformId: number; userId: number; sub: string }[];
  const attempts = perChunk.slice(studentChunks.length).flat() as AttemptOfStudent[];
  if (!quiz) return rows.map(() => null);
  const subs = new Map<string, string>();
  for (const user of users) if (!subs.has(`${user.platformId}:${user.userId}`)) subs.set(`${user.platformId}:${user.userId}`, user.sub);
  const attemptsOf = new Map<number, AttemptOfStudent[]>();
  for (const attempt of attempts) {
    const ofStudent = attemptsOf.get(attempt.studentId);
    if (ofStudent) ofStudent.push(attempt);
    else attemptsOf.set(attempt.studentId, [attempt]);
  }
  return rows.map((row) => {
    const sub = subs.get(`${row.platformId}:${row.userId}`);
    const counting = pickCountingAttempt(attemptsOf.get(row.userId) ?? [], quiz.takeBestScore);
    if (sub === undefined || !counting) return null;
    return { score: scorePayload({ sub, percentage: counting.percentage, gradingStatus: counting.gradingStatus, at: row.at }), attemptId: counting.id };
  });
}

/** A chunk of students' attempts at the quiz, as the counting rule reads them. */
const attemptsOfStudents = (db: AppServices["db"], quizId: number, ids: number[]) =>
  db
    .select({ studentId: quizAttempts.studentId, id: quizAttempts.id, attemptNumber: quizAttempts.attemptNumber, percentage: quizAttempts.percentage, submittedAt: quizAttempts.submittedAt, gradingStatus: quizAttempts.gradingStatus })
    .from(quizAttempts)
    .where(and(eq(quizAttempts.quizId, quizId), inArray(quizAttempts.studentId, ids)));
type AttemptOfStudent = Awaited<ReturnType<typeof attemptsOfStudents>>[number];

/** The sender's one row: its payload as posted (JSON), or null when there is nothing to send. */
export async function workOutGrade(services: AppServices, row: GradeToWorkOut & { quizId: number }): Promise<{ payload: string; attemptId: number } | null> {
  const [worked] = await workOutGrades(services, row.quizId, [row]);
  return worked ? { payload: JSON.stringify(worked.score), attemptId: worked.attemptId } : null;
}
