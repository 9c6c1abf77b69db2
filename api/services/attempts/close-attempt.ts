import type { AppServices } from "../core/app-services";
import type { QuizAttempt } from "../../../db/schema/attempts";
import { type AttemptWithEnd, secondsTaken } from "./deadline";
import { loadQuestionsKey } from "./answer-key";
import { gradeAttempt } from "./scoring";
import { onPaper } from "./attempt-paper";
import { type AttemptSnapshot, readAttemptSnapshot } from "./attempt-snapshot";
import { partIdsOf } from "./part-ids";
import { markingStatements, papersMarkings } from "./store-markings";
import { writeTogether } from "../../../db/write-together";
import type { RawStatement } from "../../../db/raw-batch";
import { queueGradeStatement } from "../lti/ags/queue-grade";

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
  let read = snapshot ?? null;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    // A save between the read and the close (the compare-and-set missed) makes it read again.
    read ??= await readAttemptSnapshot(services, attempt.id);
    if (!read) throw new Error(`attempt ${attempt.id} is gone`);
    const { attempt: current, answers: saved, rule } = read;
    if (current.submittedAt) return current;
    // Only the attempt's own paper counts, in its order (ADR 0077: a drawn paper is a part of the quiz's questions).
    const grade = gradeAttempt(onPaper(current.paper, keys), saved, rule, partIds);
    const now = services.now();
    const closing: Closing = {
      submittedAt: now.getTime(),
      correctAnswered: grade.correctAnswered,
      negativePoints: grade.negativePoints,
      percentage: grade.percentage,
      timeTaken: secondsTaken(current, now),
      // Whole numbers (quiz-score.ts keeps marks in 10⁻⁷ and hundredths): exact when read back.
      scoreE7: Math.round(grade.score * 1e7),
      totalMarkHundredths: Math.round(grade.totalMarks * 100),
      // decisions.md: an essay awaiting a grader leaves the percentage provisional.
      gradingStatus: grade.pending > 0 ? "NeedsGrading" : "Graded",
      attemptId: attempt.id,
      answersVersion: current.answersVersion,
    };
    // One write with any markings and the LMS grade's outbox row (issue 29: they go in the
    // close's own transaction, each guarded by this close having won, so a close and its LMS
    // send land together or not at all; a quiz no LMS links to costs one indexed look-up in it),
    // gathered with the other submits of the same moment into one transaction
    // (write-together.ts): a class submits in the same second.
    const [changed] = await writeTogether(db, [
      closeStatement(closing),
      ...(papersMarkings(keys) ? markingStatements(closing, grade) : []),
      queueGradeStatement({ attemptId: attempt.id, answersVersion: closing.answersVersion, submittedAt: closing.submittedAt, at: closing.submittedAt }),
    ]);
    if (changed === 1) {
      const { attemptId: _id, submittedAt, ...set } = closing;
      return { ...current, ...set, submittedAt: new Date(submittedAt) };
    }
    read = null;
  }
  throw new Error(`attempt ${attempt.id} kept changing while it was being graded`);
}

/** What a close writes on the attempt row, and the compare-and-set's key (the attempt and the answers' version it graded). */
interface Closing {
  submittedAt: number;
  correctAnswered: number;
  negativePoints: number;
  percentage: number;
  timeTaken: number;
  scoreE7: number;
  totalMarkHundredths: number;
  gradingStatus: "Graded" | "NeedsGrading";
  attemptId: number;
  answersVersion: number;
}

/** The close's compare-and-set as SQL text (write-together.ts), to run in one batch with the markings that must land with it. */
function closeStatement(closing: Closing): RawStatement {
  return {
    sql: `update quiz_attempts set submitted_at = ?, correct_answered = ?, negative_points = ?, percentage = ?, time_taken = ?, score_e7 = ?, total_mark_hundredths = ?, grading_status = ?
      where id = ? and submitted_at is null and answers_version = ?`,
    args: [
      closing.submittedAt,
      closing.correctAnswered,
      closing.negativePoints,
      closing.percentage,
      closing.timeTaken,
      closing.scoreE7,
      closing.totalMarkHundredths,
      closing.gradingStatus,
      closing.attemptId,
      closing.answersVersion,
    ],
  };
}
