import { and, asc, eq } from "drizzle-orm";
import { attemptAnswers, quizAttempts, quizzes } from "../../../db/schema";
import type { QuizAttempt } from "../../../db/schema/attempts";
import { writeTogether } from "../../../db/write-together";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { Conflict, Invalid, NotFound } from "../core/errors";
import { assertMayGradeQuiz } from "../core/permissions";
import { rateLimit } from "../auth/rate-limit";
import { say } from "../message-codes";
import { loadQuestionsKey } from "../attempts/answer-key";
import { partIdsOf } from "../attempts/part-ids";
import { isOnPaper } from "../attempts/attempt-paper";
import { type AttemptGrade, gradeAttempt, type SavedAnswer } from "../attempts/scoring";
import { RESULT_MESSAGES } from "../results/schemas";
import { type ChosenMark, markOfGrade } from "./mark-of-grade";
import { GradeInput } from "./schemas";
import { queueGradeStatement } from "../lti/ags/queue-grade";

/** Saves cannot follow a close, so only other grades race a grade; more rounds than this means something is wrong. */
const MAX_ROUNDS = 5;
const MINUTE_MS = 60_000;
/** A grader marks an essay every few seconds at most; a script at a hundred a second is stopped. */
export const GRADE_LIMITS = { perTenMinutes: 600 } as const;

export interface GradedAnswer {
  message: string;
  code: "GRADED_ANSWER";
  entity: { takenQuizId: number; questionId: number; mark: number; maxMark: number; percentage: number; score: number; gradingStatus: QuizAttempt["gradingStatus"] };
}

/**
 * decisions.md "Manual grading": POST /api/takenQuiz/grade. A grader (permissions.ts
 * mayGradeQuiz) sets one question's mark of a finished attempt: an essay awaiting a person, or
 * an override of an automatic mark. The attempt is graded again by the one engine with every
 * grader's mark in place of the engine's (scoring.ts graderFraction) and stored in one
 * transaction with the answer's mark, who and when (ADR 0069).
 *
 * Two graders marking two questions of one attempt at once must not lose either: the write is
 * a compare-and-set on the attempt's `answersVersion`, as the close is (close-attempt.ts). The
 * answer's update applies only while the version is the one read, and the attempt's update
 * bumps it; a grade that lost reads again and grades again. The same grade twice (a double
 * click) stores the same values twice.
 *
 * Another business's attempt, or one that never existed, is 404 to every caller (decisions.md
 * "Teachers read attempts"); a caller who may not grade the quiz is 403; a question not on the
 * attempt's paper is 404; a bad mark is 400 with its code and changes nothing.
 */
export async function gradeAnswer(services: AppServices, caller: Caller, input: unknown): Promise<{ result: GradedAnswer; becameGraded: boolean; attempt: QuizAttempt }> {
  const data = GradeInput.parse(input);
  const attempt = await loadAttemptOfBusiness(services, caller, data.takenQuizId);
  const [quiz] = await services.db.select({ teacherId: quizzes.teacherId }).from(quizzes).where(eq(quizzes.id, attempt.quizId)).limit(1);
  if (!quiz) throw new NotFound("taken quiz");
  assertMayGradeQuiz(caller, quiz);
  await rateLimit(services, [{ key: `grade:10m:${caller.userId}`, limit: GRADE_LIMITS.perTenMinutes, windowMs: 10 * MINUTE_MS }]);
  const [{ keys }, partIds] = await Promise.all([loadQuestionsKey(services, attempt.quizId), partIdsOf(services, attempt.id)]);
  // Only a question of this attempt's paper: one of the draws not drawn for it is no question of it (ADR 0077).
  const key = isOnPaper(attempt.paper, data.questionId) ? keys.find((question) => question.id === data.questionId) : undefined;
  if (!key) throw new NotFound("question");
  if (attempt.submittedAt === null) throw new Conflict(RESULT_MESSAGES.notFinished);
  const chosen = markOfGrade(key, data);

  for (let round = 0; round < MAX_ROUNDS; round++) {
    const read = await readForGrading(services, attempt.id);
    if (!read.answers.some((answer) => answer.questionId === data.questionId)) throw new Invalid(say("GRADE_NOT_ANSWERED"), { questionId: say("GRADE_NOT_ANSWERED") });
    const saved = read.answers.map((answer) => (answer.questionId === data.questionId ? { ...answer, graderFraction: chosen.fraction } : answer));
    const grade = gradeAttempt(keys, saved, read.rule, partIds);
    const [, attemptChanged] = await writeTogether(services.db, gradeStatements(services, caller, { attemptId: attempt.id, questionId: data.questionId, version: read.answersVersion }, chosen, data.comment, grade));
    if (attemptChanged === 1) {
      const gradingStatus = grade.pending > 0 ? "NeedsGrading" : "Graded";
      return {
        result: {
          ...say("GRADED_ANSWER"),
          code: "GRADED_ANSWER",
          entity: { takenQuizId: attempt.id, questionId: data.questionId, mark: chosen.markHundredths / 100, maxMark: (key.markHundredths ?? 100) / 100, percentage: grade.percentage, score: grade.score, gradingStatus },
        },
        becameGraded: read.gradingStatus === "NeedsGrading" && gradingStatus === "Graded",
        attempt,
      };
    }
  }
  throw new Error(`attempt ${attempt.id} kept changing while a question was being graded`);
}

/** The attempt in the caller's business, else the same 404 as for an id that never existed. */
async function loadAttemptOfBusiness(services: AppServices, caller: Caller, takenQuizId: number): Promise<QuizAttempt> {
  const [attempt] = await services.db
    .select()
    .from(quizAttempts)
    .where(and(eq(quizAttempts.id, takenQuizId), eq(quizAttempts.businessId, caller.businessId)))
    .limit(1);
  if (!attempt) throw new NotFound("taken quiz");
  return attempt;
}

/** The attempt's version, status and rule and its answers with the graders' marks, read in one transaction (so the version counts exactly these answers). */
async function readForGrading(services: AppServices, attemptId: number) {
  const db = services.db;
  const [[row], answers] = await db.batch([
    db
      .select({ answersVersion: quizAttempts.answersVersion, gradingStatus: quizAttempts.gradingStatus, negativeMarking: quizzes.negativeMarking, consecutiveWrongAnswersForNegativeMarking: quizzes.consecutiveWrongAnswersForNegativeMarking })
      .from(quizAttempts)
      .innerJoin(quizzes, eq(quizzes.id, quizAttempts.quizId))
      .where(eq(quizAttempts.id, attemptId)),
    db
      .select({ questionId: attemptAnswers.questionId, answer: attemptAnswers.selectedOptionIds, response: attemptAnswers.answer, gradedAt: attemptAnswers.gradedAt, fractionE7: attemptAnswers.fractionE7 })
      .from(attemptAnswers)
      .where(eq(attemptAnswers.attemptId, attemptId))
      .orderBy(asc(attemptAnswers.position)),
  ]);
  if (!row) throw new NotFound("taken quiz");
  return {
    answersVersion: row.answersVersion,
    gradingStatus: row.gradingStatus,
    rule: { negativeMarking: row.negativeMarking, consecutiveWrongAnswersForNegativeMarking: row.consecutiveWrongAnswersForNegativeMarking },
    answers: answers.map((answer): SavedAnswer => ({ questionId: answer.questionId, answer: answer.answer, response: answer.response ?? undefined, graderFraction: graderFractionOf(answer) })),
  };
}

/** A grader's stored mark as a fraction; null for a question only the engine marked. */
export function graderFractionOf(answer: { gradedAt: Date | null; fractionE7: number | null }): number | null {
  return answer.gradedAt !== null && answer.fractionE7 !== null ? answer.fractionE7 / 1e7 : null;
}

/**
 * The writes of one grade, each applying only while the attempt's version is the one read:
 * the answer's mark and its grader first (it still sees the old version), then the attempt's
 * totals with the version bumped, then the LMS grade's outbox row (issue 29: every mark changes
 * the score the LMS holds, PendingManual until the last essay is marked), which applies only at
 * the version this grade made (a grade that lost to another that made the same version queues
 * again what that one queued, then grades again). All apply or none does.
 */
function gradeStatements(
  services: AppServices,
  caller: Caller,
  at: { attemptId: number; questionId: number; version: number },
  chosen: ChosenMark,
  comment: string | undefined,
  grade: AttemptGrade,
) {
  const fractionE7 = Math.round(chosen.fraction * 1e7);
  const status = fractionE7 === 1e7 ? "yes" : fractionE7 === 0 ? "no" : "partial";
  return [
    {
      sql: `update attempt_answers set fraction_e7 = ?, answer_status = ?, graded_by = ?, graded_at = ?, grader_comment = ?, rubric_levels = ?
        where attempt_id = ? and question_id = ? and exists (select 1 from quiz_attempts where id = ? and answers_version = ? and submitted_at is not null)`,
      args: [fractionE7, status, caller.userId, services.now().getTime(), comment ?? null, chosen.rubricLevels ? JSON.stringify(chosen.rubricLevels) : null, at.attemptId, at.questionId, at.attemptId, at.version],
    },
    {
      sql: `update quiz_attempts set correct_answered = ?, negative_points = ?, percentage = ?, score_e7 = ?, total_mark_hundredths = ?, grading_status = ?, answers_version = answers_version + 1
        where id = ? and answers_version = ? and submitted_at is not null`,
      args: [
        grade.correctAnswered,
        grade.negativePoints,
        grade.percentage,
        Math.round(grade.score * 1e7),
        Math.round(grade.totalMarks * 100),
        grade.pending > 0 ? "NeedsGrading" : "Graded",
        at.attemptId,
        at.version,
      ],
    },
    queueGradeStatement({ attemptId: at.attemptId, answersVersion: at.version + 1, at: services.now().getTime() }),
  ];
}
